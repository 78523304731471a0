import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedVerdict } from './stats';

/** Set in a process running groups for the run: where it leaves what they printed, for the run's summary. */
const RESULTS_FILE = 'BENCH_GROUP_RESULTS_FILE';

export interface GroupOutcome {
  name: string;
  ms: number;
  crashed: boolean;
}

export interface GroupResults {
  outcomes: GroupOutcome[];
  verdicts: RecordedVerdict[];
}

/**
 * Runs `groups` of `script` (run-benchmarks.js) in a process of its own, its output passed through, and
 * answers how each went and the verdicts they printed; a group it did not get to counts as crashed. A
 * group measured in the process that ran the others met their leftovers: by the REST group that process
 * held about 2 GB, and a collection of it ran on both cores beside the server being measured.
 */
export function runGroupsProcess(script: string, groups: readonly string[], quick: boolean): Promise<GroupResults> {
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-groups-'));
  const file = join(dir, 'results.json');
  const started = performance.now();
  return new Promise<GroupResults>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, ...groups, ...(quick ? ['--quick'] : [])], {
      env: { ...process.env, [RESULTS_FILE]: file },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', () => {
      let results: GroupResults = { outcomes: [], verdicts: [] };
      try {
        results = JSON.parse(readFileSync(file, 'utf8')) as GroupResults;
      } catch {
        // The process ended before it could say (out of memory, killed).
      }
      const reached = new Set(results.outcomes.map((outcome) => outcome.name));
      const lost = groups.filter((name) => !reached.has(name)).map((name) => ({ name, ms: performance.now() - started, crashed: true }));
      resolve({ outcomes: [...results.outcomes, ...lost], verdicts: results.verdicts });
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/** In a process running groups for the run: where their results go; undefined in the process that runs the whole bench. */
export function groupResultsFile(): string | undefined {
  return process.env[RESULTS_FILE];
}

export function leaveGroupResults(file: string, results: GroupResults): void {
  writeFileSync(file, JSON.stringify(results));
}
