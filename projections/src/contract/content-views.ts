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
  /** What the alternative is and how it is usually done (the per-competitor page). */
  summary?: string;
  /** Side by side, one topic a row (the per-competitor page). */
  points?: ComparisonPoint[];
  /** When the alternative is the better choice, said plainly. */
  chooseAlternativeWhen?: string;
}

/** One row of a comparison: how Ringcheck and the alternative handle one topic. */
export interface ComparisonPoint {
  _key: string;
  _type: 'comparisonPoint';
  topic: string;
  ringcheck: string;
  alternative: string;
}

export type ContentDocumentView = FaqDocument | PricingDocument | ComparisonDocument;

/** The answer of the GROQ query endpoint, as Sanity's query API words it. */
export interface ContentQueryView<T = unknown> {
  query: string;
  result: T;
  ms: number;
}

/**
 * Where the web app sends its GROQ queries (GET /api/content/config/): Sanity's project when one is
 * configured, else this server's own query endpoint (`api_host` is then a path on the API's origin).
 */
export interface ContentServiceView {
  /** Sanity project id, or null when this server answers the queries itself. */
  project_id: string | null;
  dataset: string;
  api_version: string;
  use_cdn: boolean;
  /** `https://api.sanity.io` (or another Sanity API host), or `/api/content` for this server. */
  api_host: string;
}
