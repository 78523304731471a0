import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Filter, FindOptions } from '@ringcheck/projections';
import type request from 'supertest';
import { EmbeddedReadStore } from '../src/infrastructure/read-store';
import type { QueryExplanation } from '../src/infrastructure/read-store/query-plan';
import { READ_STORE } from '../src/infrastructure/storage';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { completedDiscovery, settledCall } from './settled';
import { connect } from './socket-client';
import { type TestApp, type TestVisitor, newVisitor, startTestApp, urlOf } from './test-app';

/**
 * Every REST route and socket room, called by each kind of caller, each answer checked against what that
 * caller may see. The owners: a signed-out visitor and a signed-in user, each with a search and a finished
 * call. The others: a stranger (no visitor id at all), another visitor, another user, and a thief who
 * learned the visitor's anon_id and sends it everywhere, without the browser's proof.
 */
type RoleName = 'stranger' | 'otherVisitor' | 'otherUser' | 'thief' | 'anonOwner' | 'userOwner';

interface ObservedQuery {
  collection: string;
  explanation: QueryExplanation;
  filter: Filter;
  options: FindOptions;
}
const queries: ObservedQuery[] = [];
let observed: EmbeddedReadStore | undefined;

/** A query's collection (without its version), plan, and the fields it filters and sorts on. */
function queryShape({ collection, explanation, filter, options }: ObservedQuery): string {
  const fields = (value: object) => Object.keys(value).sort().join(',');
  return `${collection.replace(/_v\d+(_g\d+)?$/, '')} ${explanation.kind}${explanation.index ? `(${explanation.index})` : ''} sort=${explanation.sort} filter={${fields(filter)}} by={${fields(options.sort ?? {})}}`;
}

const ROLES: RoleName[] = ['stranger', 'otherVisitor', 'otherUser', 'thief', 'anonOwner', 'userOwner'];
type Method = 'get' | 'post' | 'patch' | 'delete';

