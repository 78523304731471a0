import { io, type Socket } from 'socket.io-client';

/**
 * Socket.IO clients following calls, in a process of their own so the clients do not share the
 * server's event loop. Driven over IPC by sockets.bench.ts: `connect` opens one socket per follower
 * and subscribes it to its call's room as the web app's call page does (patches after the first push);
 * `report` sends back every push each follower received with the wall-clock time it arrived; `close` ends the process.
 */

export interface FollowerSpec {
  callId: string;
  /** The owner's access token (the full room), or null for a visitor (the preview room). */
  token: string | null;
  /** Keeps the pushes it gets, to tell their sizes in its report (one follower of each room does). */
  keepsPushes?: boolean;
}

/** One push as it arrived: its position, wall-clock arrival in ms (sub-ms precision), and the call's status then. */
export type Arrival = [position: number, arrivedAt: number, status: string];

export interface FollowerReport {
  callId: string;
  token: boolean;
  /** The runner's position when the subscription was acknowledged; later pushes are live ones. */
  since: number;
  pushes: Arrival[];
  /** With `keepsPushes`: the JSON size of each push, by position. */
  sizes?: [position: number, bytes: number][];
  disconnected: boolean;
}

export type ToFollowers = { type: 'connect'; url: string; followers: FollowerSpec[]; concurrency: number } | { type: 'report' } | { type: 'close' };

export type FromFollowers =
  | { type: 'connected'; connected: number; failures: string[] }
  | { type: 'report'; followers: FollowerReport[] };

interface Follower {
  spec: FollowerSpec;
  socket: Socket | null;
  report: FollowerReport;
  /** Pushes kept as they came (sized only when reporting, so the measuring costs nothing meanwhile). */
  kept: Map<number, unknown>;
}

const now = () => performance.timeOrigin + performance.now();

async function follow(url: string, follower: Follower): Promise<void> {
  const { callId, token } = follower.spec;
  const room = `call:${callId}`;
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: token ? { token } : {},
  });
  follower.socket = socket;
  let status = 'unknown';
  socket.on('update', (message: { room?: string; position?: number; document?: { status?: string } | null; patch?: { set?: { status?: string } } }) => {
    if (message?.room !== room || typeof message.position !== 'number') return;
    status = message.patch ? (message.patch.set?.status ?? status) : (message.document?.status ?? 'deleted');
    follower.report.pushes.push([message.position, now(), status]);
    if (follower.spec.keepsPushes) follower.kept.set(message.position, message);
  });
  socket.on('disconnect', () => {
    follower.report.disconnected = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(30_000).emitWithAck('subscribe', { room, lastPosition: 0, patches: true })) as { ok: boolean; error?: string; position?: number };
  if (!ack.ok) throw new Error(ack.error ?? 'subscribe refused');
  follower.report.since = ack.position ?? 0;
}

async function connectAll(url: string, specs: FollowerSpec[], concurrency: number): Promise<{ followers: Follower[]; failures: string[] }> {
  const followers: Follower[] = specs.map((spec) => ({
    spec,
    socket: null,
    report: { callId: spec.callId, token: spec.token !== null, since: 0, pushes: [], disconnected: false },
    kept: new Map(),
  }));
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < followers.length) {
      const follower = followers[next++];
      await follow(url, follower).catch((error: Error) => {
        follower.report.disconnected = true;
        failures.push(error.message);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, followers.length) }, worker));
  return { followers, failures };
}

let followers: Follower[] = [];

const send = (message: FromFollowers) => process.send!(message);

process.on('message', (message: ToFollowers) => {
  if (message.type === 'connect') {
    void connectAll(message.url, message.followers, message.concurrency).then((result) => {
      followers = result.followers;
      send({ type: 'connected', connected: followers.length - result.failures.length, failures: result.failures.slice(0, 5) });
    });
  } else if (message.type === 'report') {
    const sized = (follower: Follower) => [...follower.kept].map(([position, pushed]): [number, number] => [position, JSON.stringify(pushed).length]);
    send({ type: 'report', followers: followers.map((follower) => (follower.spec.keepsPushes ? { ...follower.report, sizes: sized(follower) } : follower.report)) });
  } else {
    for (const follower of followers) {
      follower.socket?.removeAllListeners('disconnect');
      follower.socket?.close();
    }
    process.disconnect();
  }
});
