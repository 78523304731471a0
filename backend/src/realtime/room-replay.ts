import type { Collection, Document, StoredDocument } from '@ringcheck/projections';

/**
 * Documents of one read model a subscription replays at most. A room with more changed since the position
 * a socket gives (a page that just loaded gives 0) is not replayed: the socket is told to read its data
 * again through the API, a page of summaries at a time, which costs less than twenty documents in full
 * (a call's is about 4 kB). Replayed, a room held the oldest 500 documents of each read model changed
 * since (a user of 500 searches got all of them on each page opened, about 9 kB each) and none after.
 */
export const REPLAY_LIMIT = 20;

/** A read model's documents in a room changed after a position, oldest change first; or 'resync' when too many. */
export type RoomReplay = { name: string; documents: StoredDocument[] }[] | 'resync';

export async function roomReplay(
  readModels: readonly { name: string; collection: Collection<Document> }[],
  room: string,
  lastPosition: number,
  onFailure: (name: string, error: Error) => void,
  limit = REPLAY_LIMIT,
): Promise<RoomReplay> {
  const replay: { name: string; documents: StoredDocument[] }[] = [];
  for (const { name, collection } of readModels) {
    try {
      const documents = (await collection.find({ _rooms: room, _position: { $gt: lastPosition } }, { sort: { _position: 1 }, limit: limit + 1 })) as StoredDocument[];
      if (documents.length > limit) return 'resync';
      replay.push({ name, documents });
    } catch (error) {
      onFailure(name, error as Error);
    }
  }
  return replay;
}