const PASSWORD = 'Vivid-Lantern-Orbit-42';
/** Every role tries the owner's e-mail from one loopback address: the sign-in throttle is not under test here. */
const HIGH_AUTH_LIMITS = { AUTH_RATE_LIMIT_PER_ACCOUNT_ADDRESS: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' };
const PREVIEW_KEYS = ['access', 'analysis', 'business_name', 'call_id', 'created_at', 'error_message', 'id', 'kind', 'phase', 'retry_count', 'sandbox', 'status', 'to_number', 'viewer_is_owner'];
const PREVIEW_ANALYSIS_KEYS = ['access', 'attempts_before_pickup', 'connection_status', 'first_call_success'];

interface Caller {
  name: RoleName;
  browser: TestVisitor | null;
  token: string | null;
  userId: string | null;
}

interface World {
  t: TestApp;
  callers: Record<RoleName, Caller>;
  anonCall: string;
  userCall: string;
  anonDisc: string;
  userDisc: string;
  /** One business of each owner's search, both called by their owner. */
  anonPlaceResult: string;
  placeResult: string;
  /** The signed-in owner's location of the business it called. */
  userLocation: string;
}

interface Case {
  /** The OpenAPI operation this case covers. */
  op: string;
  /** Path and body for this caller (defaults: the op's path with `{id}` from `id`). */
  send(w: World, caller: Caller): { path: string; body?: object; headers?: Record<string, string> };
  /** Checks the answer for this caller. */
  check(w: World, caller: Caller, res: request.Response): void | Promise<void>;
}

const isUser = (c: Caller) => c.token !== null;
function status(res: request.Response, expected: number | number[], who: RoleName): void {
  const allowed = [expected].flat();
  if (!allowed.includes(res.status)) throw new Error(`${who}: expected ${allowed.join(' or ')}, got ${res.status} ${JSON.stringify(res.body)}`);
}

/** Owner ids the caller is not, which no answer to it may carry. */
function foreignOwnerIds(w: World, caller: Caller): string[] {
  const ids: string[] = [];
  if (caller.name !== 'anonOwner') ids.push(w.callers.anonOwner.browser!.anonId);
  if (caller.name !== 'userOwner') ids.push(w.callers.userOwner.userId!);
  return ids;
}

/** The preview, and nothing more; `viewerIsOwner` is absent where several viewers share the view. */
function expectPreview(body: Record<string, unknown>, viewerIsOwner: boolean | undefined) {
  expect(Object.keys(body).sort()).toEqual(PREVIEW_KEYS.filter((key) => viewerIsOwner !== undefined || key !== 'viewer_is_owner'));
  expect(body.access).toBe('preview');
  expect(body.viewer_is_owner).toBe(viewerIsOwner);
  expect(['queued', 'calling', 'analyzing', 'done', 'failed', 'canceled']).toContain(body.phase);
  if (body.analysis) expect(Object.keys(body.analysis as object).sort()).toEqual(PREVIEW_ANALYSIS_KEYS);
}

function expectFull(body: Record<string, unknown>) {
  expect(body.access).toBe('full');
  expect(body).toHaveProperty('ring_count');
  expect(body).toHaveProperty('timeline');
  expect(body).toHaveProperty('transcript');
  expect(body.analysis).toHaveProperty('time_to_answer');
  expect(body.analysis).toHaveProperty('transcript');
}

const listedIds = (res: request.Response): string[] => (res.body.results ?? []).map((r: { id: string }) => r.id);
const unauthenticated = (w: World, c: Caller, res: request.Response) => {
  if (isUser(c)) return;
  status(res, 401, c.name);
  expect(res.body.error).toBe('authentication_required');
};

const CASES: Case[] = [
  // Calls: the report, its recording, cancel and place, lists.
  {
    op: 'GET /api/call-management/calls/{id}',
    send: (w) => ({ path: `/api/call-management/calls/${w.userCall}/` }),
    check: (_w, c, res) => {
      status(res, 200, c.name);
      if (c.name === 'userOwner') expectFull(res.body);
      else expectPreview(res.body, false);
    },
  },
  {
    op: 'GET /api/call-management/calls/{id}',
    send: (w) => ({ path: `/api/call-management/calls/${w.anonCall}/` }),
    check: (_w, c, res) => {
      status(res, 200, c.name);
      // Even its own visitor gets the preview while signed out (spec section 6); only it may cancel.
      expectPreview(res.body, c.name === 'anonOwner');
    },
  },
  {
    op: 'GET /api/call-management/calls/{id}/recording',
    send: (w) => ({ path: `/api/call-management/calls/${w.userCall}/recording/` }),
    check: (_w, c, res) => {
      status(res, c.name === 'userOwner' ? 200 : 403, c.name);
      if (c.name === 'userOwner') expect(res.headers['content-type']).toBe('audio/mpeg');
    },
  },
  {
    op: 'POST /api/call-management/calls/{id}/cancel_call',
    send: (w) => ({ path: `/api/call-management/calls/${w.anonCall}/cancel_call/` }),
    // The owner is recognised (the call is over, so 409); everyone else is refused before that.
    check: (_w, c, res) => status(res, c.name === 'anonOwner' ? 409 : 403, c.name),
  },
  {
    op: 'POST /api/call-management/calls/{id}/cancel_call',
    send: (w) => ({ path: `/api/call-management/calls/${w.userCall}/cancel_call/` }),
    check: (_w, c, res) => status(res, c.name === 'userOwner' ? 409 : 403, c.name),
  },
  {
    op: 'POST /api/call-management/calls/{id}/place_call',
    send: (w) => ({ path: `/api/call-management/calls/${w.anonCall}/place_call/` }),
    // The owner is recognised (the call was placed long ago, so 409); everyone else is refused before that.
    check: (_w, c, res) => status(res, c.name === 'anonOwner' ? 409 : 403, c.name),
  },
  {
    op: 'GET /api/call-management/calls',
    send: () => ({ path: '/api/call-management/calls/' }),
    check: (w, c, res) => {
      status(res, 200, c.name);
      const ids = listedIds(res);
      expect(ids.includes(w.anonCall)).toBe(c.name === 'anonOwner');
      expect(ids.includes(w.userCall)).toBe(c.name === 'userOwner');
    },
  },
  {
    op: 'GET /api/calls',
    send: (w) => ({ path: `/api/calls/?place_search_result=${w.placeResult}` }),
    check: (w, c, res) => {
      status(res, 200, c.name);
      expect(listedIds(res)).toEqual(c.name === 'userOwner' ? [w.userCall] : []);
    },
  },
  // Starting calls: each caller's call is its own, never the visitor whose id the thief sends.
  ...(
    [
      ['POST /api/call-management/mock-test-call', () => ({})],
      ['POST /api/call-management/secret-shopper-call', (w: World) => ({ discovery_id: w.anonDisc, place_result_id: w.anonPlaceResult })],
      ['POST /api/call-management/initiate-realtime', (w: World) => ({ discovery_id: w.anonDisc, place_result_id: w.anonPlaceResult })],
    ] as const
  ).map(
    ([op, body]): Case => ({
      op,
      send: (w) => ({ path: `${op.slice('POST '.length)}/`, body: body(w) }),
      check: async (w, c, res) => {
        status(res, 201, c.name);
        if (isUser(c)) expectFull(await finishedFor(w, c, res.body.id));
        else expectPreview(res.body, c.browser !== null);
        const owners = await listFor(w, w.callers.anonOwner);
        if (c.name !== 'anonOwner') expect(owners).not.toContain(res.body.id);
        await cancelFor(w, c, res.body.id);
      },
    }),
  ),
  {
    op: 'POST /api/call-management/calls',
    send: (w) => ({ path: '/api/call-management/calls/', body: { business_discovery: w.anonDisc, to_number: PLACE_NUMBER.value } }),
    check: (w, c, res) => {
      status(res, 201, c.name);
      expect(res.body.status).toBe('queued');
      expect(res.body.viewer_is_owner).toBe(c.browser !== null || isUser(c));
      return cancelFor(w, c, res.body.id);
    },
  },
  {
    op: 'POST /api/call-management/test-call',
    send: () => ({ path: '/api/call-management/test-call/', body: { phone_number: '(999) 555-0100' } }),
    check: (_w, c, res) => {
      status(res, isUser(c) ? 201 : 401, c.name);
      if (!isUser(c)) expect(res.body.signup_required).toBe(true);
    },
  },
  // Discoveries: anyone may follow one by id, nobody learns who searched.
  {
    op: 'POST /api/discoveries',
    send: () => ({ path: '/api/discoveries/', body: { business_name: 'Pizza Palace', location: 'New York, NY' } }),
    check: async (w, c, res) => {
      status(res, 201, c.name);
      expect(res.body).not.toHaveProperty('owner');
      if (c.name !== 'anonOwner') expect(await discoveriesFor(w, w.callers.anonOwner)).not.toContain(res.body.id);
    },
  },
  {
    op: 'GET /api/discoveries',
    send: () => ({ path: '/api/discoveries/' }),
    check: (w, c, res) => {
      status(res, 200, c.name);
      expect(listedIds(res).includes(w.anonDisc)).toBe(c.name === 'anonOwner');
      expect(listedIds(res).includes(w.userDisc)).toBe(c.name === 'userOwner');
    },
  },
  {
    op: 'GET /api/discoveries/{id}/status',
    send: (w) => ({ path: `/api/discoveries/${w.anonDisc}/status/` }),
    check: (w, c, res) => {
      status(res, 200, c.name);
      expect(res.body.id).toBe(w.anonDisc);
    },
  },
  {
    op: 'GET /api/discoveries/{id}/results',
    send: (w) => ({ path: `/api/discoveries/${w.userDisc}/results/` }),
    check: (w, c, res) => {
      status(res, 200, c.name);
      expect(res.body.place_search_results.length).toBeGreaterThan(0);
    },
  },
  // Users: signed-in only, and only the caller's own visitors.
  {
    op: 'POST /api/users/link-anonymous',
    send: (w) => ({ path: '/api/users/link-anonymous/', body: { anon_id: w.callers.anonOwner.browser!.anonId, conversion_source: 'signin' } }),
    check: (_w, c, res) => {
      if (!isUser(c)) return unauthenticated(_w, c, res);
      status(res, 403, c.name);
      expect(res.body.error).toBe('visitor_not_proven');
    },
  },
  {
    op: 'POST /api/users/link-multiple-anonymous',
    send: (w) => ({ path: '/api/users/link-multiple-anonymous/', body: { anon_ids: [w.callers.anonOwner.browser!.anonId] } }),
    check: (_w, c, res) => {
      if (!isUser(c)) return unauthenticated(_w, c, res);
      status(res, 403, c.name);
      expect(res.body.fields).toHaveProperty(['anon_ids.0']);
    },
  },
  {
    op: 'GET /api/users/anonymous-status/{id}',
    send: (w) => ({ path: `/api/users/anonymous-status/${w.callers.anonOwner.browser!.anonId}/` }),
    check: (_w, c, res) => {
      if (!isUser(c)) return unauthenticated(_w, c, res);
      status(res, 200, c.name);
      expect(res.body).toMatchObject({ linked_to_current_user: false, visit_count: null, first_seen_at: null, linked_at: null });
    },
  },
  ...['GET /api/users/conversion-analytics', 'GET /api/users/onboarding-progress', 'DELETE /api/users/onboarding-progress'].map(
    (op): Case => ({
      op,
      send: () => ({ path: `${op.split(' ')[1]}/` }),
      check: (w, c, res) => (isUser(c) ? status(res, 200, c.name) : unauthenticated(w, c, res)),
    }),
  ),
  // The workspace: locations, plan, business profiles, only ever the caller's own.
  ...['GET /api/users/plan', 'GET /api/business/profiles'].map(
    (op): Case => ({
      op,
      send: () => ({ path: `${op.split(' ')[1]}/` }),
      check: (w, c, res) => (isUser(c) ? status(res, 200, c.name) : unauthenticated(w, c, res)),
    }),
  ),
  {
    op: 'GET /api/users/locations',
    send: () => ({ path: '/api/users/locations/' }),
    check: (w, c, res) => {
      if (!isUser(c)) return unauthenticated(w, c, res);
      status(res, 200, c.name);
      expect(listedIds(res).includes(w.userLocation)).toBe(c.name === 'userOwner');
    },
  },
  {
    op: 'GET /api/users/locations/summary',
    send: () => ({ path: '/api/users/locations/summary/' }),
    check: (w, c, res) => {
      if (!isUser(c)) return unauthenticated(w, c, res);
      status(res, 200, c.name);
      expect(res.body.firstCall?.id === w.userCall).toBe(c.name === 'userOwner');
    },
  },
  {
    op: 'POST /api/users/locations/save',
    send: (w) => ({ path: '/api/users/locations/save/', body: { place_search_result_id: w.placeResult } }),
    check: (w, c, res) => {
      if (!isUser(c)) return unauthenticated(w, c, res);
      status(res, 201, c.name);
      // Saving a business found by another's search makes a location of the caller's own.
      expect(res.body.id === w.userLocation).toBe(c.name === 'userOwner');
    },
  },
  {
    op: 'POST /api/users/locations/{id}/toggle-favorite',
    send: (w) => ({ path: `/api/users/locations/${w.userLocation}/toggle-favorite/` }),
    check: (w, c, res) => (isUser(c) ? status(res, c.name === 'userOwner' ? 200 : 404, c.name) : unauthenticated(w, c, res)),
  },
  {
    op: 'GET /api/users/locations/{id}/history',
    send: (w) => ({ path: `/api/users/locations/${w.userLocation}/history/` }),
    check: (w, c, res) => {
      if (!isUser(c)) return unauthenticated(w, c, res);
      status(res, c.name === 'userOwner' ? 200 : 404, c.name);
      if (c.name === 'userOwner') expect(res.body.calls.map((call: { id: string }) => call.id)).toContain(w.userCall);
      else expect(JSON.stringify(res.body)).not.toContain(w.userCall);
    },
  },
  {
    op: 'POST /api/business/profiles',
    send: () => ({ path: '/api/business/profiles/', body: { name: 'Harbor Dental', phone: '(207) 555-0143' } }),
    check: (w, c, res) => (isUser(c) ? status(res, 201, c.name) : unauthenticated(w, c, res)),
  },
  {
    op: 'POST /api/users/onboarding-progress',
    send: () => ({ path: '/api/users/onboarding-progress/', body: { completedSteps: ['add-location'] } }),
    check: (w, c, res) => (isUser(c) ? status(res, 200, c.name) : unauthenticated(w, c, res)),
  },
  // The account: only ever the caller's own (no route names another user).
  {
    op: 'GET /api/auth/me',
    send: () => ({ path: '/api/auth/me/' }),
    check: (_w, c, res) => {
      if (!isUser(c)) return unauthenticated(_w, c, res);
      status(res, 200, c.name);
      expect(res.body.id).toBe(c.userId);
    },
  },
  {
    op: 'PATCH /api/users/me',
    send: () => ({ path: '/api/users/me/', body: { first_name: 'Robin' } }),
    check: (_w, c, res) => {
      if (!isUser(c)) return unauthenticated(_w, c, res);
      status(res, 200, c.name);
      expect(res.body.id).toBe(c.userId);
    },
  },
  {
    op: 'POST /api/users/me/password',
    send: () => ({ path: '/api/users/me/password/', body: { current_password: 'not-my-password-1', new_password: 'Another-Vivid-Orbit-43' } }),
    check: (_w, c, res) => (isUser(c) ? status(res, [400, 403], c.name) : unauthenticated(_w, c, res)),
  },
  {
    op: 'DELETE /api/users/me',
    send: () => ({ path: '/api/users/me/', body: { password: 'not-my-password-1' } }),
    check: (_w, c, res) => (isUser(c) ? status(res, [400, 403], c.name) : unauthenticated(_w, c, res)),
  },
  {
    op: 'POST /api/auth/sign-in',
    send: (w) => ({ path: '/api/auth/sign-in/', body: { email: OWNER_EMAIL.value, password: 'not-my-password-1' } }),
    check: (_w, c, res) => {
      status(res, 401, c.name);
      expect(res.body).not.toHaveProperty('access_token');
    },
  },
  {
    op: 'POST /api/auth/sign-up',
    send: () => ({ path: '/api/auth/sign-up/', body: { email: OWNER_EMAIL.value, password: PASSWORD } }),
    // The owner's address is taken; the answer does not sign anyone in as the owner.
    check: (_w, c, res) => {
      status(res, [400, 409], c.name);
      expect(res.body).not.toHaveProperty('access_token');
    },
  },
  {
    op: 'POST /api/auth/refresh',
    send: () => ({ path: '/api/auth/refresh/' }),
    // Only a browser holding a refresh cookie gets a token, and only its own user's.
    check: (_w, c, res) => {
      if (res.status === 200) expect(res.body.user.id).toBe(c.userId);
      else status(res, 401, c.name);
      if (!c.userId) status(res, 401, c.name);
    },
  },
  // Analytics: visits and consent only for the visitor the browser proves.
  {
    op: 'POST /api/analytics/track-user',
    send: (w) => ({
      path: '/api/analytics/track-user/',
      body: { fingerprint: 'fp-matrix-0001', screen_resolution: '1280x800', timezone: 'UTC', language: 'en', anon_id: w.callers.anonOwner.browser!.anonId },
    }),
    check: (w, c, res) => {
      status(res, 200, c.name);
      const victim = w.callers.anonOwner.browser!.anonId;
      expect(res.body.anon_id === victim).toBe(c.name === 'anonOwner');
    },
  },
  {
    op: 'POST /api/analytics/gdpr-consent',
    send: (w) => ({ path: '/api/analytics/gdpr-consent/', body: { consent: true, anon_id: w.callers.anonOwner.browser!.anonId } }),
    check: (_w, c, res) => status(res, c.name === 'anonOwner' ? 200 : 403, c.name),
  },
  {
    op: 'POST /api/analytics/track-event',
    send: () => ({ path: '/api/analytics/track-event/', body: { event_type: 'track', event_name: 'Matrix' } }),
    check: (_w, c, res) => status(res, 200, c.name),
  },
  {
    op: 'POST /api/analytics/batch',
    send: () => ({
      path: '/api/analytics/batch/',
      body: { batch: [{ type: 'track', messageId: randomUUID(), timestamp: new Date().toISOString(), event: 'Matrix' }], sentAt: new Date().toISOString() },
    }),
    // Messages go to the caller's own stream, and only with its proven visitor's consent: none without a visitor.
    check: (_w, c, res) => {
      status(res, 200, c.name);
      expect(res.body.accepted + res.body.dropped).toBe(1);
      if (!c.browser) expect(res.body.accepted).toBe(0);
    },
  },
  {
    op: 'GET /api/analytics/conversion',
    send: () => ({ path: '/api/analytics/conversion/' }),
    // Analysts only, and no caller here is one.
    check: (w, c, res) => {
      unauthenticated(w, c, res);
      if (isUser(c)) status(res, 403, c.name);
    },
  },
  ...['GET /api/analytics/feature-flags', 'GET /api/analytics/rate-limits', 'GET /api/auth/config', 'GET /api/auth/jwks', 'GET /.well-known/jwks.json'].map(
    (op): Case => ({ op, send: () => ({ path: op.endsWith('.json') ? op.split(' ')[1] : `${op.split(' ')[1]}/` }), check: (_w, c, res) => status(res, 200, c.name) }),
  ),
  // Content is public and the same for everyone; drafts and other document types are for nobody.
  { op: 'GET /api/content/config', send: () => ({ path: '/api/content/config/' }), check: (_w, c, res) => status(res, 200, c.name) },
  ...['GET', 'POST'].map(
    (method): Case => ({
      op: `${method} /api/content/{apiVersion}/data/query/{dataset}`,
      send: () =>
        method === 'GET'
          ? { path: `/api/content/v2023-05-03/data/query/production?${new URLSearchParams({ query: '*[_type == "faq"][0..1]{question}' })}` }
          : { path: '/api/content/v2023-05-03/data/query/production', body: { query: '*[_id in path("drafts.**")]' } },
      check: (_w, c, res) => {
        status(res, 200, c.name);
        if (method === 'POST') expect(res.body.result).toEqual([]);
      },
    }),
  ),
  { op: 'GET /api/health', send: () => ({ path: '/api/health' }), check: (_w, c, res) => status(res, 200, c.name) },
  // Last, as it ends the caller's own session (and, the later roles show, nobody else's).
  {
    op: 'POST /api/auth/sign-out',
    send: () => ({ path: '/api/auth/sign-out/' }),
    check: (_w, c, res) => status(res, 204, c.name),
  },
];

// Filled in once the world exists (cases are declared before it).
const PLACE_NUMBER = { value: '' };
const OWNER_EMAIL = { value: '' };

let helpers: { world: World } | null = null;
const finishedFor = (w: World, c: Caller, id: string) => settledCall((path) => requestAs(w, c, 'get', path), id);
const cancelFor = async (w: World, c: Caller, id: string) => {
  await requestAs(w, c, 'post', `/api/call-management/calls/${id}/cancel_call/`, {});
};
const listFor = async (w: World, c: Caller) => listedIds(await requestAs(w, c, 'get', '/api/call-management/calls/'));
const discoveriesFor = async (w: World, c: Caller) => listedIds(await requestAs(w, c, 'get', '/api/discoveries/'));

function requestAs(w: World, c: Caller, method: Method, path: string, body?: object, headers: Record<string, string> = {}) {
  const agent = c.browser?.agent ?? w.t.agent;
  let pending = agent[method](path).set('X-CSRFToken', c.browser?.csrf ?? w.t.csrf);
  if (c.browser) pending = pending.set('X-Anonymous-ID', c.browser.anonId);
  if (c.name === 'thief') pending = pending.set('X-Anonymous-ID', w.callers.anonOwner.browser!.anonId);
  if (c.token) pending = pending.set('Authorization', `Bearer ${c.token}`);
  for (const [name, value] of Object.entries(headers)) pending = value === '' ? pending.unset(name) : pending.set(name, value);
  return body === undefined ? pending : pending.send(body);
}

describe('authorization matrix', () => {
  let w: World;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-matrix-'));
    const t = await startTestApp(
      { ...HIGH_LIMITS, ...HIGH_AUTH_LIMITS, SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off', DATA_DIR: dataDir },
      {
        // Every query the read models answer while the matrix runs, to show how each is answered.
        override: (module) =>
          module.overrideProvider(READ_STORE).useFactory({
            factory: async () => {
              observed = await EmbeddedReadStore.open(dataDir, { onQuery: (collection, explanation, filter, options) => queries.push({ collection, explanation, filter, options }) });
              return observed;
            },
          }),
      },
    );
    const signUp = async (browser: TestVisitor, email = `matrix-${randomUUID()}@example.com`) => {
      const res = await browser.post('/api/auth/sign-up/', { email, password: PASSWORD, first_name: 'Dana' });
      expect(res.status).toBe(201);
      return { token: res.body.access_token as string, userId: res.body.user.id as string };
    };
    const anonBrowser = await newVisitor(t.app);
    const userBrowser = await newVisitor(t.app);
    const otherUserBrowser = await newVisitor(t.app);
    OWNER_EMAIL.value = `owner-${randomUUID()}@example.com`;
    const owner = await signUp(userBrowser, OWNER_EMAIL.value);
    const other = await signUp(otherUserBrowser);
    const callers: Record<RoleName, Caller> = {
      stranger: { name: 'stranger', browser: null, token: null, userId: null },
      otherVisitor: { name: 'otherVisitor', browser: await newVisitor(t.app), token: null, userId: null },
      otherUser: { name: 'otherUser', browser: otherUserBrowser, ...other },
      thief: { name: 'thief', browser: await newVisitor(t.app), token: null, userId: null },
      anonOwner: { name: 'anonOwner', browser: anonBrowser, token: null, userId: null },
      userOwner: { name: 'userOwner', browser: userBrowser, ...owner },
    };
    w = { t, callers, anonCall: '', userCall: '', anonDisc: '', userDisc: '', anonPlaceResult: '', placeResult: '', userLocation: '' };
    helpers = { world: w };

    const discover = async (c: Caller) => {
      const created = await requestAs(w, c, 'post', '/api/discoveries/', { business_name: 'Pizza Palace', location: 'New York, NY' });
      return completedDiscovery((path) => requestAs(w, c, 'get', path), created.body.id);
    };
    const anonDisc = await discover(callers.anonOwner);
    const userDisc = await discover(callers.userOwner);
    w.anonDisc = anonDisc.id;
    w.userDisc = userDisc.id;
    w.anonPlaceResult = anonDisc.place_search_results[0].id;
    PLACE_NUMBER.value = anonDisc.place_search_results[0].phone_number;
    // Each owner calls the first business its search found.
    const byPlace = await requestAs(w, callers.userOwner, 'post', '/api/call-management/secret-shopper-call/', {
      discovery_id: w.userDisc,
      place_result_id: userDisc.place_search_results[0].id,
    });
    w.placeResult = userDisc.place_search_results[0].id;
    await finishedFor(w, callers.userOwner, byPlace.body.id);
    w.userCall = byPlace.body.id;
    w.userLocation = (await requestAs(w, callers.userOwner, 'get', '/api/users/locations/')).body.results[0].id;
    const anonByPlace = await requestAs(w, callers.anonOwner, 'post', '/api/call-management/secret-shopper-call/', {
      discovery_id: w.anonDisc,
      place_result_id: anonDisc.place_search_results[0].id,
    });
    await finishedFor(w, callers.userOwner, anonByPlace.body.id);
    w.anonCall = anonByPlace.body.id;
  }, 60_000);
  afterAll(async () => {
    await helpers?.world.t.close();
    rmSync(w.t.config.dataDir, { recursive: true, force: true });
  });

  it('covers every operation of the API', async () => {
    const doc = (await w.t.agent.get('/api/docs-json')).body as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '')}`));
    const covered = new Set(CASES.map((c) => c.op));
    expect(operations.filter((op) => !covered.has(op))).toEqual([]);
  });

  describe.each(ROLES)('as %s', (roleName) => {
    it.each(CASES.map((c, i) => [`${c.op} #${i}`, c] as const))('%s', async (_label, testCase) => {
      const caller = w.callers[roleName];
      const { path, body, headers } = testCase.send(w, caller);
      const method = testCase.op.split(' ')[0].toLowerCase() as Method;
      const res = await requestAs(w, caller, method, path, body ?? (method === 'get' ? undefined : {}), headers);
      await testCase.check(w, caller, res);
      // Whatever the route, nothing in the answer names an owner the caller is not.
      const text = JSON.stringify(res.body ?? '') + String(res.headers['set-cookie'] ?? '');
      const echoed = JSON.stringify(body ?? {}) + path;
      for (const id of foreignOwnerIds(w, caller)) if (!echoed.includes(id)) expect(text).not.toContain(id);
    });
  });

  it('answered every read-model query of those requests through an index, in the order asked', () => {
    const shapes = new Set(queries.map(queryShape));
    // Queries of each kind the requests above make (a list, a report, a user's locations, a search...).
    for (const expected of ['calls index(owner_created) sort=index', 'discoveries index(owner_created) sort=index', 'locations index(user_recent) sort=index']) {
      expect([...shapes].some((shape) => shape.startsWith(expected))).toBe(true);
    }
    // Feature flags are a handful of configured documents, read whole.
    const unbounded = [...shapes].filter((shape) => !shape.startsWith('feature_flags ') && (/ scan /.test(shape) || / sort=memory /.test(shape)));
    expect(unbounded).toEqual([]);

    // And SQLite itself reads the range through the keys index, in the order asked (each document is then read by id).
    const byShape = new Map(queries.map((query) => [queryShape(query), query]));
    for (const [shape, query] of byShape) {
      if (query.explanation.kind !== 'index') continue;
      const plan = observed!.sqlitePlanOf(query.collection, query.filter, query.options.sort);
      if (plan === null) continue; // A collection dropped since (a rebuilt generation).
      const text = plan.join(' | ');
      // Several values of the leading field ({ownerId: {$in: [user, visitor]}}) are read a range each and
      // merged in a sort: bounded by what those values hold (one caller's calls), not by history.
      const merges = Object.values(query.filter).some((value) => Array.isArray((value as { $in?: unknown })?.$in) && (value as { $in: unknown[] }).$in.length > 1);
      expect({ shape, usesKeys: /SEARCH k USING (COVERING )?INDEX rs_k\d+_keys/.test(text), sorts: /TEMP B-TREE/.test(text) && !merges }).toEqual({
        shape,
        usesKeys: true,
        sorts: false,
      });
    }
  });
});

