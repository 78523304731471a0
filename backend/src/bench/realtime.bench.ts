import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '@ringcheck/projections';
import { io, type Socket } from 'socket.io-client';
import { createApp } from '../app.factory';
import { loadConfig } from '../infrastructure/config';
import { UNREACHABLE_LIMITS } from '../infrastructure/config/unreachable-limits';
import { createLogger } from '../infrastructure/logging';
import { EVENT_STORE } from '../infrastructure/storage';
import { VISITOR_COOKIE_NAME, VisitorProof } from '../infrastructure/visitor';
import { visitEvent } from './sample-events';
import { ms, report, summarize } from './stats';

const anonIdOf = (i: number) => `anon_00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A visitor's browser: its cookie proves the id the server issued it. */
async function connectClient(url: string, i: number, proof: VisitorProof): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { anonId: anonIdOf(i) },
    extraHeaders: { Cookie: `${VISITOR_COOKIE_NAME}=${proof.seal([anonIdOf(i)])}` },
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await socket.emitWithAck('subscribe', { room: `anonymous:${anonIdOf(i)}`, lastPosition: Number.MAX_SAFE_INTEGER });
  if (!ack.ok) throw new Error(ack.error);
  return socket;
}

/**
 * Latency from an append to the event store until the subscribed socket client receives the pushed
 * change, with `clients` connected clients each following its own room (clients run in this process).
 */
export async function benchRealtime(clients = 1000, samples = 500): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-rt-'));
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...UNREACHABLE_LIMITS });
  const app = await createApp(config, createLogger({ level: 'silent' }));
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const store = app.get<EventStore>(EVENT_STORE);
  const proof = app.get(VisitorProof);
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < clients; i += 50) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, clients - i) }, (_, k) => connectClient(url, i + k, proof)))));
    }
    const latencies: number[] = [];
    for (let s = 0; s < samples; s++) {
      const target = (s * 7919) % clients;
      const received = new Promise<number>((resolve) => sockets[target].once('update', () => resolve(performance.now())));
      const started = performance.now();
      await store.appendToStream(`anonymous-${anonIdOf(target)}`, [visitEvent(anonIdOf(target))]);
      latencies.push((await received) - started);
      if (s % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { p50, p99, max } = summarize(latencies);
    report(`realtime: append -> socket client, ${clients} clients`, `p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)}`, 'p99 <= 30 ms', p99 <= 30);
  } finally {
    for (const socket of sockets) socket.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
