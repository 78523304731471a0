import type { SanityClient } from '@sanity/client';
import type { ComparisonDocument, ContentServiceView, FaqDocument, PricingDocument } from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';

export type { ComparisonDocument, ComparisonPoint, ContentServiceView, FaqDocument, PricingDocument } from '@ringcheck/projections/contract';

/** GROQ for each page, every list in creation order (spec section 7: read-only queries for faq, pricing and comparison). */
export const CONTENT_QUERIES = {
  faqs: '*[_type == "faq"] | order(_createdAt asc) { _id, _type, _createdAt, question, answer }',
  plans: '*[_type == "pricing"] | order(_createdAt asc) { _id, _type, _createdAt, title, price, features, isRecommended }',
  comparisons: '*[_type == "comparison"] | order(_createdAt asc) { _id, _type, _createdAt, competitor, advantage, slug }',
  comparison:
    '*[_type == "comparison" && slug.current == $slug] | order(_createdAt asc) [0] { _id, _type, _createdAt, competitor, advantage, slug, summary, points, chooseAlternativeWhen }',
} as const;

/** The content service: FAQ, pricing plans and comparisons, from Sanity or from the product's own query endpoint. */
export interface ContentApi {
  faqs(): Promise<FaqDocument[]>;
  plans(): Promise<PricingDocument[]>;
  comparisons(): Promise<ComparisonDocument[]>;
  /** null when no comparison has this slug. */
  comparison(slug: string): Promise<ComparisonDocument | null>;
}

export function createContentApi(api: ApiClient, origin: () => string = () => window.location.origin): ContentApi {
  let client: Promise<SanityClient> | null = null;
  const sanity = () => {
    // @sanity/client loads with the first content page rather than with the app.
    client ??= Promise.all([api.get<ContentServiceView>('/content/config/'), import('./content-client')]).then(
      ([view, { createContentClient }]) => createContentClient(view, origin()),
      (error: unknown) => {
        // The next query asks again rather than keep a failure.
        client = null;
        throw error;
      },
    );
    return client;
  };
  return {
    faqs: async () => (await sanity()).fetch<FaqDocument[]>(CONTENT_QUERIES.faqs),
    plans: async () => (await sanity()).fetch<PricingDocument[]>(CONTENT_QUERIES.plans),
    comparisons: async () => (await sanity()).fetch<ComparisonDocument[]>(CONTENT_QUERIES.comparisons),
    comparison: async (slug) => (await sanity()).fetch<ComparisonDocument | null>(CONTENT_QUERIES.comparison, { slug }),
  };
}
