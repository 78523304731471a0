import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { callsProjection, type EventStore, type ProjectionRunner } from '@ringcheck/projections';
import { io } from 'socket.io-client';
import request from 'supertest';
import { createApp } from '../app.factory';
import { CallOrchestrator } from '../calls/orchestration/call-orchestrator';
import { loadConfig } from '../infrastructure/config';
import { UNREACHABLE_LIMITS } from '../infrastructure/config/unreachable-limits';
import { createLogger } from '../infrastructure/logging';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/storage';
import { ms, perSecond, report, summarize } from './stats';

async function benchApp(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-calls-'));
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...UNREACHABLE_LIMITS, ...env });
  const app = await createApp(config, createLogger({ level: 'silent' }));
  await app.listen(0, '127.0.0.1');
  const agent = request.agent(app.getHttpServer());
  const health = await agent.get('/api/health');
  const csrf = String(health.headers['set-cookie']).match(/csrftoken=([^;]+)/)![1];
  const close = async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, agent, csrf, close };
}

/** 500 concurrent sandbox calls at a fast time scale, each to completion with its analysis. */
export async function benchConcurrentCalls(count = 500): Promise<void> {
  const { app, agent, csrf, close } = await benchApp({ SANDBOX_TIME_SCALE: '0.05', SANDBOX_RECORDING_SPEECH: 'off' });
  try {
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: count }, () => agent.post('/api/call-management/mock-test-call/').set('X-CSRFToken', csrf).send({})),
    );
    const ids = responses.map((r) => r.body.id as string);
    const runner = app.get<ProjectionRunner>(PROJECTION_RUNNER);
    const calls = runner.collection(callsProjection);
    await app.get(CallOrchestrator).idle();
    const store = app.get<EventStore>(EVENT_STORE);
    await runner.waitForPosition(await store.headPosition(), 60_000);
    const elapsed = performance.now() - started;
    const docs = await calls.find({ _id: { $in: ids } });
    const analysed = docs.filter((d) => d.status === 'completed' && d.analysis !== null).length;
    let events = 0;
    let duplicates = 0;
    let gaps = 0;
    for (const id of ids) {
      const stream = await store.readStream(`call-${id}`);
      events += stream.length;
      duplicates += stream.length - new Set(stream.map((e) => e.id)).size;
      gaps += stream.filter((e, i) => e.revision !== i).length;
      const segments = stream.filter((e) => e.type === 'TranscriptSegmentRecorded').length;
      const doc = docs.find((d) => d.id === id);
      if (doc && doc.transcript.length !== segments) gaps++;
    }
    report(
      `calls: ${count} concurrent sandbox calls (time scale 0.05)`,
      `${analysed}/${count} completed with analysis in ${(elapsed / 1000).toFixed(1)} s (${perSecond(count, elapsed)} calls/s)`,
      'all complete',
      analysed === count,
    );
    report('calls: events recorded', `${events} events, ${duplicates} duplicated, ${gaps} lost or out of order`, 'none lost or duplicated', duplicates === 0 && gaps === 0);
  } finally {
    await close();
  }
}

/** 'Start AI Call' (POST) to the first ringing pushed to a socket client, in real time. */
export async function benchStartToRinging(samples = 20): Promise<void> {
  const { app, agent, csrf, close } = await benchApp({ SANDBOX_TIME_SCALE: '1', SANDBOX_RECORDING_SPEECH: 'off' });
  const url = (await (app as INestApplication).getUrl()).replace('[::1]', '127.0.0.1');
  // Rings are for the call's signed-in owner: the preview never tells them.
  const signedUp = await agent
    .post('/api/auth/sign-up/')
    .set('X-CSRFToken', csrf)
    .send({ email: 'bench-owner@example.com', password: 'Vivid-Lantern-Orbit-42' });
  const token = signedUp.body.access_token as string;
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, auth: { token } });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  try {
    const latencies: number[] = [];
    const dialing: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      const res = await agent.post('/api/call-management/mock-test-call/').set('X-CSRFToken', csrf).set('Authorization', `Bearer ${token}`).send({});
      const room = `call:${res.body.id}`;
      const ringing = new Promise<void>((resolve) => {
        const onUpdate = (message: { room: string; document: { ring_count: number; phase: string } }) => {
          if (message.room !== room) return;
          if (message.document.phase !== 'queued' && dialing.length <= i) dialing.push(performance.now() - started);
          if (message.document.ring_count >= 1) {
            socket.off('update', onUpdate);
            resolve();
          }
        };
        socket.on('update', onUpdate);
      });
      await socket.emitWithAck('subscribe', { room, lastPosition: 0 });
      await ringing;
      latencies.push(performance.now() - started);
      await agent.post(`/api/call-management/calls/${res.body.id}/cancel_call/`).set('X-CSRFToken', csrf).set('Authorization', `Bearer ${token}`).send({});
      await socket.emitWithAck('unsubscribe', { room });
    }
    const dial = summarize(dialing);
    report('calls: Start AI Call -> dialing pushed (real time)', `p50 ${ms(dial.p50)}, max ${ms(dial.max)}`);
    const { p50, p99, max } = summarize(latencies);
    report('calls: Start AI Call -> first ringing pushed (real time)', `p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)}`, '<= 1.5 s', max <= 1500);
  } finally {
    socket.close();
    await close();
  }
}
