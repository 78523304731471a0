/**
 * The behaviour every ReadStore adapter must show, written once and run against each adapter
 * (embedded-read-store.spec.ts, mongo-read-store.spec.ts).
 */
import { DuplicateKeyError, type Document, type IndexSpec, type ReadStore } from '@ringcheck/projections';

export interface ReadStoreFixture {
  store: ReadStore;
  /** Opens another store on the same data, while `store` stays open (as after a crash). */
  reopen?: () => Promise<ReadStore>;
  /** Closes every store the fixture opened and deletes its data. */
  cleanup: () => Promise<void>;
}

interface Business extends Document {
  name: string;
  phone: string;
  city: string;
  rating?: number | null;
  tags: string[];
  address: { street: string; zip: string };
  calls?: number;
}

const businesses: Business[] = [
  {
    _id: 'b1',
    name: 'Alder Dental',
    phone: '+1-202-555-0101',
    city: 'Springfield',
    rating: 4.5,
    tags: ['dental', 'family'],
    address: { street: '1 Elm St', zip: '10001' },
    calls: 3,
  },
  {
    _id: 'b2',
    name: 'Birch Plumbing',
    phone: '+1-202-555-0102',
    city: 'Shelbyville',
    rating: 3.8,
    tags: ['plumbing'],
    address: { street: '2 Oak Ave', zip: '10002' },
    calls: 0,
  },
  {
    _id: 'b3',
    name: 'Cedar Bakery',
    phone: '+1-202-555-0103',
    city: 'Springfield',
    rating: 4.9,
    tags: ['food', 'family'],
    address: { street: '3 Pine Rd', zip: '10001' },
  },
  {
    _id: 'b4',
    name: 'Dogwood Vets',
    phone: '+1-202-555-0104',
    city: 'Capital City',
    rating: null,
    tags: [],
    address: { street: '4 Ash Ln', zip: '10004' },
    calls: 7,
  },
];

const ids = (docs: Document[]): string[] => docs.map((doc) => doc._id);
const sortedIds = (docs: Document[]): string[] => ids(docs).sort();

