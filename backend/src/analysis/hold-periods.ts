import type { CallProgress } from '../calls/ports/telephony';
import type { HoldPeriod } from './ports/call-analyzer';

/**
 * Hold periods on the transcript clock (ms from the answer) from a call's progress reports, whose
 * times run from dialling. A hold still on when the call ends closes at the call's last report.
 */
export function holdPeriodsFromProgress(progress: readonly CallProgress[]): HoldPeriod[] {
  const answered = progress.find((p) => p.kind === 'answered');
  if (!answered) return [];
  const periods: HoldPeriod[] = [];
  let openedAt: number | null = null;
  for (const report of progress) {
    if (report.kind !== 'hold') continue;
    if (report.on && openedAt === null) openedAt = report.atMs;
    else if (!report.on && openedAt !== null) {
      periods.push({ startMs: openedAt - answered.atMs, endMs: report.atMs - answered.atMs });
      openedAt = null;
    }
  }
  if (openedAt !== null) {
    const lastMs = Math.max(...progress.map((p) => p.atMs));
    if (lastMs > openedAt) periods.push({ startMs: openedAt - answered.atMs, endMs: lastMs - answered.atMs });
  }
  return periods;
}
