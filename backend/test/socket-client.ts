import { io, type Socket } from 'socket.io-client';
import type { TestVisitor } from './test-app';

/** A Socket.IO client as a browser opens it: the visitor's cookies, its anonymous id, a token, an Origin. */
export function connect(url: string, options: { visitor?: TestVisitor; anonId?: string; token?: string; origin?: string } = {}): Promise<Socket> {
  const headers: Record<string, string> = {};
  if (options.visitor) headers.Cookie = options.visitor.cookie;
  if (options.origin) headers.Origin = options.origin;
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { anonId: options.anonId ?? options.visitor?.anonId, ...(options.token ? { token: options.token } : {}) },
    extraHeaders: headers,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
