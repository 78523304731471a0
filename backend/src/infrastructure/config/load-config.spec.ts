import { Inject, Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { join } from 'node:path';
import type { AppConfig } from './app-config';
import { AppConfigModule } from './app-config.module';
import { APP_CONFIG } from './app-config.token';
import { ConfigError } from './config.error';
import { CONFIG_VARIABLES, configSchema } from './config.schema';
import { loadConfig } from './load-config';
import { findRepoRoot } from './repo-root';

const ROOT = '/srv/ringcheck';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env, { rootDir: ROOT });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    expect(loadConfig({}, { rootDir: ROOT })).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: join(ROOT, 'data'),
      logLevel: 'warn',
      eventStoreConnectionString: undefined,
      mongodbUri: undefined,
      mongodbDb: 'ringcheck',
      googlePlacesApiKey: undefined,
      corsOrigins: [],
      publicUrl: undefined,
      trustedProxies: [],
      rateLimitPerMinute: 120,
      searchRateLimitPerMinute: 20,
      callRateLimitPerMinute: 5,
      anonymousCallsPerDay: 3,
      anonymousCallsPerDayPerAddress: 10,
      userCallsPerDay: 50,
      planLimits: {
        free: { locations: 1, testCallsPerMonth: 5 },
        pro: { locations: 5, testCallsPerMonth: null },
        enterprise: { locations: null, testCallsPerMonth: null },
      },
      webDistDir: join(ROOT, 'frontend', 'dist'),
      sandboxTimeScale: 1,
      sandboxRecordingSpeech: 'auto',
      callMaxAttempts: 2,
      callRetryDelaySeconds: 5,
      twilioAccountSid: undefined,
      twilioAuthToken: undefined,
      twilioFromNumber: undefined,
      twilioApiUrl: 'https://api.twilio.com',
      twilioCallsPerSecond: 1,
      callRingTimeoutSeconds: 30,
      callMaxDurationSeconds: 300,
      dialingAllowedCountryCodes: ['1'],
      callsPerBusinessPerDay: 3,
      callsInFlightMax: undefined,
      content: { sanityProjectId: undefined, dataset: 'production', sanityApiHost: 'https://api.sanity.io' },
      analyzer: 'rubric',
      openAiBaseUrl: 'https://api.openai.com/v1',
      openAiRealtimeUrl: 'wss://api.openai.com/v1/realtime',
      openAiRealtimeModel: 'gpt-realtime',
      openAiRealtimeVoice: 'alloy',
      analyzerModel: 'gpt-4.1-mini',
      analyzerTimeoutSeconds: 30,
      segmentHost: 'https://api.segment.io',
      nodeEnv: 'development',
    });
  });

  it('reads plan limits as whole numbers or unlimited, and names a bad one', () => {
    const config = loadConfig({ PLAN_FREE_LOCATIONS: '2', PLAN_FREE_TEST_CALLS_PER_MONTH: 'Unlimited', PLAN_PRO_LOCATIONS: '0' }, { rootDir: ROOT });
    expect(config.planLimits.free).toEqual({ locations: 2, testCallsPerMonth: null });
    expect(config.planLimits.pro.locations).toBe(0);
    expect(() => loadConfig({ PLAN_PRO_TEST_CALLS_PER_MONTH: 'lots' }, { rootDir: ROOT })).toThrow(/PLAN_PRO_TEST_CALLS_PER_MONTH.*whole number or unlimited/);
  });

  it('reads the dialing policy and the cap on calls in flight', () => {
    const config = loadConfig(
      { DIALING_ALLOWED_COUNTRY_CODES: '1, +44', CALLS_PER_BUSINESS_PER_DAY: '5', CALLS_IN_FLIGHT_MAX: '2' },
      { rootDir: ROOT },
    );
    expect(config).toMatchObject({ dialingAllowedCountryCodes: ['1', '44'], callsPerBusinessPerDay: 5, callsInFlightMax: 2 });
    expect(loadConfig({}, { rootDir: ROOT }).callsInFlightMax).toBeUndefined();
    expect(configError({ DIALING_ALLOWED_COUNTRY_CODES: '1,044' }).message).toContain("DIALING_ALLOWED_COUNTRY_CODES: '044' is not a country calling code");
    expect(configError({ DIALING_ALLOWED_COUNTRY_CODES: ',' }).message).toContain('DIALING_ALLOWED_COUNTRY_CODES: must name at least one');
    expect(configError({ CALLS_PER_BUSINESS_PER_DAY: '0' }).message).toContain('CALLS_PER_BUSINESS_PER_DAY');
    expect(configError({ CALLS_IN_FLIGHT_MAX: '0' }).message).toContain('CALLS_IN_FLIGHT_MAX: must be a positive whole number');
  });

  it('reads the sandbox time scale and refuses a bad one', () => {
    expect(loadConfig({ SANDBOX_TIME_SCALE: '0.05' }, { rootDir: ROOT }).sandboxTimeScale).toBe(0.05);
    expect(() => loadConfig({ SANDBOX_TIME_SCALE: 'fast' }, { rootDir: ROOT })).toThrow(/SANDBOX_TIME_SCALE/);
    expect(() => loadConfig({ SANDBOX_TIME_SCALE: '0' }, { rootDir: ROOT })).toThrow(/SANDBOX_TIME_SCALE/);
  });

  it('reads the Segment settings and refuses a bad host or key, never echoing the key', () => {
    expect(loadConfig({ SEGMENT_WRITE_KEY: 'seg_Write-Key_0123', SEGMENT_HOST: 'http://127.0.0.1:9000/' }, { rootDir: ROOT })).toMatchObject({
      segmentWriteKey: 'seg_Write-Key_0123',
      segmentHost: 'http://127.0.0.1:9000',
    });
    expect(() => loadConfig({ SEGMENT_HOST: 'api.segment.io' }, { rootDir: ROOT })).toThrow(/SEGMENT_HOST.*http or https URL/);
    expect(() => loadConfig({ SEGMENT_WRITE_KEY: 'has spaces in it' }, { rootDir: ROOT })).toThrow(/SEGMENT_WRITE_KEY.*write key/);
    expect(() => loadConfig({ SEGMENT_WRITE_KEY: 'has spaces in it' }, { rootDir: ROOT })).not.toThrow(/has spaces/);
  });

  it('reads the analyzer settings and refuses the llm analyzer without a key', () => {
    const config = loadConfig(
      { ANALYZER: 'llm', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/', ANALYZER_MODEL: 'm', ANALYZER_TIMEOUT_SECONDS: '2.5' },
      { rootDir: ROOT },
    );
    expect(config).toMatchObject({ analyzer: 'llm', openAiApiKey: 'test-key', openAiBaseUrl: 'http://127.0.0.1:9/v1', analyzerModel: 'm', analyzerTimeoutSeconds: 2.5 });
    expect(configError({ ANALYZER: 'llm' }).message).toContain('OPENAI_API_KEY: must be set when ANALYZER=llm');
    expect(configError({ ANALYZER: 'gpt' }).message).toContain('ANALYZER: must be rubric or llm');
    expect(configError({ ANALYZER_TIMEOUT_SECONDS: '0' }).message).toContain('ANALYZER_TIMEOUT_SECONDS');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/ringcheck',
        LOG_LEVEL: 'DEBUG',
        EVENTSTORE_CONNECTION_STRING: 'kurrentdb://localhost:2113?tls=false',
        MONGODB_URI: 'mongodb+srv://cluster.example.com',
        MONGODB_DB: 'ringcheck_test',
        GOOGLE_PLACES_API_KEY: 'places-key',
        CORS_ORIGINS: 'http://localhost:5173/, https://app.example.com',
        PUBLIC_URL: 'https://ringcheck.example.com/',
        TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,2001:db8::/32 , 192.0.2.7',
        RATE_LIMIT_PER_MINUTE: '30',
        SEARCH_RATE_LIMIT_PER_MINUTE: '6',
        CALL_RATE_LIMIT_PER_MINUTE: '2',
        ANONYMOUS_CALLS_PER_DAY: '1',
        ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS: '4',
        USER_CALLS_PER_DAY: '20',
        WEB_DIST_DIR: 'web/build',
        NODE_ENV: 'production',
      },
      { rootDir: ROOT },
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/ringcheck',
      logLevel: 'debug',
      eventStoreConnectionString: 'kurrentdb://localhost:2113?tls=false',
      mongodbUri: 'mongodb+srv://cluster.example.com',
      mongodbDb: 'ringcheck_test',
      googlePlacesApiKey: 'places-key',
      corsOrigins: ['http://localhost:5173', 'https://app.example.com'],
      publicUrl: 'https://ringcheck.example.com',
      trustedProxies: ['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.7'],
      rateLimitPerMinute: 30,
      searchRateLimitPerMinute: 6,
      callRateLimitPerMinute: 2,
      anonymousCallsPerDay: 1,
      anonymousCallsPerDayPerAddress: 4,
      userCallsPerDay: 20,
      webDistDir: join(ROOT, 'web', 'build'),
      nodeEnv: 'production',
    });
  });

  it('treats empty and blank variables as unset', () => {
    const config = loadConfig({ PORT: '', MONGODB_URI: '  ', LOG_LEVEL: '' }, { rootDir: ROOT });
    expect(config.port).toBe(3000);
    expect(config.mongodbUri).toBeUndefined();
    expect(config.logLevel).toBe('warn');
  });

  it.each([
    ['PORT', 'abc', 'PORT: must be a whole number from 0 to 65535'],
    ['PORT', '70000', 'PORT: must be a whole number from 0 to 65535'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL: must be one of: fatal, error, warn, info, debug, trace, silent'],
    ['EVENTSTORE_CONNECTION_STRING', 'http://localhost:2113', 'EVENTSTORE_CONNECTION_STRING: must start with esdb://'],
    ['EVENT_STORE_URL', 'esdb://localhost:2113', 'EVENT_STORE_URL: must start with postgres:// or postgresql://'],
    ['MONGODB_URI', 'postgres://db', 'MONGODB_URI: must start with mongodb:// or mongodb+srv://'],
    ['MONGODB_DB', 'my.db', 'MONGODB_DB: must be a MongoDB database name'],
    ['CORS_ORIGINS', 'http://ok.example.com,ftp://bad', "CORS_ORIGINS: 'ftp://bad' is not an http(s) origin"],
    ['PUBLIC_URL', 'ringcheck.example.com', 'PUBLIC_URL: must be an http or https URL'],
    ['RATE_LIMIT_PER_MINUTE', '0', 'RATE_LIMIT_PER_MINUTE: must be a positive whole number'],
    ['RATE_LIMIT_PER_MINUTE', '-5', 'RATE_LIMIT_PER_MINUTE: must be a positive whole number'],
    ['CALL_RATE_LIMIT_PER_MINUTE', '0', 'CALL_RATE_LIMIT_PER_MINUTE: must be a positive whole number'],
    ['ANONYMOUS_CALLS_PER_DAY', 'many', 'ANONYMOUS_CALLS_PER_DAY: must be a positive whole number'],
    ['TRUSTED_PROXIES', 'true', "TRUSTED_PROXIES: 'true' is not an IP address, a CIDR range"],
    ['TRUSTED_PROXIES', '10.0.0.0/33', "TRUSTED_PROXIES: '10.0.0.0/33' is not an IP address"],
    ['TRUSTED_PROXIES', 'loopback,proxy.internal', "TRUSTED_PROXIES: 'proxy.internal' is not an IP address"],
    ['NODE_ENV', 'staging', 'NODE_ENV: must be one of: development, production, test'],
  ])('rejects %s=%p', (name, value, expected) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(expected);
    expect(error.problems).toHaveLength(1);
  });

  it('lists every bad variable in one error', () => {
    const error = configError({ PORT: '-1', LOG_LEVEL: 'loud', PUBLIC_URL: 'nope', HOST: 'localhost' });
    expect(error.problems.map((p) => p.variable).sort()).toEqual(['LOG_LEVEL', 'PORT', 'PUBLIC_URL']);
    expect(error.message.split('\n')[0]).toBe('Invalid configuration (3 problems):');
  });

  it('refuses two event stores at once, naming both settings', () => {
    const error = configError({ EVENT_STORE_URL: 'postgres://db/ringcheck', EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113' });
    expect(error.problems).toEqual([{ variable: 'EVENT_STORE_URL', problem: expect.stringContaining('EVENTSTORE_CONNECTION_STRING') }]);
  });

  it('never echoes a bad value, since it may hold a credential', () => {
    const error = configError({ MONGODB_URI: 'mysql://admin:hunter2@db' });
    expect(error.message).not.toContain('hunter2');
  });
});

