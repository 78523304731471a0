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

type Fields = Record<string, unknown>;

/** A patch applied to the document it was taken against, as a client does (the web app's realtime client). */
export function applyPatch(document: Fields, patch: { set?: Fields; unset?: string[]; append?: Record<string, unknown[]> }): Fields {
  const next: Fields = { ...document, ...patch.set };
  for (const field of patch.unset ?? []) delete next[field];
  for (const [field, items] of Object.entries(patch.append ?? {})) next[field] = [...((document[field] as unknown[]) ?? []), ...items];
  return next;
}
