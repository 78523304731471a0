import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ComparisonDocument, ContentQueryView, ContentServiceView, FaqDocument, PricingDocument } from '@ringcheck/projections';
import { EmbeddedContentSource } from '../src/content/adapters/embedded-content-source';
import { CONTENT_SOURCE } from '../src/content/ports/content-source';
import { findRepoRoot } from '../src/infrastructure/config';
import { startTestApp, type TestApp, urlOf } from './test-app';

// The web app's own client, as it talks to this endpoint (it is a dependency of the web app).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createClient } = require(join(findRepoRoot()!, 'frontend/node_modules/@sanity/client')) as typeof import('../../frontend/node_modules/@sanity/client');

const QUERY_PATH = '/api/content/v2023-05-03/data/query/production';
const queryPath = (query: string, params: Record<string, unknown> = {}) => {
  const search = new URLSearchParams({ query });
  for (const [name, value] of Object.entries(params)) search.append(`$${name}`, JSON.stringify(value));
  return `${QUERY_PATH}?${search}`;
};
const get = (app: TestApp, query: string, params: Record<string, unknown> = {}) => app.agent.get(queryPath(query, params));

describe('the content query endpoint over the bundled dataset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers { query, result, ms } with each type in creation order, cacheable by a CDN', async () => {
    const res = await get(app, '*[_type == "faq"] | order(_createdAt asc) { _id, _createdAt, question, answer }');
    expect(res.status).toBe(200);
    const body = res.body as ContentQueryView<FaqDocument[]>;
    expect(body.query).toBe('*[_type == "faq"] | order(_createdAt asc) { _id, _createdAt, question, answer }');
    expect(typeof body.ms).toBe('number');
    expect(body.result.length).toBeGreaterThanOrEqual(10);
    const created = body.result.map((faq) => faq._createdAt);
    expect(created).toEqual([...created].sort());
    expect(body.result[0].question).toBe('What is a Ringcheck test call?');
    expect(res.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
    expect(res.headers.etag).toBeDefined();

    const again = await app.agent.get(queryPath(body.query)).set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  it('serves the three plans of the plan catalogue with the recommended one marked', async () => {
    const res = await get(app, '*[_type == "pricing"] | order(_createdAt asc) { title, price, features, isRecommended }');
    const plans = (res.body as ContentQueryView<Array<Pick<PricingDocument, 'title' | 'price' | 'features' | 'isRecommended'>>>).result;
    expect(plans.map((plan) => `${plan.title} ${plan.price}${plan.isRecommended ? ' recommended' : ''}`)).toEqual([
      'Free $0/month',
      'Pro $29/month recommended',
      'Enterprise $99/month',
    ]);
    expect(plans[0].features).toEqual(['1 location', '5 test calls per month', 'Basic analysis', 'Email support']);
    expect(plans[1].features).toEqual(expect.arrayContaining(['Up to 5 locations', 'Unlimited test calls', 'Weekly checkups', 'Competitor analysis']));
  });

  it('finds a comparison by its slug parameter, and answers null for a slug it does not hold', async () => {
    const query = '*[_type == "comparison" && slug.current == $slug][0]{ competitor, advantage, "slug": slug.current, points }';
    const found = await get(app, query, { slug: 'call-tracking-software' });
    expect(found.body.result).toEqual(expect.objectContaining({ competitor: 'Call-Tracking Software', slug: 'call-tracking-software' }));
    expect(found.body.result.points.length).toBeGreaterThan(0);
    const missing = await get(app, query, { slug: 'no-such-thing' });
    expect([missing.status, missing.body.result]).toEqual([200, null]);
  });

  it('answers a query sent as a POST body, without a CSRF token (it changes nothing)', async () => {
    const res = await app.agent.post(QUERY_PATH).send({ query: 'count(*[_type == $type])', params: { type: 'comparison' } });
    expect([res.status, res.body.result]).toEqual([200, 4]);
  });

  it('answers errors as Sanity does: a syntax error with its position, bad parameters, too costly, unknown dataset', async () => {
    const syntax = await get(app, '*[_type == ');
    expect(syntax.status).toBe(400);
    expect(syntax.body).toEqual({ error: expect.objectContaining({ type: 'queryParseError', query: '*[_type == ', start: expect.any(Number), end: expect.any(Number) }) });
    expect(syntax.headers['cache-control']).toBe('no-store');

    const unquoted = await app.agent.get(`${QUERY_PATH}?query=*%5B_type%3D%3D%24t%5D&%24t=faq`);
    expect([unquoted.status, unquoted.body.error.description]).toEqual([400, 'Unable to parse value of "$t=faq". Please quote string values.']);

    const missingParam = await get(app, '*[_type == $type]');
    expect(missingParam.body.error.description).toBe('param $type referenced, but not provided');

    const costly = await get(app, '*{ "a": *{ "b": *{ "c": * } } }');
    expect([costly.status, costly.body.error.type]).toEqual([400, 'queryTooCostly']);

    const tooLong = await get(app, `*[${' '.repeat(10_001)}]`);
    expect([tooLong.status, tooLong.body.error.type]).toEqual([400, 'queryTooLong']);

    const noQuery = await app.agent.get(QUERY_PATH);
    expect([noQuery.status, noQuery.body.error.description]).toEqual([400, 'Missing query parameter "query"']);

    const dataset = await app.agent.get('/api/content/v2023-05-03/data/query/staging?query=*');
    expect([dataset.status, dataset.body.error.type]).toEqual([404, 'datasetNotFound']);

    const version = await app.agent.get('/api/content/v2023-5-3/data/query/production?query=*');
    expect([version.status, version.body.error.description]).toEqual([400, expect.stringMatching(/Invalid API version/)]);
  });

  it('accepts a query written over several lines, as GROQ usually is', async () => {
    const res = await get(app, '*[_type == "pricing"]\n  | order(_createdAt asc)\n  { title }');
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(3);
  });

  it('tells the web app to query this server when no Sanity project is set', async () => {
    const res = await app.agent.get('/api/content/config/');
    expect(res.body as ContentServiceView).toEqual({ project_id: null, dataset: 'production', api_version: '2023-05-03', use_cdn: true, api_host: '/api/content' });
  });

  it('is read by @sanity/client as the web app configures it, over all three types', async () => {
    const client = createClient({ apiHost: `${await urlOf(app.app)}/api/content`, useProjectHostname: false, dataset: 'production', apiVersion: '2023-05-03', useCdn: true });
    const faqs = await client.fetch<FaqDocument[]>('*[_type == "faq"] | order(_createdAt asc)');
    const plans = await client.fetch<PricingDocument[]>('*[_type == "pricing"] | order(_createdAt asc)');
    const comparisons = await client.fetch<ComparisonDocument[]>('*[_type == "comparison"] | order(_createdAt asc)');
    expect(faqs[0]).toEqual(expect.objectContaining({ _type: 'faq', _id: 'faq-01', question: expect.any(String), answer: expect.any(String) }));
    expect(plans.map((plan) => plan.title)).toEqual(['Free', 'Pro', 'Enterprise']);
    expect(comparisons.map((comparison) => comparison.slug.current)).toEqual(['calling-your-own-line', 'mystery-shopper-agency', 'call-tracking-software', 'uptime-monitoring']);
    const one = await client.fetch<ComparisonDocument | null>('*[_type == "comparison" && slug.current == $slug][0]', { slug: 'uptime-monitoring' });
    expect(one?.competitor).toBe('Uptime Monitoring');

    // A query too long for a URL goes as a POST body, which the endpoint answers the same way.
    const padded = `*[_type == "faq"${' '.repeat(9_000)}] | order(_createdAt asc)[0].question`;
    expect(await client.fetch(padded, { unused: 'x'.repeat(3_000) })).toBe(faqs[0].question);

    await expect(client.fetch('*[_type == ')).rejects.toThrow(/GROQ query parse error/);
  });
});

describe('the content query endpoint and what it keeps private', () => {
  let dir: string;
  let app: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'content-api-'));
    const line = (document: Record<string, unknown>) => JSON.stringify({ _createdAt: '2025-02-01T10:00:00Z', _updatedAt: '2025-02-01T10:00:00Z', _rev: 'r1', ...document });
    writeFileSync(
      join(dir, 'production.ndjson'),
      [
        line({ _id: 'faq-a', _type: 'faq', question: 'Published question?', answer: 'Published answer.' }),
        line({ _id: 'drafts.faq-a', _type: 'faq', question: 'Draft question?', answer: 'Draft answer.' }),
        line({ _id: 'drafts.faq-new', _type: 'faq', question: 'Unpublished question?', answer: 'Not yet.' }),
        line({ _id: 'settings', _type: 'siteSettings', apiKey: 'internal' }),
      ].join('\n'),
    );
    const source = EmbeddedContentSource.fromFile('production', join(dir, 'production.ndjson'));
    app = await startTestApp({}, { override: (module) => module.overrideProvider(CONTENT_SOURCE).useValue(source) });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['every document', '*'],
    ['drafts by path', '*[_id in path("drafts.**")]'],
    ['a draft by id', '*[_id == "drafts.faq-a"]'],
    ['another type', '*[_type == "siteSettings"]'],
  ])('never returns drafts or other types, even for a query asking for %s', async (_name, query) => {
    const res = await get(app, query);
    expect(res.status).toBe(200);
    expect((res.body.result as Array<{ _id: string }>).map((document) => document._id).filter((id) => id !== 'faq-a')).toEqual([]);
  });

  it('ignores a request for the drafts perspective', async () => {
    const res = await app.agent.get(`${QUERY_PATH}?query=${encodeURIComponent('*[_type == "faq"].question')}&perspective=drafts`);
    expect(res.body.result).toEqual(['Published question?']);
  });
});

describe('the content service with a Sanity project configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SANITY_PROJECT_ID: 'abc123xy', SANITY_DATASET: 'marketing' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the web app to Sanity and serves no dataset itself', async () => {
    const config = await app.agent.get('/api/content/config/');
    expect(config.body as ContentServiceView).toEqual({ project_id: 'abc123xy', dataset: 'marketing', api_version: '2023-05-03', use_cdn: true, api_host: 'https://api.sanity.io' });
    const local = await app.agent.get('/api/content/v2023-05-03/data/query/marketing?query=*');
    expect(local.status).toBe(404);
  });
});
