import type { StoredDocument } from '../projection';

/**
 * The documents the last batches wrote, kept for the next ones: a call in progress is touched by one
 * batch after another, and on a store across the network reading it back costs a round trip and its
 * whole text every time. Only for a runner that alone writes its collections: whatever may have been
 * written by someone else (a batch that failed, another node's turn at the lease) is forgotten.
 * At most `capacity` documents, the least recently written leaving first.
 */
export class KeptDocuments {
  private readonly byKey = new Map<string, StoredDocument>();

  constructor(private readonly capacity: number) {}

  /** The kept document of `id` in `collection`, if any. */
  get(collection: string, id: string): StoredDocument | undefined {
    return this.byKey.get(keyOf(collection, id));
  }

  /** What a batch stored: the document (kept as the newest), or null for a deletion (forgotten). */
  stored(collection: string, id: string, document: StoredDocument | null): void {
    const key = keyOf(collection, id);
    this.byKey.delete(key);
    if (!document) return;
    this.byKey.set(key, document);
    if (this.byKey.size > this.capacity) this.byKey.delete(this.byKey.keys().next().value!);
  }

  forget(collection: string, id: string): void {
    this.byKey.delete(keyOf(collection, id));
  }

  forgetCollection(collection: string): void {
    const prefix = keyOf(collection, '');
    for (const key of this.byKey.keys()) if (key.startsWith(prefix)) this.byKey.delete(key);
  }

  clear(): void {
    this.byKey.clear();
  }

  get size(): number {
    return this.byKey.size;
  }
}

function keyOf(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
