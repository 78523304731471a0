/** The texts of the public content pages, verbatim from spec sections 2 and 8. */
export const CONTENT_MESSAGES = {
  faqTitle: 'Frequently Asked Questions',
  faqEmpty: 'No FAQ items found. Please check back later.',
  faqFailed: (message: string) => `Failed to load FAQ content: ${message || 'Unknown error'}`,
  pricingTitle: 'Simple, Transparent Pricing',
  pricingEmpty: 'No pricing plans available at the moment. Please check back later.',
  pricingFailed: 'Failed to load pricing information. Please try again later.',
  comparisonTitle: 'Why Choose Ringcheck?',
  comparisonEmpty: 'No comparison data available at the moment. Please check back later.',
  comparisonFailed: 'Failed to load comparison information. Please try again later.',
  recommended: 'Recommended',
  getStarted: 'Get Started',
  startFreeTrial: 'Start Free Trial',
  scheduleDemo: 'Schedule Demo',
} as const;

/** Placeholders while loading (spec section 9). */
export const FAQ_SKELETON_ROWS = 5;
export const PRICING_SKELETON_CARDS = 3;
export const COMPARISON_SKELETON_CARDS = 4;

/** The message of a failed load, for the FAQ's alert; 'Unknown error' when there is none. */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : 'Unknown error';
}
