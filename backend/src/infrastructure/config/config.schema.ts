import { z } from 'zod';
import { LOG_LEVELS, NODE_ENVS } from './app-config';
import { TRUST_PROXY_KEYWORDS, trustedProxies } from './trusted-proxies';

export interface ConfigVariableDoc {
  readonly name: string;
  /** Default as written in docs; undefined when the variable is optional and has no default. */
  readonly default?: string;
  readonly description: string;
  /** The value is a credential: never print it. */
  readonly secret?: boolean;
}

/** Every environment variable the backend reads, for the README and `--help` style output. */
export const CONFIG_VARIABLES: readonly ConfigVariableDoc[] = [
  { name: 'PORT', default: '3000', description: 'TCP port the HTTP server listens on (0 picks a free port).' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the HTTP server binds to.' },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Folder for the embedded event store and read models (relative paths start at the repository root).',
  },
  { name: 'LOG_LEVEL', default: 'warn', description: `Lowest level written to the log: ${LOG_LEVELS.join(', ')}.` },
  {
    name: 'EVENTSTORE_CONNECTION_STRING',
    description:
      'EventStoreDB / KurrentDB connection string (esdb://, esdb+discover://, kurrentdb://); unset uses the embedded SQLite event store.',
    secret: true,
  },
  {
    name: 'EVENT_STORE_URL',
    description:
      'PostgreSQL connection URL (postgres:// or postgresql://) of an event store several nodes share; unset uses EVENTSTORE_CONNECTION_STRING or the embedded SQLite event store.',
    secret: true,
  },
  {
    name: 'MONGODB_URI',
    description: 'MongoDB connection string (mongodb:// or mongodb+srv://); unset uses the embedded read store.',
    secret: true,
  },
  { name: 'MONGODB_DB', default: 'ringcheck', description: 'MongoDB database name for the read models.' },
  {
    name: 'REDIS_URL',
    description: 'Redis URL (redis:// or rediss://) where rate limits and call quotas count, shared by several nodes; unset counts in this process.',
    secret: true,
  },
  {
    name: 'GOOGLE_PLACES_API_KEY',
    description: 'Google Places API (New) key; unset uses the bundled business directory.',
    secret: true,
  },
  {
    name: 'OPENAI_API_KEY',
    description:
      'OpenAI API key, for the OpenAI Realtime voice model that holds real phone calls (unset leaves them without a voice) and for the llm analyzer.',
    secret: true,
  },
  { name: 'OPENAI_REALTIME_URL', default: 'wss://api.openai.com/v1/realtime', description: 'WebSocket endpoint of the OpenAI Realtime API (ws:// or wss://).' },
  { name: 'OPENAI_REALTIME_MODEL', default: 'gpt-realtime', description: 'Realtime speech-to-speech model that plays the caller.' },
  { name: 'OPENAI_REALTIME_VOICE', default: 'alloy', description: "Voice the caller speaks with (one of the model's voices, e.g. alloy, marin, cedar)." },
  {
    name: 'CORS_ORIGINS',
    description:
      'Comma-separated browser origins allowed to call the API (e.g. http://localhost:5173); unset allows same origin only.',
  },
  {
    name: 'PUBLIC_URL',
    description: 'Public base URL of the app (http or https), used for links and webhook callbacks.',
  },
  {
    name: 'NODE_ROUTE',
    description:
      "This node's name in the balancer's routing (nginx: its address, host:port), when several nodes serve one PUBLIC_URL: Twilio's callbacks and media stream for a call then carry it, so they reach the node that placed the call.",
  },
  {
    name: 'TRUSTED_PROXIES',
    description: `Comma-separated addresses, CIDR ranges or keywords (${TRUST_PROXY_KEYWORDS.join(', ')}) of the reverse proxies whose X-Forwarded-For names the client address; unset trusts none.`,
  },
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    default: '120',
    description:
      'API requests allowed per minute, counted per client address and again per signed-in user or proven visitor; searches and calls have their own limits.',
  },
  {
    name: 'SEARCH_RATE_LIMIT_PER_MINUTE',
    default: '20',
    description: 'Business searches allowed per minute, per client address and per user or visitor.',
  },
  {
    name: 'CALL_RATE_LIMIT_PER_MINUTE',
    default: '5',
    description: 'Requests that start or place a call allowed per minute, per client address and per user or visitor.',
  },
  {
    name: 'ANONYMOUS_CALLS_PER_DAY',
    default: '3',
    description: 'Test calls a visitor who is not signed in may start per 24 hours.',
  },
  {
    name: 'ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS',
    default: '10',
    description: 'Test calls all visitors who are not signed in may start together from one client address per 24 hours.',
  },
  {
    name: 'USER_CALLS_PER_DAY',
    default: '50',
    description: 'Test calls a signed-in user may start per 24 hours.',
  },
  { name: 'PLAN_FREE_LOCATIONS', default: '1', description: 'Locations (businesses saved or called) a Free account may follow: a whole number or unlimited.' },
  { name: 'PLAN_FREE_TEST_CALLS_PER_MONTH', default: '5', description: 'Test calls a Free account may start per calendar month (UTC): a whole number or unlimited.' },
  { name: 'PLAN_PRO_LOCATIONS', default: '5', description: 'Locations a Pro account may follow: a whole number or unlimited.' },
  { name: 'PLAN_PRO_TEST_CALLS_PER_MONTH', default: 'unlimited', description: 'Test calls a Pro account may start per calendar month: a whole number or unlimited.' },
  { name: 'PLAN_ENTERPRISE_LOCATIONS', default: 'unlimited', description: 'Locations an Enterprise account may follow: a whole number or unlimited.' },
  { name: 'PLAN_ENTERPRISE_TEST_CALLS_PER_MONTH', default: 'unlimited', description: 'Test calls an Enterprise account may start per calendar month: a whole number or unlimited.' },
  {
    name: 'WEB_DIST_DIR',
    default: 'frontend/dist',
    description: 'Built web app served by the backend (relative paths start at the repository root).',
  },
  { name: 'SANDBOX_TIME_SCALE', default: '1', description: 'Speed of sandbox calls: 1 is real time, 0.1 ten times faster (tests and demos).' },
  { name: 'SANDBOX_RECORDING_SPEECH', default: 'auto', description: 'Voices in sandbox call recordings: auto (espeak-ng when installed) or off (call tones only, much less CPU).' },
  { name: 'CALL_MAX_ATTEMPTS', default: '2', description: 'Attempts per test call when the line is busy or nobody answers (1 = no retry).' },
  { name: 'CALL_RETRY_DELAY_SECONDS', default: '5', description: 'Wait before calling a busy or unanswered line again (scaled by SANDBOX_TIME_SCALE on the sandbox).' },
  { name: 'TWILIO_ACCOUNT_SID', description: 'Twilio account SID (AC…): with TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER and PUBLIC_URL, real calls are placed with Twilio; unset uses the sandbox phone network.' },
  { name: 'TWILIO_AUTH_TOKEN', description: "Twilio auth token: authenticates REST requests and checks the signature of Twilio's webhooks.", secret: true },
  { name: 'TWILIO_FROM_NUMBER', description: 'Twilio number (E.164, e.g. +13125550147) real calls are placed from.' },
  { name: 'TWILIO_API_URL', default: 'https://api.twilio.com', description: 'Base URL of the Twilio REST API (a stand-in in tests).' },
  { name: 'TWILIO_CALLS_PER_SECOND', default: '1', description: "Calls placed per second at most (the account's limit), by every node sharing REDIS_URL together; further calls wait their turn." },
  { name: 'CALL_RING_TIMEOUT_SECONDS', default: '30', description: 'How long a real call rings before it counts as not answered.' },
  { name: 'CALL_MAX_DURATION_SECONDS', default: '300', description: 'Longest real call: the caller ends it politely before, the carrier cuts it here.' },
  {
    name: 'DIALING_ALLOWED_COUNTRY_CODES',
    default: '1',
    description: 'Comma-separated country calling codes real calls may reach (1: the North American Numbering Plan); the sandbox ignores it.',
  },
  {
    name: 'CALLS_PER_BUSINESS_PER_DAY',
    default: '3',
    description: 'Real calls one business number may receive per 24 hours, from all users together; past it the answer is 429 with Retry-After.',
  },
  {
    name: 'CALLS_IN_FLIGHT_MAX',
    description:
      'Calls in flight at once; unset means 10 on a carrier and no cap on the sandbox. A call over it stays queued and is placed, in order, when one ends.',
  },
  {
    name: 'ANALYZER',
    default: 'rubric',
    description:
      "Call analyzer: rubric (built in) or llm (a chat model at OPENAI_BASE_URL, with OPENAI_API_KEY, writes the judgement over the rubric's metrics; the rubric's report stands whenever the model fails).",
  },
  { name: 'OPENAI_BASE_URL', default: 'https://api.openai.com/v1', description: 'Base URL of the OpenAI-compatible Chat Completions API the llm analyzer calls.' },
  { name: 'ANALYZER_MODEL', default: 'gpt-4.1-mini', description: 'Chat model the llm analyzer asks (it must support JSON schema structured outputs).' },
  { name: 'ANALYZER_TIMEOUT_SECONDS', default: '30', description: "Longest wait for the model's answer before the rubric's report is used." },
  {
    name: 'VISITOR_PROOF_SECRET',
    description:
      'Secret (at least 32 characters) sealing the cookie that proves a browser holds its anonymous visitor id; unset keeps a random key in DATA_DIR. Set the same value on every node.',
    secret: true,
  },
  {
    name: 'SEGMENT_WRITE_KEY',
    description:
      "Segment source write key: every analytics message recorded (with the visitor's consent) is also forwarded to Segment, from a checkpoint, retried until Segment takes it; unset forwards nothing.",
    secret: true,
  },
  { name: 'SEGMENT_HOST', default: 'https://api.segment.io', description: "Base URL of Segment's tracking API (batches go to <SEGMENT_HOST>/v1/batch; e.g. https://events.eu1.segmentapis.com, or a stand-in in tests)." },
  {
    name: 'SANITY_PROJECT_ID',
    description:
      'Sanity project whose dataset holds the FAQ, pricing and comparison documents: the web app then queries Sanity directly; unset serves the bundled dataset (backend/data/content/<SANITY_DATASET>.ndjson) from this server.',
  },
  { name: 'SANITY_DATASET', default: 'production', description: 'Dataset the content is read from (in Sanity, or the bundled NDJSON file of that name).' },
  { name: 'SANITY_API_HOST', default: 'https://api.sanity.io', description: "Sanity's API host the web app queries when SANITY_PROJECT_ID is set (the CDN host is derived from it)." },
  { name: 'NODE_ENV', default: 'development', description: `Runtime mode: ${NODE_ENVS.join(', ')}.` },
];

