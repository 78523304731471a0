import { DuplicateKeyError, type Document, type IndexSpec } from '@ringcheck/projections';
import { EqualityIndex } from './equality-index';

/** A stored document with whether its file encoding needs tagged values (dates, NaN, ±Infinity). */
export interface StoredDocument {
  doc: Document;
  tagged: boolean;
}

/**
 * The in-memory contents of one embedded collection: documents by `_id` in insertion order, and its
 * secondary indexes kept in step with every write.
 */
export class CollectionState {
  readonly documents = new Map<string, StoredDocument>();
  private readonly indexes = new Map<string, EqualityIndex>();
  private readonly lookupIndexes = new Map<string, EqualityIndex>();

  constructor(readonly name: string) {}

  get indexSpecs(): IndexSpec[] {
    return [...this.indexes.values()].map((index) => ({ ...index.spec, name: index.name }));
  }

  get lookupFields(): ReadonlySet<string> {
    return new Set(this.lookupIndexes.keys());
  }

  lookupIndex(field: string): EqualityIndex | undefined {
    return this.lookupIndexes.get(field);
  }

  /** Adds an index over the current documents; false when an identical one already exists. */
  addIndex(spec: IndexSpec): boolean {
    const index = new EqualityIndex(this.name, spec);
    if (index.fields.length === 1 && index.fields[0] === '_id') return false;
    const existing = this.indexes.get(index.name) ?? [...this.indexes.values()].find((other) => sameKeys(other.spec, spec));
    if (existing) {
      if (existing.unique === index.unique && sameKeys(existing.spec, spec) && existing.name === index.name) return false;
      throw new Error(`An index named ${existing.name} already exists on ${this.name} with different options`);
    }
    for (const [id, stored] of this.documents) {
      const keys = index.keysOf(stored.doc);
      index.assertUnique(id, stored.doc, keys);
      index.add(id, keys);
    }
    this.indexes.set(index.name, index);
    const field = index.lookupField;
    if (field && !field.split('.').some((part) => /^\d+$/.test(part)) && !this.lookupIndexes.has(field)) {
      this.lookupIndexes.set(field, index);
    }
    return true;
  }

  /** Inserts or replaces the document with this id; nothing changes if a unique index refuses it. */
  put(id: string, next: StoredDocument): void {
    const previous = this.documents.get(id);
    if (this.indexes.size > 0) {
      const changes: [EqualityIndex, string[], string[] | null][] = [];
      for (const index of this.indexes.values()) {
        const keys = index.keysOf(next.doc);
        index.assertUnique(id, next.doc, keys);
        changes.push([index, keys, previous ? index.keysOf(previous.doc) : null]);
      }
      for (const [index, keys, previousKeys] of changes) {
        if (previousKeys) index.remove(id, previousKeys);
        index.add(id, keys);
      }
    }
    this.documents.set(id, next);
  }

  insert(id: string, next: StoredDocument): void {
    if (this.documents.has(id)) throw new DuplicateKeyError(this.name, { _id: id });
    this.put(id, next);
  }

  remove(id: string): boolean {
    const previous = this.documents.get(id);
    if (!previous) return false;
    for (const index of this.indexes.values()) index.remove(id, index.keysOf(previous.doc));
    this.documents.delete(id);
    return true;
  }
}

function sameKeys(a: IndexSpec, b: IndexSpec): boolean {
  const aEntries = Object.entries(a.keys);
  const bEntries = Object.entries(b.keys);
  return aEntries.length === bEntries.length && aEntries.every(([field, dir], i) => bEntries[i][0] === field && bEntries[i][1] === dir);
}
