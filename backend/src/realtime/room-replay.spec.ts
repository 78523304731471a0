import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Collection, Document } from '@ringcheck/projections';
import { EmbeddedReadStore } from '../infrastructure/read-store';
import { REPLAY_LIMIT, roomReplay } from './room-replay';

describe('roomReplay', () => {
  let dir: string;
  let store: EmbeddedReadStore;
  let calls: Collection<Document>;
  let discoveries: Collection<Document>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-room-replay-'));
    store = await EmbeddedReadStore.open(dir);
    calls = store.collection('calls_v1');
    discoveries = store.collection('discoveries_v1');
    for (const collection of [calls, discoveries]) await collection.createIndex({ keys: { _rooms: 1, _position: 1 }, name: 'rooms_position' });
    // A user of 5 calls and more searches than are replayed, and another user's documents.
    await calls.bulkWrite(Array.from({ length: 5 }, (_, i) => ({ insertOne: { document: { _id: `call_${i}`, _rooms: ['user:kim', `call:${i}`], _position: 10 + i * 3 } } })));
    const searches = Array.from({ length: REPLAY_LIMIT + 20 }, (_, i) => ({ _id: `disc_${i}`, _rooms: ['user:kim'], _position: 1000 + i }));
    await discoveries.bulkWrite([...searches, { _id: 'disc_lee', _rooms: ['user:lee'], _position: 5000 }].map((document) => ({ insertOne: { document } })));
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const models = () => [
    { name: 'calls', collection: calls },
    { name: 'discoveries', collection: discoveries },
  ];
  const failed = (name: string, error: Error) => {
    throw new Error(`${name}: ${error.message}`);
  };

  it('replays each read model’s documents in the room changed after the position, oldest change first', async () => {
    // Exactly as many searches changed since as are replayed.
    const replay = await roomReplay(models(), 'user:kim', 1019, failed);
    expect(replay).not.toBe('resync');
    const [called, searched] = replay as Exclude<typeof replay, 'resync'>;
    expect(called.documents).toEqual([]);
    expect(searched.documents.map((doc) => doc._position)).toEqual(Array.from({ length: REPLAY_LIMIT }, (_, i) => 1020 + i));
    expect(await roomReplay(models(), 'user:kim', 1018, failed)).toBe('resync');
    const early = (await roomReplay(models().slice(0, 1), 'user:kim', 12, failed)) as Exclude<typeof replay, 'resync'>;
    expect(early[0].documents.map((doc) => doc._id)).toEqual(['call_1', 'call_2', 'call_3', 'call_4']);
  });

  it('asks for a resync when a read model has more changed than it replays, as from a first subscription', async () => {
    expect(await roomReplay(models(), 'user:kim', 0, failed)).toBe('resync');
    expect(await roomReplay(models(), 'user:lee', 0, failed)).toEqual([
      { name: 'calls', documents: [] },
      { name: 'discoveries', documents: [{ _id: 'disc_lee', _rooms: ['user:lee'], _position: 5000 }] },
    ]);
  });
});
