import { randomBytes } from 'node:crypto';
import type {
  BulkOperation,
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  Update,
  UpdateOptions,
  UpdateResult,
} from '@ringcheck/projections';
import { Query } from 'mingo';
import type { CollectionState, StoredDocument } from './collection-state';
import { cloneStored, copyDocument } from './document-copy';
import { sameValue } from './document-equality';
import { planFilter } from './filter-plan';
import { applyUpdate, upsertSeed } from './update-application';

/** What a collection handle needs from the embedded store that owns it. */
export interface CollectionHost {
  existingState(name: string): CollectionState | undefined;
  /** The collection's state, creating the collection if it does not exist yet. */
  ensureState(name: string): CollectionState;
  documentChanged(name: string, id: string): void;
  indexesChanged(name: string): void;
}

const NOT_UPDATED: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedId: null };

/**
 * One collection of the embedded read store. Handles stay valid across dropCollection (like MongoDB's):
 * every call looks the collection's state up by name.
 */
export class EmbeddedCollection<T extends Document = Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly host: CollectionHost,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const state = this.host.existingState(this.name);
    if (!state) return [];
    let results = this.matching(state, filter, false).map((stored) => stored.doc);
    const { sort, skip, limit, projection } = options;
    if (sort || skip || limit || projection) {
      let cursor = new Query({}, {}).find<Document>(results, projection);
      if (sort && Object.keys(sort).length > 0) cursor = cursor.sort(sort);
      if (skip) cursor = cursor.skip(skip);
      if (limit) cursor = cursor.limit(limit);
      results = cursor.all();
    }
    return results.map((doc) => cloneStored(doc) as T);
  }

  async findOne(filter: Filter): Promise<T | null> {
    const state = this.host.existingState(this.name);
    const [match] = state ? this.matching(state, filter, true) : [];
    return match ? (cloneStored(match.doc) as T) : null;
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    const state = this.host.existingState(this.name);
    if (!state) return 0;
    if (Object.keys(filter).length === 0) return state.documents.size;
    return this.matching(state, filter, false).length;
  }

  async insertOne(doc: T): Promise<void> {
    const { value, needsTags } = copyDocument(doc);
    this.host.ensureState(this.name).insert(value._id, { doc: value, tagged: needsTags });
    this.host.documentChanged(this.name, value._id);
  }

  async replaceOne(filter: Filter, doc: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.replace(filter, doc, options.upsert === true);
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.update(filter, update, options.upsert === true);
  }

  async deleteOne(filter: Filter): Promise<number> {
    return this.delete(filter, true);
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    return this.delete(filter, false);
  }

  async bulkWrite(operations: BulkOperation<T>[]): Promise<void> {
    for (const operation of operations) {
      if ('replaceOne' in operation) {
        const { filter, replacement, upsert } = operation.replaceOne;
        this.replace(filter, replacement, upsert === true);
      } else if ('updateOne' in operation) {
        const { filter, update, upsert } = operation.updateOne;
        this.update(filter, update, upsert === true);
      } else if ('deleteOne' in operation) {
        this.delete(operation.deleteOne.filter, true);
      } else {
        throw new Error(`Unknown bulk operation: ${JSON.stringify(Object.keys(operation))}`);
      }
    }
  }

  async createIndex(index: IndexSpec): Promise<void> {
    const existed = this.host.existingState(this.name) !== undefined;
    const added = this.host.ensureState(this.name).addIndex(index);
    if (added || !existed) this.host.indexesChanged(this.name);
  }

  private replace(filter: Filter, replacement: T, upsert: boolean): UpdateResult {
    if (Object.keys(replacement).some((key) => key.startsWith('$'))) {
      throw new Error('A replacement document must not contain update operators');
    }
    const state = this.host.existingState(this.name);
    const [match] = state ? this.matching(state, filter, true) : [];
    if (match) {
      const id = match.doc._id;
      if (replacement._id !== undefined && replacement._id !== id) {
        throw new Error("The replacement would modify the immutable field '_id'");
      }
      const { value, needsTags } = copyDocument(replacement, id);
      if (sameValue(value, match.doc)) return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
      state!.put(id, { doc: value, tagged: needsTags });
      this.host.documentChanged(this.name, id);
      return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
    }
    if (!upsert) return NOT_UPDATED;
    const id = replacement._id ?? upsertSeed(filter)._id ?? newId();
    const { value, needsTags } = copyDocument(replacement, id as string);
    this.host.ensureState(this.name).insert(value._id, { doc: value, tagged: needsTags });
    this.host.documentChanged(this.name, value._id);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: value._id };
  }

  private update(filter: Filter, update: Update, upsert: boolean): UpdateResult {
    const state = this.host.existingState(this.name);
    const [match] = state ? this.matching(state, filter, true) : [];
    if (match) {
      const working = cloneStored(match.doc);
      const { changed, needsTags } = applyUpdate(working, update, { filter, inserting: false });
      if (!changed) return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
      state!.put(working._id, { doc: working, tagged: match.tagged || needsTags });
      this.host.documentChanged(this.name, working._id);
      return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
    }
    if (!upsert) return NOT_UPDATED;
    const seed = upsertSeed(filter);
    seed._id ??= newId();
    applyUpdate(seed, update, { inserting: true });
    const { value, needsTags } = copyDocument(seed as Document, seed._id as string);
    this.host.ensureState(this.name).insert(value._id, { doc: value, tagged: needsTags });
    this.host.documentChanged(this.name, value._id);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: value._id };
  }

  private delete(filter: Filter, firstOnly: boolean): number {
    const state = this.host.existingState(this.name);
    if (!state) return 0;
    const matches = this.matching(state, filter, firstOnly);
    for (const { doc } of matches) {
      state.remove(doc._id);
      this.host.documentChanged(this.name, doc._id);
    }
    return matches.length;
  }

  /** The stored documents matching the filter (not copies: callers copy before handing them out). */
  private matching(state: CollectionState, filter: Filter, firstOnly: boolean): StoredDocument[] {
    const plan = planFilter(filter, state.lookupFields);
    const matches: StoredDocument[] = [];
    if (plan.kind === 'ids' && plan.exact) {
      for (const id of plan.ids) {
        const stored = state.documents.get(id);
        if (stored) {
          matches.push(stored);
          if (firstOnly) break;
        }
      }
      return matches;
    }
    const query = new Query(filter, {});
    const candidates: Iterable<StoredDocument> =
      plan.kind === 'scan' ? state.documents.values() : this.candidates(state, plan);
    for (const stored of candidates) {
      if (query.test(stored.doc)) {
        matches.push(stored);
        if (firstOnly) break;
      }
    }
    return matches;
  }

  private *candidates(
    state: CollectionState,
    plan: { kind: 'ids'; ids: string[] } | { kind: 'index'; field: string; values: (string | number | boolean)[] },
  ): Generator<StoredDocument> {
    const ids = plan.kind === 'ids' ? plan.ids : state.lookupIndex(plan.field)!.lookup(plan.values);
    for (const id of ids) {
      const stored = state.documents.get(id);
      if (stored) yield stored;
    }
  }
}

function newId(): string {
  return randomBytes(12).toString('hex');
}
