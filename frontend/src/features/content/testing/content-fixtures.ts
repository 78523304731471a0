import type { ComparisonDocument, FaqDocument, PricingDocument } from '../../../api/content-api';

const created = (minute: number) => `2025-01-06T09:${String(minute).padStart(2, '0')}:00Z`;

export const faqFixture = (n: number): FaqDocument => ({
  _id: `faq-${n}`,
  _type: 'faq',
  _createdAt: created(n),
  question: `Question number ${n}?`,
  answer: `The answer to question ${n}.`,
});

export const PLANS: PricingDocument[] = [
  { _id: 'pricing-free', _type: 'pricing', _createdAt: created(20), title: 'Free', price: '$0/month', features: ['1 location', '5 test calls per month'], isRecommended: false },
  { _id: 'pricing-pro', _type: 'pricing', _createdAt: created(21), title: 'Pro', price: '$29/month', features: ['Up to 5 locations', 'Unlimited test calls'], isRecommended: true },
  { _id: 'pricing-enterprise', _type: 'pricing', _createdAt: created(22), title: 'Enterprise', price: '$99/month', features: ['Unlimited locations', 'Daily checkups'], isRecommended: false },
];

export const comparisonFixture = (slug: string, competitor: string, extra: Partial<ComparisonDocument> = {}): ComparisonDocument => ({
  _id: `comparison-${slug}`,
  _type: 'comparison',
  _createdAt: created(30),
  competitor,
  advantage: `Why Ringcheck beats ${competitor}.`,
  slug: { _type: 'slug', current: slug },
  ...extra,
});
