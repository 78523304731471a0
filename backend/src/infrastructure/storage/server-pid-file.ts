import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded read store lives in the server's memory, so a second process must not rewrite it
 * while the server runs. The server records its pid in the data folder; the analysts' CLI checks it.
 */
export function serverPidPath(dataDir: string): string {
  return join(dataDir, 'server.pid');
}

export function writeServerPid(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(serverPidPath(dataDir), String(process.pid));
}

export function removeServerPid(dataDir: string): void {
  const path = serverPidPath(dataDir);
  if (existsSync(path) && readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path);
}

/** The pid of a server still running on this data folder, or null. */
export function runningServerPid(dataDir: string): number | null {
  const path = serverPidPath(dataDir);
  if (!existsSync(path)) return null;
  const pid = Number(readFileSync(path, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
