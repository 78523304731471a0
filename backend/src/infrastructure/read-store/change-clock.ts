import type { ChangeScope, Document } from '@ringcheck/projections';

/** Values of one field whose last change is kept; past it they are all taken as changed, and it starts over. */
const VALUES_KEPT = 50_000;

interface FieldChanges {
  /** Every value counts as changed at this count at least (the field's tracking began, or started over). */
  since: number;
  at: Map<string, number>;
}

/**
 * When each collection last changed, in a count of changes that never goes back, for the change tokens
 * of Collection.changeToken. Asked once about a field of a collection (the owner of a call, say), it also
 * keeps when each value of that field last changed: a document changing counts for the value it held
 * before and the one it holds after, so an answer about one owner's calls stays valid while another
 * owner's calls change.
 */
export class ChangeClock {
  private count = 0;
  /** Every collection changed at this count at least: another connection's commit was noticed then. */
  private everythingAt = 0;
  private readonly collections = new Map<string, number>();
  private readonly fields = new Map<string, Map<string, FieldChanges>>();

  /** The collection changed: `versions` are the changed document before and after, or none when unknown. */
  changed(name: string, versions?: readonly (Document | undefined)[]): void {
    const now = ++this.count;
    this.collections.set(name, now);
    const fields = this.fields.get(name);
    if (!fields) return;
    for (const [field, changes] of fields) {
      const values = versions?.map((doc) => doc?.[field]);
      if (!values || values.some((value) => typeof value !== 'string' && value !== undefined && value !== null)) {
        startOver(changes, now);
        continue;
      }
      for (const value of values) if (typeof value === 'string') changes.at.set(value, now);
      if (changes.at.size > VALUES_KEPT) startOver(changes, now);
    }
  }

  /** Any collection may have changed (another connection committed). */
  changedEverything(): void {
    this.everythingAt = ++this.count;
    this.collections.clear();
    this.fields.clear();
  }

  token(name: string, scope?: ChangeScope): string {
    const collectionAt = Math.max(this.collections.get(name) ?? 0, this.everythingAt);
    if (!scope) return `${name}@${collectionAt}`;
    let fields = this.fields.get(name);
    if (!fields) this.fields.set(name, (fields = new Map()));
    let changes = fields.get(scope.field);
    // Changes before now were not told apart by value: each value counts as changed when tracking began.
    if (!changes) fields.set(scope.field, (changes = { since: collectionAt, at: new Map() }));
    let at = Math.max(changes.since, this.everythingAt);
    for (const value of scope.values) at = Math.max(at, changes.at.get(value) ?? 0);
    return `${name}@${at}/${scope.field}`;
  }
}

function startOver(changes: FieldChanges, now: number): void {
  changes.since = now;
  changes.at.clear();
}
