/**
 * Documents of the content service (Sanity's document shape). The local dataset and Sanity hold the same
 * types; the web app reads them with GROQ through `@sanity/client` either way.
 */
interface ContentDocument {
  _id: string;
  _createdAt: string;
  _updatedAt?: string;
}

export interface FaqDocument extends ContentDocument {
  _type: 'faq';
  question: string;
  answer: string;
}

export interface PricingDocument extends ContentDocument {
  _type: 'pricing';
  title: string;
  /** As shown, e.g. "$29/month". */
  price: string;
  features: string[];
  isRecommended: boolean;
}

export interface ComparisonDocument extends ContentDocument {
  _type: 'comparison';
  competitor: string;
  advantage: string;
  slug: { _type: 'slug'; current: string };
}

export type ContentDocumentView = FaqDocument | PricingDocument | ComparisonDocument;

/** The answer of the GROQ query endpoint, as Sanity's query API words it. */
export interface ContentQueryView<T = unknown> {
  query: string;
  result: T;
  ms: number;
}
