/** Longest GROQ query accepted, in characters (@sanity/client switches to POST from about 11 kB of URL). */
export const MAX_QUERY_LENGTH = 10_000;
/** Longest the parameters may be together, as JSON. */
export const MAX_PARAMS_LENGTH = 10_000;
/** Most parts (syntax nodes) a query may have. */
export const MAX_QUERY_NODES = 1_000;
/**
 * Most work a query may ask for, in the units of {@link estimateQueryCost} (roughly bytes handled): enough for
 * any listing, a lookup by parameter and a join over the dataset; not for nested joins or for multiplying a
 * large parameter, which would hold the server's CPU for seconds.
 */
export const MAX_QUERY_COST = 4_000_000;
