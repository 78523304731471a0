/** An entry of a cache that evicts by second chance: whether it was used since eviction last passed it. */
export interface SecondChanceSlot {
  used: boolean;
}

/**
 * Takes out the oldest entry of `entries` not used since eviction last passed it, and answers it (none
 * when `entries` is empty): the CLOCK approximation of least recently used. A use only marks its entry;
 * the walk, from the oldest, moves each used entry to the back unmarked, where the same walk meets it
 * again at the latest. Moving an entry to the back on every use instead (delete and set again) makes the
 * Map rehash over its deleted slots, building new tables where the Map lives, in the old generation.
 */
export function takeSecondChance<K, S extends SecondChanceSlot>(entries: Map<K, S>): [K, S] | undefined {
  for (const [key, slot] of entries) {
    entries.delete(key);
    if (!slot.used) return [key, slot];
    slot.used = false;
    entries.set(key, slot);
  }
  return undefined;
}
