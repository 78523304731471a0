import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { freePort } from './free-port';
import { startServerProcess } from './server-process';

async function startServer(dataDir: string, port: number, timeScale: string): Promise<ChildProcess> {
  return startServerProcess(port, { DATA_DIR: dataDir, SANDBOX_TIME_SCALE: timeScale, ...HIGH_LIMITS });
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
    await eventually('a call to be on the line', () => Promise.all(ids.map(async (id) => (await agent.get(`/api/call-management/calls/${id}/`)).body.status as string)), {
      until: (statuses) => statuses.includes('in_progress'),
      everyMs: 50,
    });
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));

    server = await startServer(dir, port, '0.02');
    const after = request(`http://127.0.0.1:${port}`);
    const calls = await eventually(
      'every call to be resolved after the restart',
      () => Promise.all(ids.map(async (id) => (await after.get(`/api/call-management/calls/${id}/`)).body as { status: string; error_message: string | null })),
      { until: (all) => all.every((c) => !['queued', 'in_progress'].includes(c.status)), everyMs: 100 },
    );
    for (const call of calls) {
      expect(['completed', 'failed']).toContain(call.status);
      if (call.status === 'failed') expect(call.error_message).toMatch(/interrupted when the service restarted/);
    }
  }, 60_000);
});
