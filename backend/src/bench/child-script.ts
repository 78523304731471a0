import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { findRepoRoot } from '../infrastructure/config/repo-root';

const repoRoot = findRepoRoot() ?? process.cwd();

export type ChildOutcome<T> = { ok: true; result: T } | { ok: false; reason: string };

/**
 * Runs a script of `backend/dist/bench/children` in a process of its own and answers the JSON object
 * it printed last, or why it gave none (an exit code, running out of memory, the time limit). A script
 * that ends well without printing one is broken, not slow: that rejects, so the group crashes.
 */
export function runChildScript<T>(script: string, env: Record<string, string>, timeoutMs: number): Promise<ChildOutcome<T>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'backend/dist/bench/children', script)], {
      cwd: repoRoot,
      // The children open the embedded stores of the folder they are given, whatever else is configured.
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr = (stderr + String(chunk)).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) {
        try {
          return resolve({ ok: true, result: JSON.parse(last) as T });
        } catch {
          // Thrown here, in an exit listener, it would end the bench and leave its servers running.
          return resolve({ ok: false, reason: `printed a line that is not whole JSON (${last.length} characters)` });
        }
      }
      if (code === 0) return reject(new Error(`${script} ended without printing its result (a process that nothing held open?)`));
      const outOfMemory = /heap out of memory|Allocation failed/i.test(stderr);
      const reason = outOfMemory
        ? 'ran out of memory'
        : signal === 'SIGKILL'
          ? `stopped after ${Math.round(timeoutMs / 1000)} s`
          : `exited ${code ?? signal}: ${errorLine(stderr)}`;
      resolve({ ok: false, reason });
    });
  });
}

/** The error a crashed child printed (its first line naming one), else its last lines. */
function errorLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  return lines.find((line) => /\b\w*Error\b:/.test(line))?.trim() ?? lines.slice(-3).join(' | ');
}
