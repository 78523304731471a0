import type { Document } from '@ringcheck/projections';

/** A parsed document as the store keeps it: never handed out, only copies of it are. */
export interface CachedDocument {
  doc: Document;
  tagged: boolean;
  /** Length of its stored text, the measure the cache is bounded by. */
  bytes: number;
}

/**
 * The embedded store's bounded cache of parsed documents, least recently used first out, across all
 * collections. It bounds memory by configuration: what does not fit stays on disk and is parsed again.
 */
export class DocumentCache {
  private readonly entries = new Map<string, CachedDocument>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): CachedDocument | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Re-inserting moves it to the back of the Map's order, the most recently used end.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedDocument): void {
    this.delete(key);
    if (entry.bytes > this.maxBytes / 4) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Forgets every document of one collection (its tables were dropped). */
  deletePrefix(prefix: string): void {
    for (const [key, entry] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
