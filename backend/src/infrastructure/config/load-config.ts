import { isAbsolute, resolve } from 'node:path';
import type { AppConfig } from './app-config';
import { ConfigError } from './config.error';
import { configSchema } from './config.schema';
import { findRepoRoot } from './repo-root';
import { twilioConfigProblems } from './twilio-config';

export interface LoadConfigOptions {
  /** Folder that relative DATA_DIR and WEB_DIST_DIR values start from; defaults to the repository root. */
  readonly rootDir?: string;
}

/** Reads and validates the environment; throws {@link ConfigError} listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): AppConfig {
  const result = configSchema.safeParse(withoutEmptyValues(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? 'environment'),
      problem: issue.message,
    }));
    throw new ConfigError(problems);
  }
  const values = result.data;
  if (values.ANALYZER === 'llm' && !values.OPENAI_API_KEY) {
    throw new ConfigError([{ variable: 'OPENAI_API_KEY', problem: 'must be set when ANALYZER=llm' }]);
  }
  if (values.EVENT_STORE_URL && values.EVENTSTORE_CONNECTION_STRING) {
    throw new ConfigError([{ variable: 'EVENT_STORE_URL', problem: 'must not be set together with EVENTSTORE_CONNECTION_STRING: choose one event store' }]);
  }
  const twilioProblems = twilioConfigProblems(values);
  if (twilioProblems.length > 0) throw new ConfigError(twilioProblems);
  const rootDir = options.rootDir ?? findRepoRoot() ?? process.cwd();
  const fromRoot = (path: string) => (isAbsolute(path) ? path : resolve(rootDir, path));

  return Object.freeze({
    port: values.PORT,
    host: values.HOST,
    dataDir: fromRoot(values.DATA_DIR),
    logLevel: values.LOG_LEVEL,
    eventStoreConnectionString: values.EVENTSTORE_CONNECTION_STRING,
    eventStoreUrl: values.EVENT_STORE_URL,
    mongodbUri: values.MONGODB_URI,
    mongodbDb: values.MONGODB_DB,
    redisUrl: values.REDIS_URL,
    googlePlacesApiKey: values.GOOGLE_PLACES_API_KEY,
    openAiApiKey: values.OPENAI_API_KEY,
    openAiRealtimeUrl: values.OPENAI_REALTIME_URL,
    openAiRealtimeModel: values.OPENAI_REALTIME_MODEL,
    openAiRealtimeVoice: values.OPENAI_REALTIME_VOICE,
    corsOrigins: Object.freeze(values.CORS_ORIGINS ?? []),
    publicUrl: values.PUBLIC_URL,
    nodeRoute: values.NODE_ROUTE,
    trustedProxies: Object.freeze(values.TRUSTED_PROXIES ?? []),
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    searchRateLimitPerMinute: values.SEARCH_RATE_LIMIT_PER_MINUTE,
    callRateLimitPerMinute: values.CALL_RATE_LIMIT_PER_MINUTE,
    anonymousCallsPerDay: values.ANONYMOUS_CALLS_PER_DAY,
    anonymousCallsPerDayPerAddress: values.ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS,
    userCallsPerDay: values.USER_CALLS_PER_DAY,
    planLimits: Object.freeze({
      free: Object.freeze({ locations: values.PLAN_FREE_LOCATIONS, testCallsPerMonth: values.PLAN_FREE_TEST_CALLS_PER_MONTH }),
      pro: Object.freeze({ locations: values.PLAN_PRO_LOCATIONS, testCallsPerMonth: values.PLAN_PRO_TEST_CALLS_PER_MONTH }),
      enterprise: Object.freeze({ locations: values.PLAN_ENTERPRISE_LOCATIONS, testCallsPerMonth: values.PLAN_ENTERPRISE_TEST_CALLS_PER_MONTH }),
    }),
    webDistDir: fromRoot(values.WEB_DIST_DIR ?? 'frontend/dist'),
    sandboxTimeScale: values.SANDBOX_TIME_SCALE,
    sandboxRecordingSpeech: values.SANDBOX_RECORDING_SPEECH,
    callMaxAttempts: values.CALL_MAX_ATTEMPTS,
    callRetryDelaySeconds: values.CALL_RETRY_DELAY_SECONDS,
    twilioAccountSid: values.TWILIO_ACCOUNT_SID,
    twilioAuthToken: values.TWILIO_AUTH_TOKEN,
    twilioFromNumber: values.TWILIO_FROM_NUMBER,
    twilioApiUrl: values.TWILIO_API_URL,
    twilioCallsPerSecond: values.TWILIO_CALLS_PER_SECOND,
    callRingTimeoutSeconds: values.CALL_RING_TIMEOUT_SECONDS,
    callMaxDurationSeconds: values.CALL_MAX_DURATION_SECONDS,
    dialingAllowedCountryCodes: Object.freeze(values.DIALING_ALLOWED_COUNTRY_CODES),
    callsPerBusinessPerDay: values.CALLS_PER_BUSINESS_PER_DAY,
    callsInFlightMax: values.CALLS_IN_FLIGHT_MAX,
    analyzer: values.ANALYZER,
    openAiBaseUrl: values.OPENAI_BASE_URL,
    analyzerModel: values.ANALYZER_MODEL,
    analyzerTimeoutSeconds: values.ANALYZER_TIMEOUT_SECONDS,
    visitorProofSecret: values.VISITOR_PROOF_SECRET,
    segmentWriteKey: values.SEGMENT_WRITE_KEY,
    segmentHost: values.SEGMENT_HOST,
    content: Object.freeze({ sanityProjectId: values.SANITY_PROJECT_ID, dataset: values.SANITY_DATASET, sanityApiHost: values.SANITY_API_HOST }),
    nodeEnv: values.NODE_ENV,
  });
}

function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  const cleaned: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const trimmed = value?.trim();
    if (trimmed) cleaned[name] = trimmed;
  }
  return cleaned;
}
