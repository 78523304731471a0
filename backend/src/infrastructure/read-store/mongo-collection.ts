import type {
  BulkOperation,
  BulkWriteOptions,
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexBuildOptions,
  IndexSpec,
  Update,
  UpdateOptions,
  UpdateResult,
} from '@ringcheck/projections';
import type {
  AnyBulkWriteOperation,
  Collection as DriverCollection,
  Document as DriverDocument,
  Filter as DriverFilter,
  UpdateResult as DriverUpdateResult,
} from 'mongodb';
import { mergeAnswers, splitInFilter } from './in-filter-split';
import { translateWriteError } from './mongo-errors';

/** Documents in the first batch of a find (MongoDB's default is 101); 16 MB bounds a batch anyway. */
const FIRST_BATCH_MAX = 5000;
/**
 * Statements per write command. FerretDB 1.24 keeps each statement's read of an update command open, with
 * its connection to its backend, until the whole command ends, and needs one more connection to write: a
 * command of more statements than its pool holds (50 on PostgreSQL, 100 on SQLite) never ends, and stops
 * the server for every client. Small commands in order keep a projection catching up from doing that.
 */
const WRITE_COMMAND_MAX = 10;
/**
 * Commands of an unordered write in flight at once. Each of FerretDB's statements is a transaction of its
 * backend, committed (and synced) on its own: side by side they share the syncs. 40 upserts of 4 kB on
 * FerretDB over PostgreSQL took 45-52 ms in order, 29-31 ms as four commands at once. Kept small for the
 * connections each command holds (see WRITE_COMMAND_MAX).
 */
const WRITE_COMMANDS_AT_ONCE = 3;
/** Queries of a split `$in` in flight at once (see in-filter-split.ts). */
const SPLIT_QUERIES_AT_ONCE = 8;

export interface MongoCollectionOptions {
  /** Whether a `$in` is asked as one equality query per value: for servers that scan for `$in` (FerretDB). */
  splitIn?: boolean;
}

/**
 * One collection of the MongoDB read store: the port's methods map one-to-one onto the driver's, with
 * its errors turned into the port's (DuplicateKeyError, StoreUnavailableError).
 */
export class MongoCollection<T extends Document = Document> implements Collection<T> {
  constructor(
    private readonly collection: DriverCollection<DriverDocument>,
    private readonly options: MongoCollectionOptions = {},
  ) {}

  get name(): string {
    return this.collection.collectionName;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const split = this.splittable(filter, options);
    if (split) {
      const answers = await inTurns(split, SPLIT_QUERIES_AT_ONCE, (one) => this.findOnce(one, options));
      const merged = mergeAnswers(answers, options.sort, options.limit);
      if (merged) return merged;
    }
    return this.findOnce(filter, options);
  }

  private async findOnce(filter: Filter, options: FindOptions): Promise<T[]> {
    let cursor = this.collection.find(filter as DriverFilter<DriverDocument>);
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    if (options.projection) cursor = cursor.project(options.projection);
    // Everything asked for in the first answer where it fits: a server holds an open cursor's resources
    // between batches (FerretDB a PostgreSQL connection), and many open at once starved FerretDB of them.
    cursor = cursor.batchSize(Math.min(options.limit || FIRST_BATCH_MAX, FIRST_BATCH_MAX));
    return (await this.guard(() => cursor.toArray())) as unknown as T[];
  }

  async findOne(filter: Filter): Promise<T | null> {
    if (this.splittable(filter, {})) return (await this.find(filter, { limit: 1 }))[0] ?? null;
    return (await this.guard(() => this.collection.findOne(filter as DriverFilter<DriverDocument>))) as unknown as T | null;
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return this.guard(() => this.collection.countDocuments(filter as DriverFilter<DriverDocument>));
  }

  async insertOne(doc: T): Promise<void> {
    await this.guard(() => this.collection.insertOne({ ...doc } as DriverDocument));
  }

