import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import type { BenchOptions } from './bench-options';
import { type GroupOutcome, groupResultsFile, leaveGroupResults, runGroupsProcess } from './group-process';
import { type RecordedVerdict, recordedVerdicts, report, seconds } from './stats';

/**
 * V8's memory reducer collects garbage when a process goes idle, as this one does while a group measures a
 * server or a rebuild in a process of its own: its collections then ran on both cores beside the measured
 * process (three of 37-59 ms in one 5 s window of the paced call report, each with a stall of its answers).
 * `npm run bench` starts the bench without it.
 */
const QUIET_WHEN_IDLE = '--no-memory-reducer';

/** What the quick run may take in all, every group included (CI runs it after the tests). */
const QUICK_RUN_TARGET_MS = 120_000;

/**
 * `npm run bench`: prints every performance figure; `npm run bench -- replay growth` runs those groups;
 * `--quick` runs a small version of each (CI runs it so the benchmarks keep working).
 */
const groups: Record<string, (options: BenchOptions) => Promise<void>> = {
  // Each loaded in its group's own process only: loading them all took each process 1.6 s.
  'event-store': async (options) => (await import('./event-store.bench')).benchEventStore(options),
  'event-store-postgres': async (options) => (await import('./postgres-event-store.bench')).benchPostgresEventStore(options),
  replay: async (options) => (await import('./replay.bench')).benchReplay(options),
  realtime: async ({ quick }) => {
    const { benchRealtime } = await import('./realtime.bench');
    await (quick ? benchRealtime(200, 100) : benchRealtime());
  },
  directory: async () => (await import('./directory.bench')).benchDirectory(),
  discovery: async ({ quick }) => (await import('./discovery.bench')).benchDiscovery(quick ? 15 : undefined),
  calls: async ({ quick }) => (await import('./calls.bench')).benchConcurrentCalls(quick ? 50 : undefined),
  ringing: async ({ quick }) => (await import('./calls.bench')).benchStartToRinging(quick ? 3 : undefined),
  bridge: async ({ quick }) => {
    const { benchRealtimeBridge } = await import('./realtime-bridge.bench');
    await (quick ? benchRealtimeBridge(1500, 15) : benchRealtimeBridge());
  },
  analytics: async ({ quick }) => {
    if (quick) {
      process.env.ANALYTICS_BENCH_CLIENTS ??= '5';
      process.env.ANALYTICS_BENCH_BATCHES ??= '10';
    }
    await (await import('./analytics-ingestion.bench')).benchAnalyticsIngestion();
    await (await import('./conversion-rebuild.bench')).benchConversionRebuild(quick && !process.env.CONVERSION_BENCH_EVENTS ? 50_000 : undefined);
  },
  growth: async (options) => (await import('./growth.bench')).benchGrowth(options),
  streams: async (options) => (await import('./long-streams.bench')).benchLongStreams(options),
  'rebuild-all': async (options) => (await import('./rebuild-all.bench')).benchRebuildAll(options),
  rest: async (options) => (await import('./rest.bench')).benchRest(options),
  sockets: async (options) => (await import('./sockets.bench')).benchSockets(options),
  web: async () => (await import('./web-weight.bench')).benchWebWeight(),
  cluster: async (options) => (await import('./cluster.bench')).benchCluster(options),
};

