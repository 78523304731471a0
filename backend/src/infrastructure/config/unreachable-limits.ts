/**
 * Settings that put every rate limit and call quota out of reach, for benchmarks and specs, which send
 * many requests from one loopback address on purpose. Specs about the limits set their own.
 */
export const UNREACHABLE_LIMITS: Readonly<Record<string, string>> = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
  CALL_RATE_LIMIT_PER_MINUTE: '1000000',
  ANONYMOUS_CALLS_PER_DAY: '1000000',
  ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS: '1000000',
  USER_CALLS_PER_DAY: '1000000',
  PLAN_FREE_LOCATIONS: 'unlimited',
  PLAN_FREE_TEST_CALLS_PER_MONTH: 'unlimited',
};
