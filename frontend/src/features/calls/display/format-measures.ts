/** Seconds with one decimal, e.g. "16.1 s". */
export const formatSeconds = (seconds: number | null | undefined): string =>
  seconds === null || seconds === undefined || !Number.isFinite(seconds) ? 'N/A' : `${seconds.toFixed(1)} s`;

/** A 0–1 ratio as a whole percentage, e.g. "63%". */
export const formatPercent = (ratio: number | null | undefined): string =>
  ratio === null || ratio === undefined || !Number.isFinite(ratio) ? 'N/A' : `${Math.round(ratio * 100)}%`;

/** A call length in ms as "1m 05s", or "42 s" under a minute. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return 'N/A';
  const total = Math.round(ms / 1000);
  if (total < 60) return `${total} s`;
  return `${Math.floor(total / 60)}m ${String(total % 60).padStart(2, '0')}s`;
}

/** A score out of 10 with one decimal. */
export const formatScore = (score: number): string => (Number.isInteger(score) ? String(score) : score.toFixed(1));
