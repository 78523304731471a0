import type { Document } from '@ringcheck/projections';
import { type SecondChanceSlot, takeSecondChance } from '../caching/second-chance';

/** A parsed document as the store keeps it: never handed out, only copies of it are. */
export interface CachedDocument {
  doc: Document;
  tagged: boolean;
  /** Length of its stored text, the measure the cache is bounded by. */
  bytes: number;
}

interface Slot extends SecondChanceSlot {
  entry: CachedDocument;
}

/**
 * The embedded store's bounded cache of parsed documents, across all collections. It bounds memory by
 * configuration: what does not fit stays on disk and is parsed again.
 *
 * Eviction gives a second chance (the CLOCK approximation of least recently used): a read only marks the
 * document used, and eviction, walking from the oldest, moves a used one to the back unmarked and takes
 * the first unused. Moving on every read instead (delete and set again) made each read cost 4.5 µs at
 * 20,000 documents and 36 µs at 100,000, as the Map kept rehashing over its deleted slots; a mark costs
 * 0.2 µs.
 */
export class DocumentCache {
  private readonly entries = new Map<string, Slot>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): CachedDocument | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    slot.used = true;
    return slot.entry;
  }

  set(key: string, entry: CachedDocument): void {
    this.delete(key);
    if (entry.bytes > this.maxBytes / 4) return;
    // Room is made before it goes in, so the walk cannot take the newcomer out.
    this.bytes += entry.bytes;
    if (this.bytes > this.maxBytes) this.evict();
    this.entries.set(key, { entry, used: false });
  }

  delete(key: string): void {
    const slot = this.entries.get(key);
    if (!slot) return;
    this.entries.delete(key);
    this.bytes -= slot.entry.bytes;
  }

  /** Forgets every document of one collection (its tables were dropped). */
  deletePrefix(prefix: string): void {
    for (const [key, slot] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      this.entries.delete(key);
      this.bytes -= slot.entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private evict(): void {
    while (this.bytes > this.maxBytes) {
      const taken = takeSecondChance(this.entries);
      if (!taken) return;
      this.bytes -= taken[1].entry.bytes;
    }
  }
}
