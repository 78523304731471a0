import { ApiError, RateLimitError } from './api-error';
import { readCookie } from './cookies';
import { errorMessageFor } from './error-message';
import { parseRetryAfter } from './retry-after';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Send at once instead of waiting for the visitor's device identity (the identity call itself). */
  skipDeviceWait?: boolean;
  /**
   * Send without a bearer token and never refresh one: the session endpoints themselves (sign-in,
   * refresh, sign-out), which a stale token would make the server refuse.
   */
  skipAuth?: boolean;
  /** Lets the request outlive the page (`fetch` keepalive; browsers cap such bodies at 64 KB). */
  keepalive?: boolean;
}

/** Who the caller is, as the API client needs it. The auth context provides it once sign-in exists. */
export interface ApiAuth {
  isSignedIn(): boolean;
  getToken(): Promise<string | null>;
  refreshToken(): Promise<string | null>;
}

/** The visitor's device identity: headers for every request, and a wait until it is known. */
export interface DeviceContext {
  headers(): Record<string, string>;
  waitUntilReady(): Promise<unknown>;
}

export interface RateLimitEventDetail {
  retryAfter: number | null;
  path: string;
}

export const RATE_LIMIT_EVENT = 'ringcheck:rate-limit';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** The newest log position pushed to this client, on every read: the server answers no older state than it. */
export const SEEN_POSITION_HEADER = 'X-Seen-Position';
export const TOKEN_RETRY_DELAY_MS = 1000;
/** 401 error codes that mean the bearer token itself was refused, so a fresh one may succeed. */
const REFRESHABLE_401_ERRORS = new Set(['token_expired', 'token_invalid']);
/** 403 error codes that are the server's answer to the request itself, which no fresh token changes. */
const FINAL_403_ERRORS = new Set(['plan_limit_reached', 'analyst_role_required']);
/** A 429 that no wait of seconds fixes: the caller's daily calls are used up, which the call-start toast explains. */
const CALL_QUOTA_EXCEEDED = 'call_quota_exceeded';

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** `document.cookie` by default. */
  cookies?: () => string;
  /** Where the rate-limit event is dispatched; `window` by default. */
  events?: EventTarget;
  sleep?: (ms: number) => Promise<void>;
  auth?: ApiAuth | null;
  device?: DeviceContext | null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one client for the product API (spec sections 7 and 8): same-origin, cookies included,
 * CSRF header on writes, device headers and bearer token on every request, JSON in and out.
 */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly cookies: () => string;
  private readonly events: EventTarget | null;
  private readonly sleep: (ms: number) => Promise<void>;
  private auth: ApiAuth | null;
  private device: DeviceContext | null;
  private csrfRequest: Promise<string | null> | null = null;
  private seenPosition: () => number = () => 0;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
    this.events = options.events ?? (typeof window === 'undefined' ? null : window);
    this.sleep = options.sleep ?? defaultSleep;
    this.auth = options.auth ?? null;
    this.device = options.device ?? null;
  }

  setAuth(auth: ApiAuth | null): void {
    this.auth = auth;
  }

  setDevice(device: DeviceContext | null): void {
    this.device = device;
  }

  /**
   * Where the newest position pushed to this client comes from (the realtime client). Pushes come before
   * the server has written what they announce, so a read on a push's cue asks for at least that position.
   */
  setSeenPosition(source: () => number): void {
    this.seenPosition = source;
  }

  get<T>(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  patch<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  /**
   * `path` is relative to the API base, e.g. `/analytics/track-user/`. A request refused for its
   * token (401 token_expired or token_invalid, or 403 for a signed-in user unless a plan limit refused
   * it) refreshes the token once and is sent again after 1 s.
   */
  async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    return this.handle<T>(await this.exchange(method, path, options), path);
  }

  /**
   * Sends like `request` (device wait, CSRF, token and its one refresh) but answers the response as it
   * came, whatever its status, for callers that read statuses and headers themselves (the analytics
   * client's retries). No rate-limit event is dispatched.
   */
  async exchange(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Response> {
    if (!options.skipDeviceWait && this.device) await this.device.waitUntilReady();
    const url = this.urlFor(path, options.query);
    if (options.skipAuth) return this.send(method, url, options, null);

    const signedIn = this.auth?.isSignedIn() ?? false;
    const token = await this.currentToken();
    let response = await this.send(method, url, options, token);
    if (this.auth && (await this.refusedForToken(response, signedIn, token))) {
      const refreshed = await this.auth.refreshToken().catch(() => null);
      await this.sleep(TOKEN_RETRY_DELAY_MS);
      response = await this.send(method, url, options, refreshed ?? (await this.currentToken()));
    }
    return response;
  }

  private async refusedForToken(response: Response, signedIn: boolean, token: string | null): Promise<boolean> {
    if (response.status === 403) return signedIn && !FINAL_403_ERRORS.has(errorCodeOf(await readBody(response.clone())) ?? '');
    if (response.status !== 401 || token === null) return false;
    const code = errorCodeOf(await readBody(response.clone()));
    return code !== null && REFRESHABLE_401_ERRORS.has(code);
  }

  private async send(method: HttpMethod, url: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...(this.device?.headers() ?? {}) };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') {
      const csrf = await this.csrfToken();
      if (csrf) headers[CSRF_HEADER] = csrf;
    } else {
      const seen = this.seenPosition();
      if (seen > 0) headers[SEEN_POSITION_HEADER] = String(seen);
    }
    return this.fetchFn(url, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  }

  private async currentToken(): Promise<string | null> {
    if (!this.auth?.isSignedIn()) return null;
    return this.auth.getToken().catch(() => null);
  }

  /** The CSRF cookie; when it is missing, one GET of /api/health makes the server set it. */
  private async csrfToken(): Promise<string | null> {
    const existing = readCookie(this.cookies(), CSRF_COOKIE);
    if (existing) return existing;
    this.csrfRequest ??= this.fetchFn(`${this.baseUrl}/health`, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json', ...(this.device?.headers() ?? {}) },
    })
      .then(() => readCookie(this.cookies(), CSRF_COOKIE))
      .catch(() => null)
      .finally(() => {
        this.csrfRequest = null;
      });
    return this.csrfRequest;
  }

  private async handle<T>(response: Response, path: string): Promise<T> {
    const body = await readBody(response);
    if (response.status === 429) {
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After')) ?? retryAfterFromBody(body);
      const detail: RateLimitEventDetail = { retryAfter, path };
      if (errorCodeOf(body) !== CALL_QUOTA_EXCEEDED) {
        this.events?.dispatchEvent(new CustomEvent<RateLimitEventDetail>(RATE_LIMIT_EVENT, { detail }));
      }
      throw new RateLimitError(errorMessageFor(body, 429), body, retryAfter, path);
    }
    if (!response.ok) throw new ApiError(errorMessageFor(body, response.status), response.status, body);
    return body as T;
  }

  private urlFor(path: string, query: RequestOptions['query']): string {
    const url = `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const search = params.toString();
    return search ? `${url}?${search}` : url;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const raw = await response.text().catch(() => '');
  if (!raw) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json') || /^[[{]/.test(raw.trim())) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

function errorCodeOf(body: unknown): string | null {
  const code = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).error : undefined;
  return typeof code === 'string' ? code : null;
}

function retryAfterFromBody(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>).retry_after;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}
