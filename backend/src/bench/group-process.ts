import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedVerdict } from './stats';

/** Set in a group's own process: where it leaves the verdicts it printed, for the run's summary. */
const VERDICTS_FILE = 'BENCH_GROUP_VERDICTS_FILE';

export interface GroupRun {
  ok: boolean;
  verdicts: readonly RecordedVerdict[];
}

/**
 * Runs one group of `script` (run-benchmarks.js) in a process of its own, its output passed through, and
 * answers whether it finished and the verdicts it printed. A group measured in the process that ran the
 * others met their leftovers: by the REST group that process held about 2 GB, and a collection of it ran
 * on both cores beside the server being measured.
 */
export function runGroupProcess(script: string, group: string, quick: boolean): Promise<GroupRun> {
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-group-'));
  const file = join(dir, 'verdicts.json');
  return new Promise<GroupRun>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, group, ...(quick ? ['--quick'] : [])], {
      env: { ...process.env, [VERDICTS_FILE]: file },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      let verdicts: RecordedVerdict[] = [];
      try {
        verdicts = JSON.parse(readFileSync(file, 'utf8')) as RecordedVerdict[];
      } catch {
        // A group that crashed before the end left none.
      }
      resolve({ ok: code === 0, verdicts });
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/** In a group's own process: where its verdicts go, or undefined when this process runs the whole bench. */
export function groupVerdictsFile(): string | undefined {
  return process.env[VERDICTS_FILE];
}

export function leaveVerdicts(file: string, verdicts: readonly RecordedVerdict[]): void {
  writeFileSync(file, JSON.stringify(verdicts));
}
