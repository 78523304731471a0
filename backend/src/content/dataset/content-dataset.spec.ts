import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseContentDataset } from './content-dataset';
import { ContentDatasetError } from './content-dataset-error';
import { readContentDataset } from './content-dataset-file';

const base = (id: string, type: string, createdAt = '2025-01-06T09:00:00Z') => ({
  _id: id,
  _type: type,
  _createdAt: createdAt,
  _updatedAt: createdAt,
  _rev: `rev-${id}`,
});
const faq = (id: string) => ({ ...base(id, 'faq'), question: `Question ${id}?`, answer: `Answer ${id}.` });
const comparison = (id: string, slug: string) => ({
  ...base(id, 'comparison'),
  competitor: `Competitor ${id}`,
  advantage: 'Faster.',
  slug: { _type: 'slug', current: slug },
});
const ndjson = (...documents: unknown[]) => documents.map((document) => JSON.stringify(document)).join('\n');

describe('a content dataset in Sanity export format', () => {
  it('keeps every document and makes public only the published ones of the public types', () => {
    const dataset = parseContentDataset(
      'production',
      ndjson(faq('faq-1'), { ...faq('drafts.faq-1'), answer: 'Unpublished edit.' }, { ...base('settings', 'siteSettings'), secret: 'x' }, comparison('c-1', 'one')),
      'test.ndjson',
    );
    expect(dataset.documents.map((document) => document._id)).toEqual(['faq-1', 'drafts.faq-1', 'settings', 'c-1']);
    expect(dataset.publicDocuments.map((document) => document._id)).toEqual(['faq-1', 'c-1']);
  });

  it('skips blank lines, including the final newline of an export', () => {
    expect(parseContentDataset('production', `${ndjson(faq('a'))}\n\n${ndjson(faq('b'))}\n`, 'x').documents).toHaveLength(2);
  });

  it.each([
    ['a line that is not JSON', `${ndjson(faq('a'))}\n{"_id": "b",`, /x\.ndjson line 2: not valid JSON/],
    ['a document without _createdAt', ndjson({ ...faq('a'), _createdAt: undefined }), /line 1: _createdAt /],
    ['a date that is not ISO 8601', ndjson({ ...faq('a'), _createdAt: 'yesterday' }), /line 1: _createdAt must be an ISO 8601 date-time/],
    ['an FAQ without its answer', ndjson(faq('a'), { ...faq('b'), answer: '  ' }), /line 2: faq b: answer must be a non-empty string/],
    ['a pricing plan whose isRecommended is a string', ndjson({ ...base('p', 'pricing'), title: 'Pro', price: '$29/month', features: ['x'], isRecommended: 'yes' }), /line 1: pricing p: isRecommended must be true or false/],
    ['a comparison slug that is not a slug', ndjson(comparison('c', 'Not A Slug')), /line 1: comparison c: slug\.current must be lower-case words/],
    ['the same _id twice', ndjson(faq('a'), faq('b'), faq('a')), /line 3: _id a is already used on line 1/],
    ['the same comparison slug twice', ndjson(comparison('c-1', 'same'), comparison('c-2', 'same')), /line 2: slug same is already used on line 1/],
    ['a line that is an array', '[1, 2]', /line 1: document /],
  ])('refuses %s, naming the line', (_name, text, message) => {
    expect(() => parseContentDataset('production', text, 'x.ndjson')).toThrow(ContentDatasetError);
    expect(() => parseContentDataset('production', text, 'x.ndjson')).toThrow(message);
  });

  it('does not check the fields of drafts, which may be half written', () => {
    expect(parseContentDataset('production', ndjson({ ...base('drafts.f', 'faq'), question: 'Half' }), 'x').publicDocuments).toEqual([]);
  });
});

describe('the bundled dataset file', () => {
  it('holds the FAQ, the three plans of the plan catalogue and at least four comparisons, all valid', () => {
    const dataset = readContentDataset('production');
    const ofType = (type: string) => dataset.publicDocuments.filter((document) => document._type === type);
    expect(ofType('faq').length).toBeGreaterThanOrEqual(10);
    expect(ofType('pricing').map((plan) => [plan.title, plan.price, plan.isRecommended])).toEqual([
      ['Free', '$0/month', false],
      ['Pro', '$29/month', true],
      ['Enterprise', '$99/month', false],
    ]);
    const comparisons = ofType('comparison');
    expect(comparisons.length).toBeGreaterThanOrEqual(4);
    for (const document of comparisons) expect(document).toEqual(expect.objectContaining({ summary: expect.any(String), points: expect.any(Array) }));
  });

  it('names the missing file and the way out when a dataset does not exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-'));
    try {
      expect(() => readContentDataset('staging', join(dir, 'staging.ndjson'))).toThrow(/content dataset "staging" is missing at .*staging\.ndjson.*SANITY_PROJECT_ID/);
      writeFileSync(join(dir, 'broken.ndjson'), `${ndjson(faq('a'))}\nnot json\n`);
      expect(() => readContentDataset('broken', join(dir, 'broken.ndjson'))).toThrow(/broken\.ndjson line 2: not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