  async replaceOne(filter: Filter, doc: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    const result = await this.guard(() =>
      this.collection.replaceOne(filter as DriverFilter<DriverDocument>, doc, { upsert: options.upsert === true }),
    );
    return toUpdateResult(result as DriverUpdateResult);
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const result = await this.guard(() =>
      this.collection.updateOne(filter as DriverFilter<DriverDocument>, update, { upsert: options.upsert === true }),
    );
    return toUpdateResult(result);
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.guard(() => this.collection.deleteOne(filter as DriverFilter<DriverDocument>))).deletedCount;
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    return (await this.guard(() => this.collection.deleteMany(filter as DriverFilter<DriverDocument>))).deletedCount;
  }

  async bulkWrite(operations: BulkOperation<T>[], options: BulkWriteOptions = {}): Promise<void> {
    const commands: AnyBulkWriteOperation<DriverDocument>[][] = [];
    for (let start = 0; start < operations.length; start += WRITE_COMMAND_MAX) {
      commands.push(operations.slice(start, start + WRITE_COMMAND_MAX).map(toDriverOperation));
    }
    if (options.ordered !== false) {
      for (const command of commands) await this.guard(() => this.collection.bulkWrite(command, { ordered: true }));
      return;
    }
    // Every command is let finish before a failure is answered: the caller may write the same documents next.
    let next = 0;
    const failures: unknown[] = [];
    const worker = async () => {
      while (next < commands.length) {
        const command = commands[next++];
        await this.guard(() => this.collection.bulkWrite(command, { ordered: false })).catch((error: unknown) => failures.push(error));
      }
    };
    await Promise.all(Array.from({ length: Math.min(WRITE_COMMANDS_AT_ONCE, commands.length) }, worker));
    if (failures.length > 0) throw failures[0];
  }

  async createIndex(index: IndexSpec): Promise<void> {
    await this.guard(() =>
      this.collection.createIndex(index.keys, {
        unique: index.unique === true,
        ...(index.name ? { name: index.name } : {}),
      }),
    );
  }

  /** Built at once, even while `loading`: MongoDB indexes a collection as it is written anyway. */
  async createIndexes(indexes: readonly IndexSpec[], _options: IndexBuildOptions = {}): Promise<void> {
    for (const index of indexes) await this.createIndex(index);
  }

  /** The per-value filters when this server scans for `$in` and the query allows merging their answers. */
  private splittable(filter: Filter, options: FindOptions): Filter[] | null {
    // A projection may leave out what the merge needs: the _id it dedupes by, the fields it sorts by.
    if (!this.options.splitIn || options.skip || options.projection) return null;
    return splitInFilter(filter);
  }

  private async guard<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (error) {
      throw translateWriteError(this.name, error);
    }
  }
}

/** `work` over every item, at most `atOnce` at a time; the answers in the items' order. */
async function inTurns<I, R>(items: readonly I[], atOnce: number, work: (item: I) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return answers;
}

function toDriverOperation<T extends Document>(operation: BulkOperation<T>): AnyBulkWriteOperation<DriverDocument> {
  if ('insertOne' in operation) return { insertOne: { document: { ...operation.insertOne.document } as DriverDocument } };
  if ('replaceOne' in operation) {
    const { filter, replacement, upsert } = operation.replaceOne;
    return { replaceOne: { filter: filter as DriverFilter<DriverDocument>, replacement, upsert: upsert === true } };
  }
  if ('updateOne' in operation) {
    const { filter, update, upsert } = operation.updateOne;
    return { updateOne: { filter: filter as DriverFilter<DriverDocument>, update, upsert: upsert === true } };
  }
  return { deleteOne: { filter: operation.deleteOne.filter as DriverFilter<DriverDocument> } };
}

function toUpdateResult(result: DriverUpdateResult): UpdateResult {
  return {
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    upsertedId: result.upsertedId === null || result.upsertedId === undefined ? null : String(result.upsertedId),
  };
}
