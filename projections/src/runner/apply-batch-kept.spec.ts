import type { BulkOperation, Collection, Document, Filter } from '../ports/read-store';
import type { ProjectionDefinition, StoredDocument } from '../projection';
import { recorded } from '../testing/recorded';
import { applyBatch } from './apply-batch';
import { KeptDocuments } from './kept-documents';

interface Tally extends Document {
  count: number;
}

const tallies: ProjectionDefinition<Tally> = {
  name: 'tallies',
  version: 1,
  handles: ['Counted', 'Reset'],
  documentId: (event) => (event.data as { id: string }).id,
  evolve: (document, event) => (event.type === 'Reset' ? null : { _id: (event.data as { id: string }).id, count: (document?.count ?? 0) + 1 }),
};

/** What applyBatch uses of a collection, counting the ids it is asked for; its next write can be made to fail. */
class CountingCollection {
  readonly name = 'tallies_v1';
  readonly stored = new Map<string, StoredDocument>();
  readonly asked: string[] = [];
  failNextWrite = false;

  async find(filter: Filter): Promise<StoredDocument[]> {
    const ids = (filter._id as { $in: string[] }).$in;
    this.asked.push(...ids);
    return ids.flatMap((id) => (this.stored.has(id) ? [copy(this.stored.get(id)!)] : []));
  }

  async bulkWrite(operations: BulkOperation<Document>[]): Promise<void> {
    if (this.failNextWrite) {
      this.failNextWrite = false;
      throw new Error('the store went away');
    }
    for (const operation of operations) {
      if ('replaceOne' in operation) this.stored.set(operation.replaceOne.replacement._id, copy(operation.replaceOne.replacement) as StoredDocument);
      else if ('deleteOne' in operation) this.stored.delete(operation.deleteOne.filter._id as string);
    }
  }
}

/** What a store hands back: its own copy, never the object written. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const counted = (id: string) => recorded('Counted', { id });

describe('a batch with the documents kept from the ones before', () => {
  let collection: CountingCollection;
  let kept: KeptDocuments;
  const apply = (...events: ReturnType<typeof counted>[]) => applyBatch(tallies as ProjectionDefinition, collection as unknown as Collection, events, { kept });

  beforeEach(() => {
    collection = new CountingCollection();
    kept = new KeptDocuments(10);
  });

  it('reads from the store only the documents it does not keep', async () => {
    await apply(counted('a'));
    await apply(counted('a'), counted('b'));
    await apply(counted('a'), counted('b'));
    expect(collection.asked).toEqual(['a', 'b']);
    expect(collection.stored.get('a')?.count).toBe(3);
    expect(collection.stored.get('b')?.count).toBe(2);
  });

  it('keeps nothing of a write that failed, and the batch applied again lands once', async () => {
    await apply(counted('a'));
    const again = counted('a');
    collection.failNextWrite = true;
    await expect(apply(again)).rejects.toThrow('the store went away');
    expect(kept.get(collection.name, 'a')?.count).toBe(1);
    await apply(again);
    expect(collection.stored.get('a')?.count).toBe(2);
    expect(kept.get(collection.name, 'a')?.count).toBe(2);
  });

  it('forgets a deleted document', async () => {
    await apply(counted('a'));
    await applyBatch(tallies as ProjectionDefinition, collection as unknown as Collection, [recorded('Reset', { id: 'a' })], { kept });
    expect(kept.get(collection.name, 'a')).toBeUndefined();
    expect(collection.stored.has('a')).toBe(false);
  });
});
