import { NO_CURRENT_KEYS } from './collection-loading';
import type { CollectionTables, KeyRow } from './collection-tables';

interface Gathered {
  rows: KeyRow[];
  /** Documents written again: where their rows start among `rows`. */
  noted: Array<[id: string, offset: number]>;
}

/**
 * Key rows of collections being loaded, gathered while a write runs and written when it ends, a hundred a
 * statement: a statement a document (a handful of rows) cost a third more, about 0.8 µs a row. A document
 * written again learns only then the rowid its rows start at, for its note (see CollectionLoading).
 */
export class LoadingKeyRows<Owner extends { tables: CollectionTables }> {
  private readonly gathered = new Map<Owner, Gathered>();
  private count = 0;

  /** Rows gathered and not written yet. */
  get size(): number {
    return this.count;
  }

  add(owner: Owner, rows: readonly KeyRow[], noteAs?: string): void {
    let gathered = this.gathered.get(owner);
    if (!gathered) this.gathered.set(owner, (gathered = { rows: [], noted: [] }));
    if (noteAs !== undefined) gathered.noted.push([noteAs, gathered.rows.length]);
    for (const row of rows) gathered.rows.push(row);
    this.count += rows.length;
  }

  /** Writes the rows gathered (inside the write), telling `note` where each noted document's rows start. */
  write(note: (owner: Owner, id: string, from: number) => void): void {
    for (const [owner, { rows, noted }] of this.gathered) {
      // One call's rows take consecutive rowids.
      const first = owner.tables.insertKeyRows(rows);
      for (const [id, offset] of noted) note(owner, id, first === undefined ? NO_CURRENT_KEYS : first + offset);
    }
    this.clear();
  }

  /** Forgets the rows gathered: their write failed. */
  clear(): void {
    this.gathered.clear();
    this.count = 0;
  }
}
