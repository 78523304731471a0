import { z } from 'zod';

/** Sanity document ids: letters, digits, `_`, `-` and `.` (paths such as drafts.x), at most 128 characters. */
const documentId = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/, 'must be a Sanity document id (letters, digits, _, - and .)');
const timestamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2024-01-31T09:00:00Z' });
const text = z.string().trim().min(1, 'must be a non-empty string');

/** What every document of an export carries, whatever its type. */
export const baseDocumentSchema = z.looseObject({
  _id: documentId,
  _type: z.string().regex(/^[A-Za-z_][\w.-]{0,127}$/, 'must be a document type name'),
  _createdAt: timestamp,
  _updatedAt: timestamp,
  _rev: text,
});

const slug = z.object({
  _type: z.literal('slug', { error: "must be 'slug'" }),
  current: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by dashes, such as call-tracking-software'),
});

const comparisonPoint = z.object({
  _key: text,
  _type: z.literal('comparisonPoint', { error: "must be 'comparisonPoint'" }),
  topic: text,
  ringcheck: text,
  alternative: text,
});

/** The fields each public type needs beyond the base ones (projections/src/contract/content-views.ts). */
export const publicDocumentSchemas = {
  faq: z.looseObject({ question: text, answer: text }),
  pricing: z.looseObject({
    title: text,
    price: text,
    features: z.array(text).min(1, 'must list at least one feature'),
    isRecommended: z.boolean({ error: 'must be true or false' }),
  }),
  comparison: z.looseObject({
    competitor: text,
    advantage: text,
    slug,
    summary: text.optional(),
    points: z.array(comparisonPoint).optional(),
    chooseAlternativeWhen: text.optional(),
  }),
} as const;
