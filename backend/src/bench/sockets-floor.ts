import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { RecordedEvent } from '@ringcheck/projections';
import type { FromBareServer, ReplayedPush, ToBareServer } from './children/bare-socket-server';
import type { FollowerReport, FollowerSpec } from './children/sockets-followers';
import { FollowerProcess } from './follower-process';

const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

/**
 * The pushes the product sent, as the followers that kept theirs saw them: each at the moment of the
 * event at its position (ms from the first), to the call's full room or its preview room, with its size.
 */
export function pushesToReplay(reports: readonly FollowerReport[], streams: ReadonlyMap<string, RecordedEvent[]>): ReplayedPush[] {
  const pushes: [callId: string, full: boolean, position: number, bytes: number][] = [];
  const moments: number[] = [];
  for (const follower of reports) {
    const occurredAt = new Map((streams.get(follower.callId) ?? []).map((event) => [event.position, Date.parse(event.metadata.occurredAt)]));
    for (const [position, bytes] of follower.sizes ?? []) {
      const moment = occurredAt.get(position);
      if (position <= follower.since || moment === undefined) continue;
      moments.push(moment);
      pushes.push([follower.callId, follower.token, position, bytes]);
    }
  }
  const first = Math.min(...moments);
  return pushes.map(([callId, full, position, bytes], index) => [moments[index] - first, callId, full, position, bytes]);
}

/**
 * The same followers (in the same number of processes) on a bare Socket.IO server that replays the
 * product's pushes: answers each delivery's delay from the moment its push was due, split at `burstMs`
 * from the first push's moment.
 */
export async function bareFloor(specs: readonly FollowerSpec[][], pushes: ReplayedPush[], burstMs: number): Promise<{ burst: number[]; after: number[] }> {
  const server = fork(join(__dirname, 'children', 'bare-socket-server.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T extends FromBareServer['type']>(type: T) =>
    new Promise<Extract<FromBareServer, { type: T }>>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`The bare server exited with ${code}`)));
      const listener = (message: FromBareServer) => {
        if (message.type !== type) return;
        server.off('message', listener);
        resolve(message as Extract<FromBareServer, { type: T }>);
      };
      server.on('message', listener);
    });
  const clients = specs.map(() => new FollowerProcess());
  try {
    const { url } = await next('listening');
    await Promise.all(clients.map((client, index) => client.connect(url, specs[index].map(({ callId, token }) => ({ callId, token })))));
    await sleep(1000);
    const replayed = next('replayed');
    server.send({ type: 'replay', pushes } satisfies ToBareServer);
    const dueAt = (await replayed).dueAt;
    const due = new Map(dueAt.map(([position, full, at]) => [`${position}|${full}`, at]));
    const burstEndsAt = Math.min(...dueAt.map(([, , at]) => at)) + burstMs;
    await sleep(1000);
    const reports = (await Promise.all(clients.map((client) => client.report()))).flatMap((answer) => answer.followers);
    const delays = { burst: [] as number[], after: [] as number[] };
    for (const follower of reports) {
      for (const [position, arrivedAt] of follower.pushes) {
        const at = due.get(`${position}|${follower.token}`);
        if (at === undefined) continue;
        (at < burstEndsAt ? delays.burst : delays.after).push(arrivedAt - at);
      }
    }
    return delays;
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    if (server.connected) server.send({ type: 'close' } satisfies ToBareServer);
    const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    clearTimeout(timer);
  }
}
