import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { eventually } from './eventually';
import { isolatedEnv } from './isolated-env';

const root = join(__dirname, '../..');

/** The built server in a process of its own on 127.0.0.1:`port`, given `env`; resolves once /api/health answers 200. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'backend/dist/server.cjs')], {
    env: isolatedEnv({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env }),
    stdio: 'ignore',
  });
  const healthy = async () => {
    try {
      return (await request(`http://127.0.0.1:${port}`).get('/api/health')).status === 200;
    } catch {
      return false; // not listening yet
    }
  };
  try {
    await eventually(`the server on port ${port} to answer /api/health`, healthy, { timeoutMs: 15_000, everyMs: 100 });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}