async function main(argv: string[]): Promise<number> {
  const quick = argv.includes('--quick');
  const unknownFlags = argv.filter((arg) => arg.startsWith('-') && arg !== '--quick');
  if (unknownFlags.length > 0) throw new Error(`Unknown option ${unknownFlags.join(', ')} (have: --quick)`);
  const selected = argv.filter((arg) => !arg.startsWith('-'));
  const names = selected.length > 0 ? selected : Object.keys(groups);
  const unknown = names.filter((name) => !groups[name]);
  if (unknown.length > 0) throw new Error(`Unknown benchmark group: ${unknown.join(', ')} (have: ${Object.keys(groups).join(', ')})`);
  const resultsFile = groupResultsFile();
  if (resultsFile) return runHere(names, quick, resultsFile);

  console.log(
    `Ringcheck benchmarks${quick ? ' (quick: small versions, for CI)' : ''} on ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}${quick ? '' : '; each group in a process of its own'}\n`,
  );
  if (!process.execArgv.includes(QUIET_WHEN_IDLE)) {
    console.log(`Note: started without node ${QUIET_WHEN_IDLE} (npm run bench gives it): while a group measures a process of its own, this one may collect garbage on both cores beside it.\n`);
  }
  const outcomes: GroupOutcome[] = [];
  const verdicts: RecordedVerdict[] = [];
  const runStarted = performance.now();
  // The quick run's figures only show the groups still work: one process for all of them spares each its
  // own start (loading and compiling the code again took the quick run from 102 s to 114 s).
  for (const batch of quick ? [names] : names.map((name) => [name])) {
    const results = await runGroupsProcess(__filename, batch, quick);
    outcomes.push(...results.outcomes);
    verdicts.push(...results.verdicts);
  }
  if (quick && selected.length === 0) {
    const runMs = performance.now() - runStarted;
    report('bench: the quick run, every group', seconds(runMs), `< ${seconds(QUICK_RUN_TARGET_MS)}`, runMs < QUICK_RUN_TARGET_MS);
  }
  return summarize(outcomes, [...verdicts, ...recordedVerdicts()]);
}

/** A process running groups for the run: runs `names` here and leaves how each went and their verdicts in `resultsFile`. */
async function runHere(names: readonly string[], quick: boolean, resultsFile: string): Promise<number> {
  const outcomes: GroupOutcome[] = [];
  for (const name of names) {
    const started = performance.now();
    let crashed = false;
    try {
      await groups[name]({ quick });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      console.error(`\n${name}: the group crashed: ${failure.stack ?? failure.message}\n`);
      crashed = true;
    }
    outcomes.push({ name, ms: performance.now() - started, crashed });
    // The next group starts on a quiet disk: what this one wrote (gigabytes, for growth) is flushed first.
    flushDisk();
  }
  leaveGroupResults(resultsFile, { outcomes, verdicts: [...recordedVerdicts()] });
  return outcomes.some((outcome) => outcome.crashed) ? 1 : 0;
}

function flushDisk(): void {
  try {
    execFileSync('sync', { stdio: 'ignore', timeout: 120_000 });
  } catch {
    // Without sync the groups run back to back, as before.
  }
}

/** The run's verdicts; the exit code is 1 only when a group crashed, never for a figure that falls short. */
function summarize(outcomes: readonly GroupOutcome[], verdicts: readonly RecordedVerdict[]): number {
  const short = verdicts.filter((verdict) => !verdict.met);
  const crashed = outcomes.filter((outcome) => outcome.crashed);
  console.log('\nSummary');
  console.log(`groups: ${outcomes.map((outcome) => `${outcome.name} ${seconds(outcome.ms)}${outcome.crashed ? ' (crashed)' : ''}`).join(', ')}`);
  console.log(`figures with a target: ${verdicts.length - short.length} pass, ${short.length} fall short`);
  for (const verdict of short) console.log(`  falls short: ${verdict.name}: ${verdict.figure} (target ${verdict.target})`);
  if (crashed.length > 0) console.log(`crashed: ${crashed.map((outcome) => outcome.name).join(', ')} (the error is printed above)`);
  console.log(
    'A figure that falls short does not fail the run (on a shared machine timings vary); only a group that crashes does' +
      (crashed.length > 0 ? ': exit code 1.' : ': exit code 0.'),
  );
  return crashed.length > 0 ? 1 : 0;
}

// A group waiting on something that holds nothing open (an unreferenced thread, say) lets Node end the run
// quietly, with exit code 0: say so, and fail.
process.once('beforeExit', () => {
  console.error('\nThe benchmarks ended before they finished: a group was waiting for something that kept nothing open.');
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
