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
  /** Set when MongoDB holds the read models instead of the embedded store. */
  readonly mongodbUri?: string;
  readonly mongodbDb: string;
  /** Set when Google Places answers business searches instead of the bundled directory. */
  readonly googlePlacesApiKey?: string;
  /** Origins allowed to call the API from a browser; empty means same origin only. */
  readonly corsOrigins: readonly string[];
  /** Public base URL of the app (no trailing slash), used for links and webhook callbacks. */
  readonly publicUrl?: string;
  readonly rateLimitPerMinute: number;
  readonly webDistDir: string;
  /** 1 = sandbox calls in real time; smaller is faster. */
  readonly sandboxTimeScale: number;
  /** Whether sandbox recordings carry synthesized voices. */
  readonly sandboxRecordingSpeech: 'auto' | 'off';
  /** Retry policy of test calls on busy and unanswered lines. */
  readonly callMaxAttempts: number;
  readonly callRetryDelaySeconds: number;
  readonly nodeEnv: NodeEnv;
}
