import type { INestApplication } from '@nestjs/common';
import request from 'supertest';

/** Sets environment variables for the duration of `run` (identity settings are read from process.env). */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  try {
    return await run();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export interface CallOptions {
  token?: string;
  refresh?: string;
  /** Leave out the CSRF header (the cookie is still sent). */
  noCsrf?: boolean;
  /** The client address a trusted proxy reports (the app must trust loopback proxies). */
  from?: string;
}

/**
 * Requests as a browser of the web app makes them, without a shared cookie jar: each call names the
 * access token and refresh cookie it carries, so several users can act side by side.
 */
export class IdentityApiClient {
  constructor(
    private readonly app: INestApplication,
    private readonly csrf: string,
  ) {}

  call(method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object, options: CallOptions = {}) {
    const cookies = [`csrftoken=${this.csrf}`, ...(options.refresh ? [`rc_refresh=${options.refresh}`] : [])];
    let pending = request(this.app.getHttpServer())[method](path).set('Cookie', cookies.join('; '));
    if (!options.noCsrf) pending = pending.set('X-CSRFToken', this.csrf);
    if (options.token) pending = pending.set('Authorization', `Bearer ${options.token}`);
    if (options.from) pending = pending.set('X-Forwarded-For', options.from);
    return body === undefined ? pending : pending.send(body);
  }
}

/** The rc_refresh cookie a response sets: its value and attributes, or null. */
export function refreshCookieOf(response: { headers: Record<string, unknown> }): { value: string; attributes: string[] } | null {
  const cookies = ([] as string[]).concat((response.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const cookie = cookies.find((line) => line.startsWith('rc_refresh='));
  if (!cookie) return null;
  const [pair, ...attributes] = cookie.split(';').map((part) => part.trim());
  return { value: pair.slice('rc_refresh='.length), attributes };
}