export function describeReadStoreContract(name: string, factory: () => Promise<ReadStoreFixture>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let fixture: ReadStoreFixture;
    let store: ReadStore;

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    async function seeded() {
      const collection = store.collection<Business>('businesses');
      for (const business of businesses) await collection.insertOne(business);
      return collection;
    }

    describe('filters', () => {
      it('matches on equality and $in, including on _id', async () => {
        const collection = await seeded();
        expect(sortedIds(await collection.find({ city: 'Springfield' }))).toEqual(['b1', 'b3']);
        expect(sortedIds(await collection.find({ city: { $in: ['Shelbyville', 'Capital City'] } }))).toEqual(['b2', 'b4']);
        expect(sortedIds(await collection.find({ _id: { $in: ['b3', 'b1', 'missing'] } }))).toEqual(['b1', 'b3']);
        expect(await collection.findOne({ _id: 'b2' })).toEqual(businesses[1]);
        expect(await collection.findOne({ _id: 'missing' })).toBeNull();
        expect(sortedIds(await collection.find())).toEqual(['b1', 'b2', 'b3', 'b4']);
      });

      it('answers $in with a sort, a limit and other conditions as one query, each document once', async () => {
        const collection = await seeded();
        const springfieldOrCapital = { city: { $in: ['Springfield', 'Capital City', 'Nowhere'] } };
        expect(ids(await collection.find(springfieldOrCapital, { sort: { rating: -1 } }))).toEqual(['b3', 'b1', 'b4']);
        expect(ids(await collection.find(springfieldOrCapital, { sort: { rating: 1 }, limit: 2 }))).toEqual(['b4', 'b1']);
        expect(ids(await collection.find({ ...springfieldOrCapital, 'address.zip': '10001' }, { sort: { name: -1 } }))).toEqual(['b3', 'b1']);
        // A multikey field holding two of the values is still one answer.
        expect(ids(await collection.find({ tags: { $in: ['family', 'dental'] } }, { sort: { _id: 1 } }))).toEqual(['b1', 'b3']);
        expect((await collection.findOne({ _id: { $in: ['missing', 'b2'] } }))?._id).toBe('b2');
        expect(await collection.findOne({ _id: { $in: ['missing'] } })).toBeNull();
        const cities = await collection.find({ _id: { $in: ['b1', 'b2'] } }, { projection: { _id: 0, city: 1 } });
        expect(cities.map((doc) => (doc as unknown as { city: string }).city).sort()).toEqual(['Shelbyville', 'Springfield']);
      });

      it('compares with $gt, $gte, $lt and $ne', async () => {
        const collection = await seeded();
        expect(sortedIds(await collection.find({ rating: { $gt: 4.5 } }))).toEqual(['b3']);
        expect(sortedIds(await collection.find({ rating: { $gte: 4.5 } }))).toEqual(['b1', 'b3']);
        expect(sortedIds(await collection.find({ rating: { $lt: 4.5 } }))).toEqual(['b2']);
        expect(sortedIds(await collection.find({ rating: { $gt: 3, $lt: 4.6 } }))).toEqual(['b1', 'b2']);
        expect(sortedIds(await collection.find({ city: { $ne: 'Springfield' } }))).toEqual(['b2', 'b4']);
      });

      it('tests presence with $exists and null', async () => {
        const collection = await seeded();
        expect(sortedIds(await collection.find({ calls: { $exists: true } }))).toEqual(['b1', 'b2', 'b4']);
        expect(sortedIds(await collection.find({ calls: { $exists: false } }))).toEqual(['b3']);
        expect(sortedIds(await collection.find({ rating: null }))).toEqual(['b4']);
      });

      it('combines conditions with $or and $and', async () => {
        const collection = await seeded();
        expect(sortedIds(await collection.find({ $or: [{ city: 'Shelbyville' }, { rating: { $gt: 4.8 } }] }))).toEqual([
          'b2',
          'b3',
        ]);
        expect(sortedIds(await collection.find({ $and: [{ city: 'Springfield' }, { calls: { $exists: true } }] }))).toEqual([
          'b1',
        ]);
        expect(sortedIds(await collection.find({ city: 'Springfield', rating: { $lt: 4.8 } }))).toEqual(['b1']);
      });

      it('follows dotted paths into sub-documents', async () => {
        const collection = await seeded();
        expect(sortedIds(await collection.find({ 'address.zip': '10001' }))).toEqual(['b1', 'b3']);
        expect(sortedIds(await collection.find({ 'address.street': { $in: ['4 Ash Ln'] } }))).toEqual(['b4']);
      });

      it('matches an array field that contains the value', async () => {
        const collection = await seeded();
        expect(sortedIds(await collection.find({ tags: 'family' }))).toEqual(['b1', 'b3']);
        expect(sortedIds(await collection.find({ tags: { $in: ['plumbing', 'food'] } }))).toEqual(['b2', 'b3']);
        expect(sortedIds(await collection.find({ tags: { $size: 0 } }))).toEqual(['b4']);
      });
    });

    describe('find options', () => {
      it('sorts on several keys, ascending and descending', async () => {
        const collection = await seeded();
        expect(ids(await collection.find({}, { sort: { city: 1, name: -1 } }))).toEqual(['b4', 'b2', 'b3', 'b1']);
        expect(ids(await collection.find({ rating: { $ne: null } }, { sort: { rating: -1 } }))).toEqual(['b3', 'b1', 'b2']);
      });

      it('applies skip and limit after sorting', async () => {
        const collection = await seeded();
        expect(ids(await collection.find({}, { sort: { name: 1 }, limit: 2 }))).toEqual(['b1', 'b2']);
        expect(ids(await collection.find({}, { sort: { name: 1 }, skip: 1, limit: 2 }))).toEqual(['b2', 'b3']);
        expect(ids(await collection.find({}, { sort: { name: -1 }, skip: 3 }))).toEqual(['b1']);
      });

      it('answers a shared read as it answers a copied one', async () => {
        const collection = await seeded();
        const options = { sort: { name: 1 as const }, limit: 3 };
        expect(await collection.find({}, { ...options, shared: true })).toEqual(await collection.find({}, options));
        const excluded = { ...options, projection: { address: 0 as const } };
        expect(await collection.find({}, { ...excluded, shared: true })).toEqual(await collection.find({}, excluded));
      });

      it('projects included or excluded fields', async () => {
        const collection = await seeded();
        expect(await collection.find({ _id: 'b1' }, { projection: { name: 1, 'address.zip': 1 } })).toEqual([
          { _id: 'b1', name: 'Alder Dental', address: { zip: '10001' } },
        ]);
        expect(await collection.find({ _id: 'b2' }, { projection: { _id: 0, city: 1 } })).toEqual([{ city: 'Shelbyville' }]);
        expect(await collection.find({}, { sort: { name: -1 }, limit: 2, projection: { _id: 1 } })).toEqual([
          { _id: 'b4' },
          { _id: 'b3' },
        ]);
        const [withoutTags] = await collection.find({ _id: 'b2' }, { projection: { tags: 0, address: 0 } });
        expect(withoutTags).toEqual({
          _id: 'b2',
          name: 'Birch Plumbing',
          phone: '+1-202-555-0102',
          city: 'Shelbyville',
          rating: 3.8,
          calls: 0,
        });
      });

      it('leaves the stored document whole after a projection reaching into it', async () => {
        const collection = await seeded();
        const [whole] = await collection.find({ _id: 'b1' });
        expect(await collection.find({ _id: 'b1' }, { projection: { 'address.zip': 0 } })).toEqual([
          { ...whole, address: Object.fromEntries(Object.entries(whole.address as object).filter(([key]) => key !== 'zip')) },
        ]);
        expect(await collection.find({ _id: 'b1' }, { projection: { 'address.zip': 1 } })).toEqual([{ _id: 'b1', address: { zip: '10001' } }]);
        expect(await collection.findOne({ _id: 'b1' })).toEqual(whole);
        expect(await collection.find({ name: whole.name }, { projection: { address: 0 } })).toEqual([
          Object.fromEntries(Object.entries(whole).filter(([key]) => key !== 'address')),
        ]);
        expect(await collection.find({ _id: 'b1' })).toEqual([whole]);
      });

      it('counts documents with and without a filter', async () => {
        const collection = await seeded();
        expect(await collection.countDocuments()).toBe(4);
        expect(await collection.countDocuments({ tags: 'family' })).toBe(2);
        expect(await collection.countDocuments({ city: 'Nowhere' })).toBe(0);
        expect(await store.collection('never_written').countDocuments()).toBe(0);
        expect(await store.collection('never_written').find()).toEqual([]);
      });
    });

    describe('inserting and replacing', () => {
      it('refuses a second document with the same _id', async () => {
        const collection = await seeded();
        const error = await collection.insertOne({ ...businesses[0], name: 'Other' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).collectionName).toBe('businesses');
        expect((await collection.findOne({ _id: 'b1' }))?.name).toBe('Alder Dental');
      });

      it('replaces a matching document whole', async () => {
        const collection = await seeded();
        const replacement: Business = { ...businesses[0], name: 'Alder Dental Group', tags: ['dental'] };
        delete replacement.calls;
        const result = await collection.replaceOne({ _id: 'b1' }, replacement);
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        expect(await collection.findOne({ _id: 'b1' })).toEqual(replacement);
      });

      it('replaces the first match of a non-_id filter and keeps its _id', async () => {
        const collection = await seeded();
        const result = await collection.replaceOne({ city: 'Shelbyville' }, { ...businesses[1], _id: 'b2', rating: 4 });
        expect(result.matchedCount).toBe(1);
        expect((await collection.findOne({ _id: 'b2' }))?.rating).toBe(4);
      });

      it('does nothing without upsert when nothing matches, and inserts with upsert', async () => {
        const collection = await seeded();
        const fresh: Business = { ...businesses[0], _id: 'b5', name: 'Elm Florist' };
        expect(await collection.replaceOne({ _id: 'b5' }, fresh)).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
        expect(await collection.findOne({ _id: 'b5' })).toBeNull();
        expect(await collection.replaceOne({ _id: 'b5' }, fresh, { upsert: true })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedId: 'b5',
        });
        expect(await collection.findOne({ _id: 'b5' })).toEqual(fresh);
      });
    });

    describe('updating', () => {
      it('applies $set, $inc, $push, $addToSet and $unset', async () => {
        const collection = await seeded();
        const result = await collection.updateOne(
          { _id: 'b1' },
          { $set: { 'address.zip': '10009', city: 'Ogdenville' }, $inc: { calls: 2 }, $push: { tags: 'open-late' }, $unset: { rating: '' } },
        );
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        await collection.updateOne({ _id: 'b1' }, { $addToSet: { tags: 'dental' } });
        await collection.updateOne({ _id: 'b1' }, { $addToSet: { tags: 'emergency' } });
        expect(await collection.findOne({ _id: 'b1' })).toEqual({
          _id: 'b1',
          name: 'Alder Dental',
          phone: '+1-202-555-0101',
          city: 'Ogdenville',
          tags: ['dental', 'family', 'open-late', 'emergency'],
          address: { street: '1 Elm St', zip: '10009' },
          calls: 5,
        });
      });

      it('creates missing fields with $inc and $push', async () => {
        const collection = await seeded();
        await collection.updateOne({ _id: 'b3' }, { $inc: { calls: 1 }, $push: { 'history.changes': 'opened' } });
        const updated = await collection.findOne({ _id: 'b3' });
        expect(updated?.calls).toBe(1);
        expect(updated?.history).toEqual({ changes: ['opened'] });
      });

      it('reports no modification when the update changes nothing', async () => {
        const collection = await seeded();
        expect(await collection.updateOne({ _id: 'b2' }, { $set: { city: 'Shelbyville' } })).toEqual({
          matchedCount: 1,
          modifiedCount: 0,
          upsertedId: null,
        });
        expect(await collection.updateOne({ _id: 'nobody' }, { $set: { city: 'X' } })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedId: null,
        });
        expect(await collection.countDocuments()).toBe(4);
      });

      it('upserts from the filter, applying $setOnInsert only when inserting', async () => {
        const counters = store.collection('daily_counters');
        const filter = { _id: 'b1:2030-01-15', businessId: 'b1' };
        const update = { $inc: { calls: 1 }, $setOnInsert: { firstCallAt: '2030-01-15T09:00:00.000Z' } };
        expect(await counters.updateOne(filter, update, { upsert: true })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedId: 'b1:2030-01-15',
        });
        expect(await counters.updateOne(filter, { ...update, $setOnInsert: { firstCallAt: 'later' } }, { upsert: true })).toEqual({
          matchedCount: 1,
          modifiedCount: 1,
          upsertedId: null,
        });
        expect(await counters.findOne({ _id: 'b1:2030-01-15' })).toEqual({
          _id: 'b1:2030-01-15',
          businessId: 'b1',
          calls: 2,
          firstCallAt: '2030-01-15T09:00:00.000Z',
        });
      });

      it('refuses an update without operators', async () => {
        const collection = await seeded();
        await expect(collection.updateOne({ _id: 'b1' }, { name: 'Replaced' })).rejects.toThrow();
        expect((await collection.findOne({ _id: 'b1' }))?.name).toBe('Alder Dental');
      });
    });

    describe('deleting', () => {
      it('deletes one match, then many, then all', async () => {
        const collection = await seeded();
        expect(await collection.deleteOne({ _id: 'b1' })).toBe(1);
        expect(await collection.deleteOne({ _id: 'b1' })).toBe(0);
        expect(await collection.deleteOne({ city: 'Springfield' })).toBe(1);
        expect(sortedIds(await collection.find())).toEqual(['b2', 'b4']);
        await collection.insertOne(businesses[0]);
        expect(await collection.deleteMany({ tags: { $in: ['dental', 'plumbing'] } })).toBe(2);
        expect(await collection.deleteMany()).toBe(1);
        expect(await collection.countDocuments()).toBe(0);
      });
    });

    describe('bulkWrite', () => {
      it('applies replaceOne, updateOne and deleteOne in order', async () => {
        const collection = await seeded();
        await collection.bulkWrite([
          { replaceOne: { filter: { _id: 'b5' }, replacement: { ...businesses[1], _id: 'b5', name: 'Fir Books' }, upsert: true } },
          { updateOne: { filter: { _id: 'b5' }, update: { $inc: { calls: 10 } } } },
          { updateOne: { filter: { _id: 'b6' }, update: { $set: { name: 'Ginkgo Gym' } }, upsert: true } },
          { replaceOne: { filter: { _id: 'b2' }, replacement: { ...businesses[1], rating: 5 } } },
          { deleteOne: { filter: { _id: 'b4' } } },
          { replaceOne: { filter: { _id: 'b7' }, replacement: { ...businesses[1], _id: 'b7' } } },
        ]);
        expect(sortedIds(await collection.find())).toEqual(['b1', 'b2', 'b3', 'b5', 'b6']);
        expect(await collection.findOne({ _id: 'b5' })).toMatchObject({ name: 'Fir Books', calls: 10 });
        expect(await collection.findOne({ _id: 'b6' })).toEqual({ _id: 'b6', name: 'Ginkgo Gym' });
        expect((await collection.findOne({ _id: 'b2' }))?.rating).toBe(5);
        await collection.bulkWrite([]);
      });

      it('applies a write of more upserts than a server has connections, as a projection catching up does', async () => {
        const collection = store.collection<Business>('businesses');
        const many = Array.from({ length: 400 }, (_, index) => ({ ...businesses[0], _id: `m${index}`, calls: index }));
        const upserts = (docs: Business[]) => docs.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } }));
        await collection.bulkWrite(upserts(many));
        await collection.bulkWrite(upserts(many.map((doc) => ({ ...doc, calls: (doc.calls ?? 0) + 1000 }))));
        expect(await collection.countDocuments({ calls: { $gte: 1000 } })).toBe(400);
      });

      it('lands an unordered write of many documents, and reports one of its operations that fails', async () => {
        const collection = await seeded();
        const docs = Array.from({ length: 45 }, (_, index) => ({ ...businesses[0], _id: `u${index}`, calls: index }));
        await collection.bulkWrite(
          docs.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } })),
          { ordered: false },
        );
        expect(await collection.countDocuments({ _id: { $in: docs.map((doc) => doc._id) } })).toBe(45);
        expect((await collection.findOne({ _id: 'u44' }))?.calls).toBe(44);
        const error = await collection
          .bulkWrite([...docs.slice(0, 20).map((doc) => ({ updateOne: { filter: { _id: doc._id }, update: { $inc: { calls: 1000 } } } })), { insertOne: { document: businesses[0] } }], {
            ordered: false,
          })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((await collection.findOne({ _id: 'b1' }))?.name).toBe(businesses[0].name);
      });

      it('inserts new documents, and stops at one whose _id is taken (by a document before or in the same write)', async () => {
        const collection = await seeded();
        const fir = { ...businesses[1], _id: 'b5', name: 'Fir Books' };
        await collection.bulkWrite([{ insertOne: { document: fir } }, { updateOne: { filter: { _id: 'b5' }, update: { $inc: { calls: 1 } } } }]);
        expect(await collection.findOne({ _id: 'b5' })).toEqual({ ...fir, calls: (fir.calls ?? 0) + 1 });
        const error = await collection
          .bulkWrite([
            { insertOne: { document: { ...fir, _id: 'b6' } } },
            { insertOne: { document: { ...fir, _id: 'b6', name: 'Again' } } },
            { insertOne: { document: { ...fir, _id: 'b7' } } },
          ])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        await expect(collection.bulkWrite([{ insertOne: { document: { ...businesses[0], name: 'Taken' } } }])).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(sortedIds(await collection.find())).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
        expect((await collection.findOne({ _id: 'b6' }))?.name).toBe('Fir Books');
        expect((await collection.findOne({ _id: 'b1' }))?.name).toBe(businesses[0].name);
      });

      it('stops at the first failing operation, keeping the ones before it', async () => {
        const collection = await seeded();
        await collection.createIndex({ keys: { phone: 1 }, unique: true });
        const error = await collection
          .bulkWrite([
            { updateOne: { filter: { _id: 'b1' }, update: { $set: { city: 'Ogdenville' } } } },
            { updateOne: { filter: { _id: 'b2' }, update: { $set: { phone: businesses[0].phone } } } },
            { updateOne: { filter: { _id: 'b3' }, update: { $set: { city: 'Ogdenville' } } } },
          ])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((await collection.findOne({ _id: 'b1' }))?.city).toBe('Ogdenville');
        expect((await collection.findOne({ _id: 'b2' }))?.phone).toBe(businesses[1].phone);
        expect((await collection.findOne({ _id: 'b3' }))?.city).toBe('Springfield');
      });
    });

    describe('indexes', () => {
      // FerretDB 1.x (SQLite) reports these violations as InternalError, not code 11000: see mongo-errors.ts.
      it('enforces a unique index on insert, replace and update', async () => {
        const collection = await seeded();
        await collection.createIndex({ keys: { phone: 1 }, unique: true, name: 'phone_unique' });
        await collection.createIndex({ keys: { phone: 1 }, unique: true, name: 'phone_unique' });
        const clash = { ...businesses[3], _id: 'b9', phone: businesses[0].phone };
        await expect(collection.insertOne(clash)).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(collection.replaceOne({ _id: 'b2' }, { ...businesses[1], phone: businesses[0].phone })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await expect(collection.updateOne({ _id: 'b3' }, { $set: { phone: businesses[0].phone } })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await expect(
          collection.updateOne({ _id: 'b9' }, { $set: { phone: businesses[0].phone } }, { upsert: true }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await collection.countDocuments()).toBe(4);
        expect((await collection.findOne({ _id: 'b2' }))?.phone).toBe(businesses[1].phone);
        expect((await collection.findOne({ _id: 'b3' }))?.phone).toBe(businesses[2].phone);

        await collection.updateOne({ _id: 'b1' }, { $set: { phone: '+1-202-555-0111' } });
        await collection.insertOne(clash);
        expect(sortedIds(await collection.find({ phone: businesses[0].phone }))).toEqual(['b9']);
      });

      it('refuses a unique index over existing duplicates', async () => {
        const collection = await seeded();
        await expect(collection.createIndex({ keys: { city: 1 }, unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
        await collection.insertOne({ ...businesses[0], _id: 'b5', city: 'Ogdenville' });
      });

      it('enforces a compound unique index on the combination of fields', async () => {
        const collection = await seeded();
        await collection.createIndex({ keys: { city: 1, name: 1 }, unique: true });
        await collection.insertOne({ ...businesses[1], _id: 'b5', city: 'Springfield' });
        await expect(collection.insertOne({ ...businesses[1], _id: 'b6', city: 'Springfield' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
      });

      it('builds several indexes at once over the documents already there, and keeps them after', async () => {
        const collection = await seeded();
        await collection.createIndexes([{ keys: { city: 1, rating: -1 } }, { keys: { tags: 1 }, name: 'by_tag' }, { keys: { phone: 1 }, unique: true }]);
        await collection.createIndexes([{ keys: { tags: 1 }, name: 'by_tag' }]);
        expect(ids(await collection.find({ city: 'Springfield' }, { sort: { rating: -1 } }))).toEqual(['b3', 'b1']);
        expect(sortedIds(await collection.find({ tags: 'family' }))).toEqual(['b1', 'b3']);
        await expect(collection.insertOne({ ...businesses[0], _id: 'b9' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await collection.insertOne({ ...businesses[0], _id: 'b9', phone: '+1-202-555-0199', city: 'Springfield', rating: 5 });
        expect(ids(await collection.find({ city: 'Springfield' }, { sort: { rating: -1 } }))).toEqual(['b9', 'b3', 'b1']);

        // A unique index over documents that already break it is refused, and does not hold afterwards.
        const fresh = store.collection<Business>('businesses_again');
        for (const business of [...businesses, { ...businesses[0], _id: 'b8' }]) await fresh.insertOne(business);
        await expect(fresh.createIndexes([{ keys: { name: 1 } }, { keys: { phone: 1 }, unique: true }])).rejects.toBeInstanceOf(DuplicateKeyError);
        await fresh.insertOne({ ...businesses[0], _id: 'b7' });
        expect(await fresh.countDocuments({ phone: businesses[0].phone })).toBe(3);
      });

      it('loads a collection with its indexes declared, and answers through them once created again', async () => {
        const collection = store.collection<Business>('businesses_loading');
        await collection.createIndexes([{ keys: { city: 1, rating: -1 } }, { keys: { tags: 1 }, name: 'by_tag' }], { loading: true });
        await collection.bulkWrite(businesses.map((business) => ({ replaceOne: { filter: { _id: business._id }, replacement: business, upsert: true } })));
        // Written again while loading: its old keys go, in every index.
        await collection.bulkWrite([
          { replaceOne: { filter: { _id: 'b1' }, replacement: { ...businesses[0], city: 'Ogdenville', tags: ['dental'] }, upsert: true } },
          { deleteOne: { filter: { _id: 'b2' } } },
        ]);
        await collection.createIndexes([{ keys: { city: 1, rating: -1 } }, { keys: { tags: 1 }, name: 'by_tag' }]);
        expect(ids(await collection.find({ city: 'Springfield' }, { sort: { rating: -1 } }))).toEqual(['b3']);
        expect(ids(await collection.find({ city: 'Ogdenville' }, { sort: { rating: -1 } }))).toEqual(['b1']);
        expect(sortedIds(await collection.find({ tags: 'family' }))).toEqual(['b3']);
        expect(await collection.find({ tags: 'plumbing' })).toEqual([]);
        await collection.insertOne({ ...businesses[1], _id: 'b5', city: 'Springfield', rating: 5 });
        expect(ids(await collection.find({ city: 'Springfield' }, { sort: { rating: -1 } }))).toEqual(['b5', 'b3']);
      });

      it('holds a unique index declared while loading from the first write', async () => {
        const collection = store.collection<Business>('businesses_loading_unique');
        await collection.createIndexes([{ keys: { phone: 1 }, unique: true }], { loading: true });
        await collection.insertOne(businesses[0]);
        await expect(collection.insertOne({ ...businesses[1], phone: businesses[0].phone })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('adds indexes beside serving to a collection holding documents, answering the same throughout', async () => {
        const collection = await seeded();
        await collection.createIndex({ keys: { city: 1 } });
        const added: IndexSpec[] = [{ keys: { tags: 1 }, name: 'by_tag' }, { keys: { city: 1, rating: -1 }, name: 'city_rating' }];
        await collection.createIndexes(added, { background: true });
        // Written while their keys may still be filled.
        await collection.updateOne({ _id: 'b1' }, { $set: { city: 'Ogdenville' }, $pull: { tags: 'family' } });
        await collection.insertOne({ ...businesses[1], _id: 'b5', city: 'Springfield', tags: ['family'], rating: 4.7 });
        await collection.deleteOne({ _id: 'b2' });
        const answers = async () => [
          sortedIds(await collection.find({ tags: 'family' })),
          ids(await collection.find({ city: 'Springfield' }, { sort: { rating: -1 } })),
          await collection.countDocuments({ tags: 'plumbing' }),
        ];
        const expected = [['b3', 'b5'], ['b3', 'b5'], 0];
        expect(await answers()).toEqual(expected);
        // Asked for without `background`, the same indexes are there when it returns.
        await collection.createIndexes(added);
        expect(await answers()).toEqual(expected);
      });

      it('keeps answering equality queries through a non-unique index as documents change', async () => {
        const collection = await seeded();
        await collection.createIndex({ keys: { city: 1 } });
        await collection.createIndex({ keys: { tags: 1 } });
        await collection.createIndex({ keys: { 'address.zip': -1 } });
        await collection.insertOne({ ...businesses[1], _id: 'b5', city: 'Springfield', tags: ['family', 'plumbing'] });
        expect(sortedIds(await collection.find({ city: 'Springfield' }))).toEqual(['b1', 'b3', 'b5']);
        expect(sortedIds(await collection.find({ tags: 'family' }))).toEqual(['b1', 'b3', 'b5']);
        expect(sortedIds(await collection.find({ tags: { $in: ['plumbing', 'dental'] } }))).toEqual(['b1', 'b2', 'b5']);
        expect(sortedIds(await collection.find({ 'address.zip': '10001', city: 'Springfield' }))).toEqual(['b1', 'b3']);
        expect(sortedIds(await collection.find({ city: 'Springfield', rating: { $gt: 4.6 } }))).toEqual(['b3']);

        await collection.updateOne({ _id: 'b1' }, { $set: { city: 'Ogdenville' }, $pull: { tags: 'family' } });
        await collection.replaceOne({ _id: 'b3' }, { ...businesses[2], city: 'Ogdenville' });
        await collection.deleteOne({ _id: 'b5' });
        expect(await collection.find({ city: 'Springfield' })).toEqual([]);
        expect(sortedIds(await collection.find({ city: 'Ogdenville' }))).toEqual(['b1', 'b3']);
        expect(sortedIds(await collection.find({ tags: 'family' }))).toEqual(['b3']);
        expect(await collection.countDocuments({ city: { $in: ['Ogdenville', 'Capital City'] } })).toBe(3);
      });
    });

    describe('collections', () => {
      it('lists collections that hold data and drops them with their documents and indexes', async () => {
        const collection = await seeded();
        await collection.createIndex({ keys: { phone: 1 }, unique: true });
        await store.collection('calls').insertOne({ _id: 'c1', businessId: 'b1' });
        expect(await store.listCollections()).toEqual(expect.arrayContaining(['businesses', 'calls']));
        expect((await store.listCollections()).filter((n) => n === 'businesses' || n === 'calls')).toHaveLength(2);

        await store.dropCollection('businesses');
        await store.dropCollection('no_such_collection');
        expect(await store.listCollections()).not.toContain('businesses');
        expect(await store.listCollections()).toContain('calls');
        expect(await collection.find()).toEqual([]);

        await collection.insertOne(businesses[0]);
        await collection.insertOne({ ...businesses[1], phone: businesses[0].phone });
        expect(await collection.countDocuments()).toBe(2);
        expect(await store.listCollections()).toContain('businesses');
      });
    });

    describe('copies', () => {
      it('hands out copies and keeps copies of what it is given', async () => {
        const collection = store.collection<Business>('businesses');
        const original: Business = structuredClone(businesses[0]);
        await collection.insertOne(original);
        original.tags.push('mutated');
        original.address.zip = '99999';

        const found = (await collection.findOne({ _id: 'b1' }))!;
        expect(found).toEqual(businesses[0]);
        found.tags.push('mutated');
        found.address.street = 'changed';
        const [listed] = await collection.find({ tags: 'dental' });
        listed.name = 'changed';
        expect(await collection.findOne({ _id: 'b1' })).toEqual(businesses[0]);

        const replacement = structuredClone(businesses[0]);
        await collection.replaceOne({ _id: 'b1' }, replacement);
        replacement.tags.length = 0;
        const pushed = { step: 'answered' };
        await collection.updateOne({ _id: 'b1' }, { $push: { tags: 'x' }, $set: { lastStep: pushed } });
        pushed.step = 'changed';
        expect(await collection.findOne({ _id: 'b1' })).toEqual({ ...businesses[0], tags: [...businesses[0].tags, 'x'], lastStep: { step: 'answered' } });
      });
    });

    describe('values', () => {
      it('keeps dates as dates, compares and sorts them', async () => {
        const calls = store.collection('calls');
        await calls.insertOne({ _id: 'c1', startedAt: new Date('2030-01-15T09:00:00.000Z'), durations: [1.5, 2] });
        await calls.insertOne({ _id: 'c2', startedAt: new Date('2030-01-16T09:00:00.000Z'), durations: [] });
        const found = await calls.findOne({ _id: 'c1' });
        expect(found?.startedAt).toBeInstanceOf(Date);
        expect((found?.startedAt as Date).toISOString()).toBe('2030-01-15T09:00:00.000Z');
        expect(ids(await calls.find({ startedAt: { $gt: new Date('2030-01-15T12:00:00.000Z') } }))).toEqual(['c2']);
        expect(ids(await calls.find({}, { sort: { startedAt: -1 } }))).toEqual(['c2', 'c1']);
      });
    });

    describe('persistence and health', () => {
      it('reports the adapter as up', async () => {
        const health = await store.health();
        expect(health.adapter).toBe(store.adapterName);
        expect(health.state).toBe('up');
      });

      it('shows flushed data, indexes and collections to a store reopened on the same data', async () => {
        if (!fixture.reopen) return;
        const collection = await seeded();
        await collection.createIndex({ keys: { phone: 1 }, unique: true });
        await collection.updateOne({ _id: 'b1' }, { $set: { lastCallAt: new Date('2030-01-15T09:00:00.000Z') } });
        await collection.deleteOne({ _id: 'b4' });
        await store.collection('dropped').insertOne({ _id: 'x' });
        await store.dropCollection('dropped');
        await store.flush();

        const reopened = await fixture.reopen();
        const again = reopened.collection<Business>('businesses');
        expect(sortedIds(await again.find())).toEqual(['b1', 'b2', 'b3']);
        expect(await again.findOne({ _id: 'b2' })).toEqual(businesses[1]);
        expect((await again.findOne({ _id: 'b1' }))?.lastCallAt).toEqual(new Date('2030-01-15T09:00:00.000Z'));
        expect(await reopened.listCollections()).toContain('businesses');
        expect(await reopened.listCollections()).not.toContain('dropped');
        await expect(again.insertOne({ ...businesses[3], phone: businesses[0].phone })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(sortedIds(await again.find({ phone: businesses[1].phone }))).toEqual(['b2']);
      });
    });
  });
}
