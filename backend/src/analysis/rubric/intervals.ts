export interface Interval {
  startMs: number;
  endMs: number;
}

/** Sorted, non-overlapping union of the intervals (empty ones dropped). */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.endMs > i.startMs).sort((a, b) => a.startMs - b.startMs);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ startMs: interval.startMs, endMs: interval.endMs });
  }
  return merged;
}

/** The parts of `base` not covered by any of `remove`. */
export function subtractIntervals(base: readonly Interval[], remove: readonly Interval[]): Interval[] {
  const cuts = mergeIntervals(remove);
  const result: Interval[] = [];
  for (const interval of mergeIntervals(base)) {
    let cursor = interval.startMs;
    for (const cut of cuts) {
      if (cut.endMs <= cursor || cut.startMs >= interval.endMs) continue;
      if (cut.startMs > cursor) result.push({ startMs: cursor, endMs: cut.startMs });
      cursor = Math.max(cursor, cut.endMs);
    }
    if (cursor < interval.endMs) result.push({ startMs: cursor, endMs: interval.endMs });
  }
  return result;
}

export function totalLength(intervals: readonly Interval[]): number {
  return mergeIntervals(intervals).reduce((sum, i) => sum + (i.endMs - i.startMs), 0);
}