describe('authorization matrix: socket rooms', () => {
  let t: TestApp;
  let url: string;
  const socketRoles: Array<{ name: RoleName; browser: () => TestVisitor | null; token: () => string | null; anonId?: () => string }> = [];
  let anonOwner: TestVisitor;
  let userOwner: { browser: TestVisitor; token: string; userId: string };
  let otherUser: { browser: TestVisitor; token: string };
  let otherVisitor: TestVisitor;
  let thief: TestVisitor;
  let anonCall: string;
  let userCall: string;
  let disc: string;

  beforeAll(async () => {
    t = await startTestApp({ ...HIGH_LIMITS, SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off' });
    url = await urlOf(t.app);
    const signUp = async () => {
      const browser = await newVisitor(t.app);
      const res = await browser.post('/api/auth/sign-up/', { email: `rooms-${randomUUID()}@example.com`, password: PASSWORD });
      return { browser, token: res.body.access_token as string, userId: res.body.user.id as string };
    };
    anonOwner = await newVisitor(t.app);
    userOwner = await signUp();
    otherUser = await signUp();
    otherVisitor = await newVisitor(t.app);
    thief = await newVisitor(t.app);
    anonCall = (await anonOwner.post('/api/call-management/mock-test-call/')).body.id;
    userCall = (await userOwner.browser.post('/api/call-management/mock-test-call/').set('Authorization', `Bearer ${userOwner.token}`)).body.id;
    disc = (await anonOwner.post('/api/discoveries/', { business_name: 'Pizza Palace', location: 'New York, NY' })).body.id;
    socketRoles.push(
      { name: 'stranger', browser: () => null, token: () => null },
      { name: 'otherVisitor', browser: () => otherVisitor, token: () => null },
      { name: 'otherUser', browser: () => otherUser.browser, token: () => otherUser.token },
      { name: 'thief', browser: () => thief, token: () => null, anonId: () => anonOwner.anonId },
      { name: 'anonOwner', browser: () => anonOwner, token: () => null },
      { name: 'userOwner', browser: () => userOwner.browser, token: () => userOwner.token },
    );
  });
  afterAll(() => t.close());

  /** What each room gives each caller: refused, the preview, or everything. */
  const expected: Record<string, Record<RoleName, 'refused' | 'preview' | 'full' | 'own' | 'shared'>> = {
    'call:user': { stranger: 'preview', otherVisitor: 'preview', otherUser: 'preview', thief: 'preview', anonOwner: 'preview', userOwner: 'full' },
    'call:anon': { stranger: 'preview', otherVisitor: 'preview', otherUser: 'preview', thief: 'preview', anonOwner: 'preview', userOwner: 'preview' },
    'user:owner': { stranger: 'refused', otherVisitor: 'refused', otherUser: 'refused', thief: 'refused', anonOwner: 'refused', userOwner: 'full' },
    'anonymous:owner': { stranger: 'refused', otherVisitor: 'refused', otherUser: 'refused', thief: 'refused', anonOwner: 'own', userOwner: 'refused' },
    discovery: { stranger: 'shared', otherVisitor: 'shared', otherUser: 'shared', thief: 'shared', anonOwner: 'shared', userOwner: 'shared' },
  };
  const roomName = (key: string) =>
    ({ 'call:user': `call:${userCall}`, 'call:anon': `call:${anonCall}`, 'user:owner': `user:${userOwner.userId}`, 'anonymous:owner': `anonymous:${anonOwner.anonId}`, discovery: `discovery:${disc}` })[key]!;

  it.each(ROLES.flatMap((role) => Object.keys(expected).map((room) => [role, room] as const)))('%s following %s', async (roleName, key) => {
    const role = socketRoles.find((r) => r.name === roleName)!;
    const browser = role.browser();
    const socket = await connect(url, { visitor: browser ?? undefined, token: role.token() ?? undefined, anonId: role.anonId?.() });
    try {
      const updates: Array<{ projection: string; document: Record<string, unknown> | null }> = [];
      socket.on('update', (m) => updates.push(m));
      const ack = await socket.emitWithAck('subscribe', { room: roomName(key), lastPosition: 0 });
      const want = expected[key][roleName];
      expect({ roleName, key, ok: ack.ok }).toEqual({ roleName, key, ok: want !== 'refused' });
      if (want === 'refused') return;
      await eventually(`the ${key} room to replay its documents to ${roleName}`, () => updates.length > 0);
      for (const { projection, document } of updates) {
        if (want === 'full') expect(document?.access ?? 'full').toBe('full');
        // A signed-out visitor's own room: its visits and searches, and its calls as the preview marked as its own.
        if (want === 'own' && projection === 'calls') expectPreview(document!, true);
        if (want === 'preview') expectPreview(document!, undefined);
        if (want === 'shared') expect(document).not.toHaveProperty('ownerId');
        const text = JSON.stringify(document);
        if (roleName !== 'anonOwner') expect(text).not.toContain(anonOwner.anonId);
        if (roleName !== 'userOwner') expect(text).not.toContain(userOwner.userId);
      }
    } finally {
      socket.close();
    }
  });
});
