import { readFileSync, writeFileSync } from 'node:fs';
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

/** A figure's goal and how it compares with what it is measured against in the same run. */
export interface Verdict {
  target: string;
  met: boolean;
  /** The peer's or floor's figure, e.g. `raw libsql 39,600 events/s`. */
  versus?: string;
  /** This figure against that one, e.g. `0.84x` or `2.1x the floor`. */
  ratio?: string;
}

export interface RecordedVerdict extends Verdict {
  name: string;
  figure: string;
}

const verdicts: RecordedVerdict[] = [];

/** Every figure printed with a target so far, for the run's summary. */
export function recordedVerdicts(): readonly RecordedVerdict[] {
  return verdicts;
}

/**
 * Prints one figure; with a target, also the peer or floor it is measured against, the ratio, and
 * `pass` or `falls short`. `report(name, figure, '<= 1 s', ms <= 1000)` is the short form of a verdict
 * without a peer.
 */
export function report(name: string, figure: string, target?: string | Verdict, met?: boolean): void {
  const verdict: Verdict | undefined = typeof target === 'string' ? { target, met: met === true } : target;
  if (!verdict) {
    console.log(`${name.padEnd(52)} ${figure}`);
    return;
  }
  verdicts.push({ name, figure, ...verdict });
  const against = verdict.versus ? `; vs ${verdict.versus}${verdict.ratio ? `: ${verdict.ratio}` : ''}` : verdict.ratio ? `; ${verdict.ratio}` : '';
  console.log(`${name.padEnd(52)} ${figure}${against}   [target ${verdict.target}: ${verdict.met ? 'pass' : 'falls short'}]`);
}

/** Prints rows under a header, each column as wide as its widest cell: labels (the first and last column) to the left, figures to the right. */
export function printTable(title: string, header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const label = (column: number) => column === 0 || column === header.length - 1;
  const line = (cells: readonly string[]) => cells.map((cell, column) => (label(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const seconds = (millis: number) => `${(millis / 1000).toFixed(2)} s`;
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
export const perSecond = (count: number, millis: number) => Math.round((count / millis) * 1000);

/**
 * This process's peak resident memory, in bytes (VmHWM in /proc/self/status). Not getrusage's maxRSS:
 * Linux carries that over from the parent at fork, so a child of a big bench process would report the
 * parent's peak as its own.
 */
export function peakRssBytes(): number {
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return kb ? Number(kb[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
}

/**
 * Starts a phase's own peak in a process that ran other work before it (a group of the whole run): sets
 * this process's high-water mark of resident memory back to what it holds now (/proc/self/clear_refs),
 * so the next peakRssBytes() is the phase's. Answers what it holds now, or undefined where the mark
 * cannot be set back (the peak is then the process's since it began).
 */
export function restartPeakRss(): number | undefined {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    return undefined;
  }
  return process.memoryUsage().rss;
}