const EVENTSTORE_SCHEMES = ['esdb://', 'esdb+discover://', 'kurrentdb://', 'kurrentdb+discover://'];
const MONGODB_SCHEMES = ['mongodb://', 'mongodb+srv://'];
const POSTGRES_SCHEMES = ['postgres://', 'postgresql://'];

function startsWithOneOf(schemes: readonly string[]) {
  return (value: string) => schemes.some((scheme) => value.toLowerCase().startsWith(scheme));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A plan limit: a whole number, or `unlimited` (null). */
const planLimit = z
  .string()
  .regex(/^(\d+|unlimited)$/i, 'must be a whole number or unlimited')
  .transform((value) => (value.toLowerCase() === 'unlimited' ? null : Number(value)))
  .refine((n) => n === null || n <= 1_000_000_000, 'must be at most 1000000000 or unlimited');

function wholeNumber(min: number, max: number, message: string) {
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
}

const corsOrigins = z.string().transform((value, ctx) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const entry of entries) {
    if (entry === '*') {
      origins.push(entry);
    } else if (isHttpUrl(entry)) {
      origins.push(new URL(entry).origin);
    } else {
      ctx.addIssue({ code: 'custom', message: `'${entry}' is not an http(s) origin such as https://app.example.com` });
    }
  }
  return origins;
});

