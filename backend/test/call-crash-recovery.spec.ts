import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { HIGH_LIMITS } from './high-limits';
import { isolatedEnv } from './isolated-env';
import { freePort } from './free-port';

const root = join(__dirname, '../..');


async function startServer(dataDir: string, port: number, timeScale: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
    env: isolatedEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SANDBOX_TIME_SCALE: timeScale, ...HIGH_LIMITS }),
    stdio: 'ignore',
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await request(`http://127.0.0.1:${port}`).get('/api/health')).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

describe('calls after the server is killed mid-call (SIGKILL)', () => {
  let dir: string;
  let server: ChildProcess | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-call-crash-'));
  });
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('resolves every in-flight call after a restart: resumed, or failed with a clear error_message', async () => {
    const port = await freePort();
    // Real time: the calls are still ringing or talking when the process dies.
    server = await startServer(dir, port, '1');
    const agent = request.agent(`http://127.0.0.1:${port}`);
    const health = await agent.get('/api/health');
    const csrf = String(health.headers['set-cookie']).match(/csrftoken=([^;]+)/)![1];
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await agent.post('/api/call-management/mock-test-call/').set('X-CSRFToken', csrf).send({});
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    await new Promise((r) => setTimeout(r, 2500));
    const before = await Promise.all(ids.map(async (id) => (await agent.get(`/api/call-management/calls/${id}/`)).body.status));
    expect(before).toContain('in_progress');
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));

    server = await startServer(dir, port, '0.02');
    const after = request(`http://127.0.0.1:${port}`);
    let calls: Array<{ status: string; error_message: string | null }> = [];
    for (let i = 0; i < 100; i++) {
      calls = await Promise.all(ids.map(async (id) => (await after.get(`/api/call-management/calls/${id}/`)).body));
      if (calls.every((c) => !['queued', 'in_progress'].includes(c.status))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const call of calls) {
      expect(['completed', 'failed']).toContain(call.status);
      if (call.status === 'failed') expect(call.error_message).toMatch(/interrupted when the service restarted/);
    }
  }, 60_000);
});
