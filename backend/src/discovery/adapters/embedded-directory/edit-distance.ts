/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent transpositions),
 * or `max + 1` as soon as it is known to exceed `max`.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const columns = b.length + 1;
  let previousPrevious = new Array<number>(columns).fill(0);
  let previous = Array.from({ length: columns }, (_, index) => index);
  let current = new Array<number>(columns).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMinimum = current[0];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, previousPrevious[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > max) return max + 1;
    [previousPrevious, previous, current] = [previous, current, previousPrevious];
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** How many typos a word of this length may carry and still match. */
export function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}
