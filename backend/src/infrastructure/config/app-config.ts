import type { PlanId } from '@ringcheck/projections';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** The validated settings the backend runs with. Paths are absolute. */
export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly logLevel: LogLevelName;
  /** Set when the real event store (EventStoreDB / KurrentDB) is used instead of the embedded one. */
  readonly eventStoreConnectionString?: string;
  /** Set when a PostgreSQL database several nodes share holds the events. */
  readonly eventStoreUrl?: string;
  /** Set when MongoDB holds the read models instead of the embedded store. */
  readonly mongodbUri?: string;
  readonly mongodbDb: string;
  /** Set when rate limits and quotas count in Redis, shared by several nodes. */
  readonly redisUrl?: string;
  /** Set when Google Places answers business searches instead of the bundled directory. */
  readonly googlePlacesApiKey?: string;
  /** Set when an OpenAI Realtime model holds the conversation of real phone calls. */
  readonly openAiApiKey?: string;
  readonly openAiRealtimeUrl: string;
  readonly openAiRealtimeModel: string;
  readonly openAiRealtimeVoice: string;
  /** Origins allowed to call the API from a browser; empty means same origin only. */
  readonly corsOrigins: readonly string[];
  /** Public base URL of the app (no trailing slash), used for links and webhook callbacks. */
  readonly publicUrl?: string;
  /** This node's name in the balancer's routing of Twilio's requests (NODE_ROUTE). */
  readonly nodeRoute?: string;
  /** Express "trust proxy" entries: whose X-Forwarded-For names the client; empty trusts none. */
  readonly trustedProxies: readonly string[];
  /** Requests per minute per key: general, business searches, and requests leading to a call. */
  readonly rateLimitPerMinute: number;
  readonly searchRateLimitPerMinute: number;
  readonly callRateLimitPerMinute: number;
  /** Test calls per 24 hours: per visitor, per address across visitors, per signed-in user. */
  readonly anonymousCallsPerDay: number;
  readonly anonymousCallsPerDayPerAddress: number;
  readonly userCallsPerDay: number;
  /** What each plan allows (null: unlimited). */
  readonly planLimits: PlanLimitsConfig;
  readonly webDistDir: string;
  /** 1 = sandbox calls in real time; smaller is faster. */
  readonly sandboxTimeScale: number;
  /** Whether sandbox recordings carry synthesized voices. */
  readonly sandboxRecordingSpeech: 'auto' | 'off';
  /** Retry policy of test calls on busy and unanswered lines. */
  readonly callMaxAttempts: number;
  readonly callRetryDelaySeconds: number;
  /** All three set when Twilio places real calls instead of the sandbox network (PUBLIC_URL is then set too). */
  readonly twilioAccountSid?: string;
  readonly twilioAuthToken?: string;
  readonly twilioFromNumber?: string;
  readonly twilioApiUrl: string;
  readonly twilioCallsPerSecond: number;
  /** Real calls: how long one rings before it counts as not answered, and its longest length. */
  readonly callRingTimeoutSeconds: number;
  readonly callMaxDurationSeconds: number;
  /** Real calls only: country calling codes they may reach, and calls per business number per 24 hours. */
  readonly dialingAllowedCountryCodes: readonly string[];
  readonly callsPerBusinessPerDay: number;
  /** Calls in flight at once; undefined leaves the choice to the telephony (no cap on the sandbox). */
  readonly callsInFlightMax?: number;
  /** 'llm': a chat model at openAiBaseUrl writes the analysis (openAiApiKey is then set); 'rubric': built in. */
  readonly analyzer: 'rubric' | 'llm';
  readonly openAiBaseUrl: string;
  readonly analyzerModel: string;
  readonly analyzerTimeoutSeconds: number;
  /** Seals visitor proofs when set (shared by several nodes); otherwise a key kept in dataDir. */
  readonly visitorProofSecret?: string;
  /** Set when recorded analytics messages are forwarded to Segment. */
  readonly segmentWriteKey?: string;
  readonly segmentHost: string;
  /** Where FAQ, pricing and comparison documents come from: a Sanity project, or the bundled dataset when projectId is unset. */
  readonly content: ContentConfig;
  readonly nodeEnv: NodeEnv;
}

/** Cookies carry `Secure` when the app is served over https. */
export const usesSecureCookies = (config: Pick<AppConfig, 'publicUrl'>): boolean => config.publicUrl?.startsWith('https://') ?? false;

export interface ContentConfig {
  readonly sanityProjectId?: string;
  readonly dataset: string;
  readonly sanityApiHost: string;
}

export interface PlanLimits {
  /** Businesses saved or called. */
  readonly locations: number | null;
  /** Test calls per calendar month (UTC). */
  readonly testCallsPerMonth: number | null;
}

export type PlanLimitsConfig = Readonly<Record<PlanId, PlanLimits>>;