describe('loadConfig: Twilio', () => {
  const TWILIO = {
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'f'.repeat(32),
    TWILIO_FROM_NUMBER: '+13125550147',
    PUBLIC_URL: 'https://ringcheck.example.com',
    OPENAI_API_KEY: 'sk-test-not-a-real-key',
  };

  it('reads a complete Twilio configuration with its defaults', () => {
    expect(loadConfig(TWILIO, { rootDir: ROOT })).toMatchObject({
      twilioAccountSid: TWILIO.TWILIO_ACCOUNT_SID,
      twilioFromNumber: '+13125550147',
      twilioApiUrl: 'https://api.twilio.com',
      twilioCallsPerSecond: 1,
      callRingTimeoutSeconds: 30,
      callMaxDurationSeconds: 300,
    });
  });

  it('refuses a partial configuration, naming what is missing', () => {
    const error = configError({ TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID });
    expect(error.problems.map((p) => p.variable).sort()).toEqual(['OPENAI_API_KEY', 'PUBLIC_URL', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER']);
    expect(error.message).toContain('OPENAI_API_KEY: must be set when Twilio places calls');
    expect(error.message).toContain('TWILIO_AUTH_TOKEN: must be set when TWILIO_ACCOUNT_SID is set');
  });

  it('wants https for Twilio, except on a loopback address', () => {
    expect(configError({ ...TWILIO, PUBLIC_URL: 'http://ringcheck.example.com' }).message).toContain('PUBLIC_URL: must be an https URL');
    expect(loadConfig({ ...TWILIO, PUBLIC_URL: 'http://127.0.0.1:4000' }, { rootDir: ROOT }).publicUrl).toBe('http://127.0.0.1:4000');
  });

  it('refuses bad Twilio values', () => {
    expect(configError({ ...TWILIO, TWILIO_ACCOUNT_SID: 'AC123' }).message).toContain('TWILIO_ACCOUNT_SID');
    expect(configError({ ...TWILIO, TWILIO_FROM_NUMBER: '312-555-0147' }).message).toContain('TWILIO_FROM_NUMBER');
    expect(configError({ CALL_RING_TIMEOUT_SECONDS: '2' }).message).toContain('CALL_RING_TIMEOUT_SECONDS');
    expect(configError({ TWILIO_CALLS_PER_SECOND: '0' }).message).toContain('TWILIO_CALLS_PER_SECOND');
  });
});

describe('CONFIG_VARIABLES', () => {
  it('documents exactly the variables the schema reads, each with a description', () => {
    expect(CONFIG_VARIABLES.map((v) => v.name).sort()).toEqual(Object.keys(configSchema.shape).sort());
    for (const variable of CONFIG_VARIABLES) expect(variable.description.length).toBeGreaterThan(10);
  });

  it('states defaults that loadConfig really applies', () => {
    const config = loadConfig({}, { rootDir: ROOT });
    const documented = Object.fromEntries(CONFIG_VARIABLES.map((v) => [v.name, v.default]));
    expect(String(config.port)).toBe(documented.PORT);
    expect(config.logLevel).toBe(documented.LOG_LEVEL);
    expect(String(config.rateLimitPerMinute)).toBe(documented.RATE_LIMIT_PER_MINUTE);
    expect(String(config.searchRateLimitPerMinute)).toBe(documented.SEARCH_RATE_LIMIT_PER_MINUTE);
    expect(String(config.callRateLimitPerMinute)).toBe(documented.CALL_RATE_LIMIT_PER_MINUTE);
    expect(String(config.anonymousCallsPerDay)).toBe(documented.ANONYMOUS_CALLS_PER_DAY);
    expect(String(config.anonymousCallsPerDayPerAddress)).toBe(documented.ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS);
    expect(String(config.userCallsPerDay)).toBe(documented.USER_CALLS_PER_DAY);
    expect(config.mongodbDb).toBe(documented.MONGODB_DB);
    expect(config.nodeEnv).toBe(documented.NODE_ENV);
  });
});

describe('findRepoRoot', () => {
  it('finds the workspace root from this folder', () => {
    const root = findRepoRoot(__dirname);
    expect(root).toBeDefined();
    expect(__dirname.startsWith(join(root!, 'backend'))).toBe(true);
  });
});

describe('AppConfigModule', () => {
  @Injectable()
  class NeedsConfig {
    constructor(@Inject(APP_CONFIG) readonly config: AppConfig) {}
  }

  it('provides the given config under APP_CONFIG', async () => {
    const config = loadConfig({ PORT: '4321' }, { rootDir: ROOT });
    const moduleRef = await Test.createTestingModule({
      imports: [AppConfigModule.forRoot(config)],
      providers: [NeedsConfig],
    }).compile();
    expect(moduleRef.get(NeedsConfig).config.port).toBe(4321);
  });
});
