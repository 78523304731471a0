/** A call timing in ms as shown in reports: under 1000 ms in ms, else seconds with one decimal; null as N/A. */
export function formatCallTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return 'N/A';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