/** Country calling codes, e.g. "1, 44" or "+1,+44". */
const countryCodes = z.string().transform((value, ctx) => {
  const codes = value
    .split(',')
    .map((entry) => entry.trim().replace(/^\+/, ''))
    .filter(Boolean);
  if (codes.length === 0) ctx.addIssue({ code: 'custom', message: 'must name at least one country calling code such as 1' });
  for (const code of codes) {
    if (!/^[1-9]\d{0,2}$/.test(code)) ctx.addIssue({ code: 'custom', message: `'${code}' is not a country calling code such as 1 or 44` });
  }
  return codes;
});

/**
 * Validates the environment after empty strings have been removed (an empty variable counts as unset).
 * Messages are phrased to follow the variable's name.
 */
export const configSchema = z.object({
  PORT: wholeNumber(0, 65535, 'must be a whole number from 0 to 65535').default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(LOG_LEVELS, { error: `must be one of: ${LOG_LEVELS.join(', ')}` }))
    .default('warn'),
  EVENTSTORE_CONNECTION_STRING: z
    .string()
    .refine(startsWithOneOf(EVENTSTORE_SCHEMES), `must start with ${EVENTSTORE_SCHEMES.join(', ')}`)
    .optional(),
  EVENT_STORE_URL: z
    .string()
    .refine(startsWithOneOf(POSTGRES_SCHEMES), `must start with ${POSTGRES_SCHEMES.join(' or ')}`)
    .optional(),
  MONGODB_URI: z
    .string()
    .refine(startsWithOneOf(MONGODB_SCHEMES), `must start with ${MONGODB_SCHEMES.join(' or ')}`)
    .optional(),
  MONGODB_DB: z
    .string()
    .regex(
      /^[^/\\. "$*<>:|?]{1,63}$/,
      'must be a MongoDB database name (1-63 characters, none of / \\ . " $ * < > : | ? or space)',
    )
    .default('ringcheck'),
  REDIS_URL: z
    .string()
    .refine(startsWithOneOf(['redis://', 'rediss://']), 'must start with redis:// or rediss://')
    .optional(),
  GOOGLE_PLACES_API_KEY: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_REALTIME_URL: z
    .string()
    .refine(startsWithOneOf(['ws://', 'wss://']), 'must be a ws:// or wss:// URL such as wss://api.openai.com/v1/realtime')
    .default('wss://api.openai.com/v1/realtime'),
  OPENAI_REALTIME_MODEL: z.string().regex(/^[\w.:-]{1,100}$/, 'must be a model name such as gpt-realtime').default('gpt-realtime'),
  OPENAI_REALTIME_VOICE: z.string().regex(/^[a-z]{1,40}$/, 'must be a voice name in lower case, such as alloy').default('alloy'),
  CORS_ORIGINS: corsOrigins.optional(),
  PUBLIC_URL: z
    .string()
    .refine(isHttpUrl, 'must be an http or https URL such as https://ringcheck.example.com')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  NODE_ROUTE: z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be letters, digits, dots, colons, dashes or underscores, such as 10.0.0.11:3000').optional(),
  TRUSTED_PROXIES: trustedProxies.optional(),
  RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(120),
  SEARCH_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(20),
  CALL_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(5),
  ANONYMOUS_CALLS_PER_DAY: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(3),
  ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(10),
  USER_CALLS_PER_DAY: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(50),
  PLAN_FREE_LOCATIONS: planLimit.default(1),
  PLAN_FREE_TEST_CALLS_PER_MONTH: planLimit.default(5),
  PLAN_PRO_LOCATIONS: planLimit.default(5),
  PLAN_PRO_TEST_CALLS_PER_MONTH: planLimit.default(null),
  PLAN_ENTERPRISE_LOCATIONS: planLimit.default(null),
  PLAN_ENTERPRISE_TEST_CALLS_PER_MONTH: planLimit.default(null),
  WEB_DIST_DIR: z.string().optional(),
  SANDBOX_TIME_SCALE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number such as 1 or 0.1')
    .transform(Number)
    .refine((n) => n > 0 && n <= 10, 'must be greater than 0 and at most 10')
    .default(1),
  SANDBOX_RECORDING_SPEECH: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
  CALL_MAX_ATTEMPTS: wholeNumber(1, 5, 'must be a whole number from 1 to 5').default(2),
  CALL_RETRY_DELAY_SECONDS: wholeNumber(0, 3600, 'must be a whole number of seconds from 0 to 3600').default(5),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID: AC followed by 32 hexadecimal digits').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the Twilio auth token (at least 16 characters)').optional(),
  TWILIO_FROM_NUMBER: z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +13125550147').optional(),
  TWILIO_API_URL: z
    .string()
    .refine(isHttpUrl, 'must be an http or https URL such as https://api.twilio.com')
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://api.twilio.com'),
  TWILIO_CALLS_PER_SECOND: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number such as 1 or 0.5')
    .transform(Number)
    .refine((n) => n > 0 && n <= 100, 'must be greater than 0 and at most 100')
    .default(1),
  CALL_RING_TIMEOUT_SECONDS: wholeNumber(5, 600, 'must be a whole number of seconds from 5 to 600').default(30),
  CALL_MAX_DURATION_SECONDS: wholeNumber(30, 14400, 'must be a whole number of seconds from 30 to 14400').default(300),
  DIALING_ALLOWED_COUNTRY_CODES: countryCodes.default(['1']),
  CALLS_PER_BUSINESS_PER_DAY: wholeNumber(1, 1000, 'must be a whole number from 1 to 1000').default(3),
  CALLS_IN_FLIGHT_MAX: wholeNumber(1, 100_000, 'must be a positive whole number').optional(),
  ANALYZER: z.enum(['rubric', 'llm'], { error: 'must be rubric or llm' }).default('rubric'),
  OPENAI_BASE_URL: z
    .string()
    .refine(isHttpUrl, 'must be an http or https URL such as https://api.openai.com/v1')
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://api.openai.com/v1'),
  ANALYZER_MODEL: z.string().default('gpt-4.1-mini'),
  ANALYZER_TIMEOUT_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds such as 30')
    .transform(Number)
    .refine((n) => n > 0 && n <= 600, 'must be greater than 0 and at most 600 seconds')
    .default(30),
  VISITOR_PROOF_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEGMENT_WRITE_KEY: z.string().regex(/^[\w-]{8,128}$/, 'must be a Segment write key (letters, digits, _ and -)').optional(),
  SEGMENT_HOST: z
    .string()
    .refine(isHttpUrl, 'must be an http or https URL such as https://api.segment.io')
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://api.segment.io'),
  SANITY_PROJECT_ID: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/i, 'must be a Sanity project id (letters, digits and dashes)').optional(),
  // The dataset name rule of Sanity (and of @sanity/client); it also names the bundled file, so no path characters.
  SANITY_DATASET: z
    .string()
    .regex(/^(~[a-z0-9][-\w]{0,63}|[a-z0-9][-\w]{0,63})$/, 'must be a dataset name: lower-case letters, digits, _ and -, at most 64 characters')
    .default('production'),
  SANITY_API_HOST: z
    .string()
    .refine(isHttpUrl, 'must be an http or https URL such as https://api.sanity.io')
    .transform((value) => new URL(value).origin)
    .default('https://api.sanity.io'),
  NODE_ENV: z
    .string()
    .pipe(z.enum(NODE_ENVS, { error: `must be one of: ${NODE_ENVS.join(', ')}` }))
    .default('development'),
});

export type ConfigEnv = z.input<typeof configSchema>;
