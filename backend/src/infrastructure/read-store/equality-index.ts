import { DuplicateKeyError, type IndexSpec } from '@ringcheck/projections';
import { fieldKeys, keyOfPrimitive, splitPath, type IndexablePrimitive } from './index-keys';

/**
 * A secondary index of the embedded store: index key -> ids of the documents holding it.
 * Compound indexes key on the combination of their fields' keys; single-field ones also answer
 * equality lookups.
 */
export class EqualityIndex {
  readonly name: string;
  readonly unique: boolean;
  readonly fields: readonly string[];
  private readonly paths: readonly (readonly string[])[];
  private readonly entries = new Map<string, Set<string>>();

  constructor(
    private readonly collectionName: string,
    readonly spec: IndexSpec,
  ) {
    this.fields = Object.keys(spec.keys);
    if (this.fields.length === 0) throw new Error('An index needs at least one key');
    this.paths = this.fields.map(splitPath);
    this.unique = spec.unique === true;
    this.name = spec.name ?? defaultIndexName(spec.keys);
  }

  /** The field this index answers equality lookups on, if it is a single-field index. */
  get lookupField(): string | null {
    return this.fields.length === 1 ? this.fields[0] : null;
  }

  keysOf(doc: object): string[] {
    const perField = this.paths.map((parts) => fieldKeys(doc, parts));
    if (perField.length === 1) return perField[0];
    let combined = [''];
    for (const keys of perField) {
      combined = combined.flatMap((prefix) => keys.map((key) => `${prefix}${key.length}:${key}`));
    }
    return combined;
  }

  /** Throws DuplicateKeyError if another document already holds one of these keys. */
  assertUnique(id: string, doc: object, keys: readonly string[]): void {
    if (!this.unique) return;
    for (const key of keys) {
      const holders = this.entries.get(key);
      if (holders && (holders.size > 1 || !holders.has(id))) {
        throw new DuplicateKeyError(this.collectionName, this.keyValue(doc));
      }
    }
  }

  add(id: string, keys: readonly string[]): void {
    for (const key of keys) {
      let holders = this.entries.get(key);
      if (!holders) {
        holders = new Set();
        this.entries.set(key, holders);
      }
      holders.add(id);
    }
  }

  remove(id: string, keys: readonly string[]): void {
    for (const key of keys) {
      const holders = this.entries.get(key);
      if (!holders) continue;
      holders.delete(id);
      if (holders.size === 0) this.entries.delete(key);
    }
  }

  /** Ids of the documents whose field holds (or, for arrays, contains) one of the values. */
  lookup(values: readonly IndexablePrimitive[]): Set<string> {
    const ids = new Set<string>();
    for (const value of values) {
      const holders = this.entries.get(keyOfPrimitive(value));
      if (holders) for (const id of holders) ids.add(id);
    }
    return ids;
  }

  private keyValue(doc: object): Record<string, unknown> {
    const value: Record<string, unknown> = {};
    for (let i = 0; i < this.fields.length; i++) {
      let current: unknown = doc;
      for (const part of this.paths[i]) {
        current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[part] : undefined;
      }
      value[this.fields[i]] = current ?? null;
    }
    return value;
  }
}

export function defaultIndexName(keys: Record<string, 1 | -1>): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}
