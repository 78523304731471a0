/** Small helpers for printing benchmark figures. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function summarize(samples: number[]): { p50: number; p99: number; max: number; count: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1], count: sorted.length };
}

export function report(name: string, figure: string, target?: string, met?: boolean): void {
  const verdict = target === undefined ? '' : `   target ${target}: ${met ? 'met' : 'NOT met'}`;
  console.log(`${name.padEnd(52)} ${figure}${verdict}`);
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const perSecond = (count: number, millis: number) => Math.round((count / millis) * 1000);
