// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { DeferredSocket } from './deferred-socket';
import { RealtimeClient, type RealtimeSocket } from './realtime-client';
import type { RealtimeMessage } from './realtime-message';

/** A socket that records what it is asked and connects when told to. */
class RecordingSocket implements RealtimeSocket {
  connected = false;
  readonly emitted: [string, unknown][] = [];
  readonly listeners = new Map<string, ((...args: any[]) => void)[]>();
  connects = 0;

  on(event: string, listener: (...args: any[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, body?: unknown) {
    this.emitted.push([event, body]);
    return this;
  }
  connect() {
    this.connects += 1;
    this.connected = true;
    for (const listener of this.listeners.get('connect') ?? []) listener();
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  receive(event: string, message: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(message);
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ROOM = 'discovery:disc_5b0c6f1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b';
const message = (position: number): RealtimeMessage => ({ room: ROOM, position, projection: 'discoveries', documentId: 'disc_1', document: {} });

describe('DeferredSocket', () => {
  it('loads nothing until a room is followed, then connects and subscribes once the library is there', async () => {
    const socket = new RecordingSocket();
    const library = deferred<RealtimeSocket>();
    const load = vi.fn(() => library.promise);
    const client = new RealtimeClient(() => new DeferredSocket(load));
    expect(load).not.toHaveBeenCalled();

    const received: number[] = [];
    client.subscribe(ROOM, (update) => received.push(update.position));
    expect(load).toHaveBeenCalledTimes(1);
    expect(socket.emitted).toEqual([]);

    library.resolve(socket);
    await flush();
    expect(socket.connects).toBe(1);
    expect(socket.emitted).toEqual([['subscribe', { room: ROOM, lastPosition: 0, patches: true }]]);
    socket.receive('update', message(4));
    expect(received).toEqual([4]);
  });

  it('stays disconnected when told to disconnect before the library arrived', async () => {
    const socket = new RecordingSocket();
    const library = deferred<RealtimeSocket>();
    const deferredSocket = new DeferredSocket(() => library.promise);
    deferredSocket.connect();
    deferredSocket.disconnect();
    library.resolve(socket);
    await flush();
    expect(socket.connects).toBe(0);
    expect(deferredSocket.connected).toBe(false);
    deferredSocket.connect();
    expect(socket.connects).toBe(1);
    expect(deferredSocket.connected).toBe(true);
  });

  it('tries to load again on the next connect when loading failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = new RecordingSocket();
    const load = vi.fn<() => Promise<RealtimeSocket>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(socket);
    const client = new RealtimeClient(() => new DeferredSocket(load));
    client.subscribe(ROOM, () => undefined);
    await flush();
    expect(socket.connects).toBe(0);

    client.reconnect();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(socket.connects).toBe(1);
    expect(socket.emitted).toEqual([['subscribe', { room: ROOM, lastPosition: 0, patches: true }]]);
  });
});
