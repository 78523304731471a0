import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { benchAnalyticsIngestion } from './analytics-ingestion.bench';
import type { BenchOptions } from './bench-options';
import { benchConcurrentCalls, benchStartToRinging } from './calls.bench';
import { benchCluster } from './cluster.bench';
import { benchConversionRebuild } from './conversion-rebuild.bench';
import { benchDirectory } from './directory.bench';
import { benchDiscovery } from './discovery.bench';
import { benchEventStore } from './event-store.bench';
import { benchGrowth } from './growth.bench';
import { benchPostgresEventStore } from './postgres-event-store.bench';
import { benchRealtime } from './realtime.bench';
import { benchRealtimeBridge } from './realtime-bridge.bench';
import { benchRebuildAll } from './rebuild-all.bench';
import { benchReplay } from './replay.bench';
import { benchRest } from './rest.bench';
import { benchSockets } from './sockets.bench';
import { benchWebWeight } from './web-weight.bench';
import { groupVerdictsFile, leaveVerdicts, runGroupProcess } from './group-process';
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
  'event-store': (options) => benchEventStore(options),
  'event-store-postgres': (options) => benchPostgresEventStore(options),
  replay: (options) => benchReplay(options),
  realtime: ({ quick }) => (quick ? benchRealtime(200, 100) : benchRealtime()),
  directory: () => benchDirectory(),
  discovery: ({ quick }) => benchDiscovery(quick ? 15 : undefined),
  calls: ({ quick }) => benchConcurrentCalls(quick ? 50 : undefined),
  ringing: ({ quick }) => benchStartToRinging(quick ? 3 : undefined),
  bridge: ({ quick }) => (quick ? benchRealtimeBridge(1500, 15) : benchRealtimeBridge()),
  analytics: async ({ quick }) => {
    if (quick) {
      process.env.ANALYTICS_BENCH_CLIENTS ??= '5';
      process.env.ANALYTICS_BENCH_BATCHES ??= '10';
    }
    await benchAnalyticsIngestion();
    await benchConversionRebuild(quick && !process.env.CONVERSION_BENCH_EVENTS ? 50_000 : undefined);
  },
  growth: (options) => benchGrowth(options),
  'rebuild-all': (options) => benchRebuildAll(options),
  rest: (options) => benchRest(options),
  sockets: (options) => benchSockets(options),
  web: () => benchWebWeight(),
  cluster: (options) => benchCluster(options),
};

interface Outcome {
  name: string;
  ms: number;
  error?: Error;
}

async function main(argv: string[]): Promise<number> {
  const quick = argv.includes('--quick');
  const unknownFlags = argv.filter((arg) => arg.startsWith('-') && arg !== '--quick');
  if (unknownFlags.length > 0) throw new Error(`Unknown option ${unknownFlags.join(', ')} (have: --quick)`);
  const selected = argv.filter((arg) => !arg.startsWith('-'));
  const names = selected.length > 0 ? selected : Object.keys(groups);
  const unknown = names.filter((name) => !groups[name]);
  if (unknown.length > 0) throw new Error(`Unknown benchmark group: ${unknown.join(', ')} (have: ${Object.keys(groups).join(', ')})`);
  const verdictsFile = groupVerdictsFile();
  if (verdictsFile) return runHere(names, quick, verdictsFile);

  console.log(
    `Ringcheck benchmarks${quick ? ' (quick: small versions, for CI)' : ''} on ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}; each group in a process of its own\n`,
  );
  if (!process.execArgv.includes(QUIET_WHEN_IDLE)) {
    console.log(`Note: started without node ${QUIET_WHEN_IDLE} (npm run bench gives it): while a group measures a process of its own, this one may collect garbage on both cores beside it.\n`);
  }
  const outcomes: Outcome[] = [];
  const verdicts: RecordedVerdict[] = [];
  const runStarted = performance.now();
  for (const name of names) {
    const started = performance.now();
    const run = await runGroupProcess(__filename, name, quick);
    verdicts.push(...run.verdicts);
    outcomes.push({ name, ms: performance.now() - started, ...(run.ok ? {} : { error: new Error('its process ended with an error, printed above') }) });
    // The next group starts on a quiet disk: what this one wrote (gigabytes, for growth) is flushed first.
    flushDisk();
  }
  if (quick && selected.length === 0) {
    const runMs = performance.now() - runStarted;
    report('bench: the quick run, every group', seconds(runMs), `< ${seconds(QUICK_RUN_TARGET_MS)}`, runMs < QUICK_RUN_TARGET_MS);
  }
  return summarize(outcomes, [...verdicts, ...recordedVerdicts()]);
}

/** A group's own process: runs `names` here and leaves their verdicts in `verdictsFile`; exit code 1 when one crashed. */
async function runHere(names: readonly string[], quick: boolean, verdictsFile: string): Promise<number> {
  let crashed = false;
  for (const name of names) {
    try {
      await groups[name]({ quick });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      console.error(`\n${name}: the group crashed: ${failure.stack ?? failure.message}\n`);
      crashed = true;
    }
  }
  leaveVerdicts(verdictsFile, recordedVerdicts());
  return crashed ? 1 : 0;
}

function flushDisk(): void {
  try {
    execFileSync('sync', { stdio: 'ignore', timeout: 120_000 });
  } catch {
    // Without sync the groups run back to back, as before.
  }
}

/** The run's verdicts; the exit code is 1 only when a group crashed, never for a figure that falls short. */
function summarize(outcomes: readonly Outcome[], verdicts: readonly RecordedVerdict[]): number {
  const short = verdicts.filter((verdict) => !verdict.met);
  const crashed = outcomes.filter((outcome) => outcome.error);
  console.log('\nSummary');
  console.log(`groups: ${outcomes.map((outcome) => `${outcome.name} ${seconds(outcome.ms)}${outcome.error ? ' (crashed)' : ''}`).join(', ')}`);
  console.log(`figures with a target: ${verdicts.length - short.length} pass, ${short.length} fall short`);
  for (const verdict of short) console.log(`  falls short: ${verdict.name}: ${verdict.figure} (target ${verdict.target})`);
  if (crashed.length > 0) console.log(`crashed: ${crashed.map((outcome) => `${outcome.name} (${outcome.error!.message.split('\n')[0]})`).join('; ')}`);
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
