import { EmbeddedContentSource } from '../adapters/embedded-content-source';
import { parseContentDataset } from '../dataset/content-dataset';
import { readContentDataset } from '../dataset/content-dataset-file';
import { ContentQueryError } from './content-query-error';
import { groqRequestFromBody, groqRequestFromSearch } from './groq-params';
import { MAX_QUERY_LENGTH } from './query-limits';

const bundled = new EmbeddedContentSource(readContentDataset('production'));
const ask = (query: string, params: Record<string, unknown> = {}) => bundled.query({ query, params });

async function refusal(promise: Promise<unknown>): Promise<ContentQueryError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContentQueryError);
  return error as ContentQueryError;
}

describe('parameters as the query API reads them', () => {
  it('reads the query and $name=<JSON> parameters, ignoring the other options', () => {
    const search = new URLSearchParams({ query: '*[_type == $type][0...$n]', $type: '"faq"', $n: '3', tag: 'web', perspective: 'published' });
    expect(groqRequestFromSearch(search)).toEqual({ query: '*[_type == $type][0...$n]', params: { type: 'faq', n: 3 } });
  });

  it.each([
    ['no query', new URLSearchParams({ $a: '1' }), /Missing query/],
    ['the query twice', new URLSearchParams([['query', '*'], ['query', '*']]), /"query" is given more than once/],
    ['an unquoted string value', new URLSearchParams({ query: '$t', $t: 'faq' }), /Unable to parse value of "\$t=faq". Please quote string values/],
    ['a parameter twice', new URLSearchParams([['query', '$t'], ['$t', '1'], ['$t', '2']]), /"\$t" is given more than once/],
    ['a parameter name with a dot', new URLSearchParams({ query: '1', '$a.b': '1' }), /Invalid parameter name "\$a\.b"/],
    ['a query over the length limit', new URLSearchParams({ query: `*[${' '.repeat(MAX_QUERY_LENGTH)}]` }), /query is too long/],
    ['parameters over the length limit', new URLSearchParams({ query: '$p', $p: JSON.stringify('x'.repeat(20_000)) }), /parameters are too long/],
  ])('refuses %s with a 400', (_name, search, message) => {
    let caught: unknown;
    try {
      groqRequestFromSearch(search);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ContentQueryError);
    expect((caught as ContentQueryError).status).toBe(400);
    expect((caught as ContentQueryError).description).toMatch(message);
  });

  it('reads a POST body { query, params } and refuses one of another shape', () => {
    expect(groqRequestFromBody({ query: '$a', params: { a: [1] } })).toEqual({ query: '$a', params: { a: [1] } });
    expect(() => groqRequestFromBody({ params: {} })).toThrow(/Missing query/);
    expect(() => groqRequestFromBody({ query: '1', params: [1] })).toThrow(/"params" must be an object/);
    expect(() => groqRequestFromBody([])).toThrow(/JSON object/);
  });
});

describe('a GROQ query over the bundled dataset', () => {
  it('orders by creation date and projects the fields asked for', async () => {
    const { result } = await ask('*[_type == "pricing"] | order(_createdAt asc) { title, price, isRecommended }');
    expect(result).toEqual([
      { title: 'Free', price: '$0/month', isRecommended: false },
      { title: 'Pro', price: '$29/month', isRecommended: true },
      { title: 'Enterprise', price: '$99/month', isRecommended: false },
    ]);
  });

  it('finds one comparison by its slug parameter', async () => {
    const { result } = await ask('*[_type == "comparison" && slug.current == $slug][0]{ competitor, "slug": slug.current }', { slug: 'uptime-monitoring' });
    expect(result).toEqual({ competitor: 'Uptime Monitoring', slug: 'uptime-monitoring' });
  });

  it('reports a syntax error with its position, as Sanity does', async () => {
    const error = await refusal(ask('*[_type == ]'));
    expect(error.body()).toEqual({
      error: { type: 'queryParseError', description: expect.stringMatching(/Unexpected/), query: '*[_type == ]', start: 10, end: 11 },
    });
  });

  it('refuses a parameter the query uses but the request does not give', async () => {
    const error = await refusal(ask('*[_type == $type]'));
    expect(error.description).toBe('param $type referenced, but not provided');
  });

  it('refuses brackets nested past what the parser can follow, without crashing', async () => {
    const error = await refusal(ask(`${'('.repeat(4_900)}1${')'.repeat(4_900)}`));
    expect([error.status, error.type]).toEqual([400, 'queryParseError']);
  });

  it('answers a join over the dataset, but refuses nested joins and multiplied parameters as too costly', async () => {
    const join = await ask('*[_type == "comparison"]{ competitor, "others": *[_type == "comparison" && _id != ^._id].competitor }');
    expect((join.result as unknown[]).length).toBe(4);
    for (const query of [
      '*{ "a": *{ "b": *{ "c": * } } }',
      `*{ ${Array.from({ length: 20 }, (_, i) => `"k${i}": *`).join(', ')} }`,
    ]) {
      expect((await refusal(ask(query))).type).toBe('queryTooCostly');
    }
    const many = Array.from({ length: 1_500 }, (_, i) => i);
    expect((await refusal(ask('$p[]{ "x": $p[]{ "y": $p } }', { p: many }))).type).toBe('queryTooCostly');
    expect((await refusal(ask('string::split($s, "")[]{ "x": string::split($s, "") }', { s: 'x'.repeat(5_000) }))).type).toBe('queryTooCostly');
  });

  it('keeps the most costly query it accepts quick', async () => {
    const started = performance.now();
    await ask(`*{ ${Array.from({ length: 12 }, (_, i) => `"k${i}": *`).join(', ')} }`);
    await ask('*[_type == "comparison"]{ ..., "others": *[_type == "comparison" && _id != ^._id]{ ... } }');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('what a query can reach', () => {
  const source = new EmbeddedContentSource(
    parseContentDataset(
      'production',
      [
        { _id: 'faq-1', _type: 'faq', question: 'Published?', answer: 'Yes.' },
        { _id: 'drafts.faq-1', _type: 'faq', question: 'Draft?', answer: 'Not yet.' },
        { _id: 'versions.r1.faq-1', _type: 'faq', question: 'Release?', answer: 'Later.' },
        { _id: 'user-1', _type: 'user', email: 'owner@example.com' },
      ]
        .map((document) => JSON.stringify({ _createdAt: '2025-01-01T00:00:00Z', _updatedAt: '2025-01-01T00:00:00Z', _rev: 'r', ...document }))
        .join('\n'),
      'fixture',
    ),
  );

  it.each([
    ['everything', '*'],
    ['drafts by path', '*[_id in path("drafts.**")]'],
    ['another type by name', '*[_type == "user"]'],
    ['documents by id prefix', '*[string::startsWith(_id, "drafts.") || string::startsWith(_id, "versions.")]'],
  ])('gives %s only published public documents', async (_name, query) => {
    const { result } = await source.query({ query, params: {} });
    expect((result as Array<{ _id: string }>).map((document) => document._id).filter((id) => id !== 'faq-1')).toEqual([]);
  });
});
