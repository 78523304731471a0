import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import fresh from 'fresh';
import proxyAddr from 'proxy-addr';
import { type ClientContext, clientContextFrom } from '../../request';
import { compressJson, jsonCoding } from '../compression/compressed-json';
import { parseCookies } from '../cookies';
import { CSRF_COOKIE_NAME, CSRF_TOKEN_PATTERN } from '../csrf.constants';
import { VISITOR_COOKIE_NAME } from '../../visitor/visitor-cookie';
import { applyRateLimit, rateLimitHeaders } from '../rate-limit-answer';
import { rateLimitKeysOf } from '../rate-limit-keys';
import type { RateLimitOutcome, RateLimits } from '../rate-limits';
import { sendApiError } from '../send-api-error';
import { toApiError } from '../to-api-error';
import { takeRequestListeners } from '../request-listeners';
import type { FastReadRequest, FastReadRoute, RenderedJson } from './fast-read-route';

/** The framework's settings a fast read must answer by, and the parts of its middleware it repeats. */
export interface FastReadOptions {
  readonly routes: readonly FastReadRoute[];
  readonly limits: RateLimits;
  /** Express's compiled `trust proxy` setting: which address the request counts against. */
  readonly trustProxy: Parameters<typeof proxyAddr>[1];
  /** Express's ETag function. */
  readonly etagOf: (body: Buffer) => string;
  readonly poweredBy: boolean;
  /** The visitor ids the visitor cookie's value proves. */
  provenAnonIds(visitorCookie: string | undefined): readonly string[];
  /** The user an Authorization header names: null without one; throws for a malformed or refused one. */
  authenticate(authorization: string | undefined, client: ClientContext): Promise<{ id: string } | null>;
}

/** A query string of plain `name=value` pairs, each name once: anything else is the framework's to read. */
const PLAIN_PAIR = /^([\w.-]+)=([\w.-]*)$/;

function plainQuery(search: string): Map<string, string> | null {
  const query = new Map<string, string>();
  if (search === '') return query;
  for (const pair of search.split('&')) {
    const match = PLAIN_PAIR.exec(pair);
    if (!match || query.has(match[1])) return null;
    query.set(match[1], match[2]);
  }
  return query;
}

/**
 * Answers the {@link FastReadRoute}s ahead of the framework's request listener on `server`, and hands it
 * every other request, and any fast read that returns null or fails before it answered. A request
 * without the CSRF cookie goes to the framework too, which gives the cookie out.
 */
export function installFastReads(server: Server, options: FastReadOptions): void {
  const toFramework = takeRequestListeners(server);
  const render = (value: unknown): RenderedJson => {
    const body = Buffer.from(JSON.stringify(value));
    return { body, etag: options.etagOf(body) };
  };

  async function serve(route: FastReadRoute, params: string[], query: Map<string, string>, cookies: Record<string, string>, request: IncomingMessage, response: ServerResponse) {
    let client: Promise<ClientContext | null> | undefined;
    const read: FastReadRequest = { params, query, render, client: () => (client ??= clientOf(request, cookies)) };
    const answer = await route.answer(read);
    const caller = answer && (await read.client());
    if (!answer || !caller) return toFramework(request, response);
    const outcome = await options.limits.hit('general', rateLimitKeysOf(caller));
    // Counted in the rate limit: from here the request is this answer's, whatever happens.
    try {
      send(request, response, answer, outcome);
    } catch (error) {
      response.destroy(error as Error);
    }
  }

  async function clientOf(request: IncomingMessage, cookies: Record<string, string>): Promise<ClientContext | null> {
    const anonymous = clientContextFrom({
      headers: request.headers,
      ip: proxyAddr(request, options.trustProxy),
      userId: null,
      provenAnonIds: options.provenAnonIds(cookies[VISITOR_COOKIE_NAME]),
    });
    try {
      const user = await options.authenticate(request.headers.authorization, anonymous);
      return user ? { ...anonymous, userId: user.id } : anonymous;
    } catch {
      return null;
    }
  }

  function send(request: IncomingMessage, response: ServerResponse, answer: RenderedJson, outcome: RateLimitOutcome) {
    if (!outcome.allowed) {
      if (options.poweredBy) response.setHeader('X-Powered-By', 'Express');
      return sendApiError(response, toApiError(applyRateLimit(response, outcome)));
    }
    // One flat list, in the framework's order: writeHead takes it without a setHeader per name.
    const headers = options.poweredBy ? ['X-Powered-By', 'Express'] : [];
    for (const [name, value] of rateLimitHeaders(outcome)) headers.push(name, value);
    if (fresh(request.headers, { etag: answer.etag })) {
      headers.push('ETag', answer.etag);
      return response.writeHead(304, headers).end();
    }
    // Compressed as the framework's JSON answers are (compressJsonAnswers), once per rendered answer.
    const { varies, coding } = jsonCoding(request.headers['accept-encoding'], answer.body.length);
    let body = answer.body;
    if (coding) {
      answer.compressed ??= {};
      body = answer.compressed[coding] ??= compressJson(answer.body, coding);
      headers.push('Content-Encoding', coding);
    }
    headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length), 'ETag', answer.etag);
    if (varies) headers.push('Vary', 'Accept-Encoding');
    response.writeHead(200, headers).end(body);
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET') return toFramework(request, response);
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    for (const route of options.routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const query = plainQuery(mark < 0 ? '' : url.slice(mark + 1));
      const cookies = parseCookies(request.headers.cookie);
      const csrf = cookies[CSRF_COOKIE_NAME];
      if (!query || !csrf || !CSRF_TOKEN_PATTERN.test(csrf)) break;
      // A failure before the count (a store or a limiter that is down) is the framework's to answer.
      serve(route, match.slice(1), query, cookies, request, response).catch(() => toFramework(request, response));
      return;
    }
    toFramework(request, response);
  });
}
