import { z } from 'zod';
import { ConfigError, type ConfigVariableDoc } from '../infrastructure/config';

/** Settings of the identity context, read from the environment. */
export interface IdentityConfig {
  readonly provider: 'embedded' | 'clerk';
  /** Clerk's publishable key, handed to the web app. */
  readonly clerkPublishableKey?: string;
  /** Clerk's secret key: lets the server read a new user's e-mail and name from Clerk. */
  readonly clerkSecretKey?: string;
  /** Base URL of Clerk's Backend API. */
  readonly clerkApiUrl: string;
  /** Issuer of the hosted provider's tokens (from the publishable key or OIDC_ISSUER_URL), no trailing slash. */
  readonly issuer?: string;
  /** 'clerk': JWKS at <issuer>/.well-known/jwks.json; 'oidc': jwks_uri from the discovery document. */
  readonly jwksDiscovery?: 'clerk' | 'oidc';
  readonly audience?: string;
  /** When set, a hosted token's `azp` must be one of these origins. */
  readonly authorizedParties: readonly string[];
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlDays: number;
  /** Sign-in, sign-up and password-check attempts per 15 minutes: per account from one address, per account, per address. */
  readonly rateLimitPerAccountAndAddress: number;
  readonly rateLimitPerAccount: number;
  readonly rateLimitPerAddress: number;
}

/** The variables read here, for the README's configuration table. */
export const IDENTITY_CONFIG_VARIABLES: readonly ConfigVariableDoc[] = [
  {
    name: 'CLERK_PUBLISHABLE_KEY',
    description: 'Clerk publishable key (pk_test_… or pk_live_…); set, sign-in is handled by Clerk and its tokens are verified against its JWKS.',
  },
  {
    name: 'CLERK_SECRET_KEY',
    description: 'Clerk secret key (sk_…), optional: used to read a new user’s e-mail and name from Clerk.',
    secret: true,
  },
  { name: 'CLERK_API_URL', default: 'https://api.clerk.com', description: 'Base URL of Clerk’s Backend API.' },
  {
    name: 'CLERK_AUTHORIZED_PARTIES',
    description: 'Comma-separated origins a Clerk or OIDC token’s azp claim must name (e.g. https://ringcheck.example.com).',
  },
  {
    name: 'OIDC_ISSUER_URL',
    description: 'Issuer URL of any OpenID Connect provider whose bearer tokens are accepted (instead of Clerk); JWKS found through its discovery document.',
  },
  { name: 'OIDC_AUDIENCE', description: 'Audience (aud) an OIDC or Clerk token must carry, when set.' },
  { name: 'ACCESS_TOKEN_TTL_SECONDS', default: '900', description: 'Lifetime of the built-in access tokens, in seconds.' },
  { name: 'REFRESH_TOKEN_TTL_DAYS', default: '30', description: 'Lifetime of a built-in refresh token, in days (renewed on each refresh).' },
  {
    name: 'AUTH_RATE_LIMIT_PER_ACCOUNT_ADDRESS',
    default: '10',
    description: 'Sign-in and sign-up attempts allowed per e-mail address from one IP address per 15 minutes.',
  },
  {
    name: 'AUTH_RATE_LIMIT_PER_ACCOUNT',
    default: '50',
    description:
      'Sign-in and sign-up attempts allowed per e-mail address from all IP addresses together per 15 minutes; keep it several times the per-address one so a stranger cannot lock the owner out.',
  },
  {
    name: 'AUTH_RATE_LIMIT_PER_ADDRESS',
    default: '30',
    description: 'Sign-in and sign-up attempts allowed per IP address per 15 minutes.',
  },
];

function wholeNumber(min: number, max: number, message: string) {
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
}

function httpUrl(message: string) {
  return z
    .string()
    .refine((value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, message)
    .transform((value) => value.replace(/\/+$/, ''));
}

/** The issuer a Clerk publishable key names: `pk_test_<base64 of "<frontend api host>$">` -> https://<host>. */
export function issuerFromPublishableKey(key: string): string | null {
  const match = /^pk_(test|live)_([A-Za-z0-9+/=_-]+)$/.exec(key);
  if (!match) return null;
  const decoded = Buffer.from(match[2], 'base64').toString('utf8');
  if (!decoded.endsWith('$')) return null;
  const host = decoded.slice(0, -1);
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(host) || !host.includes('.')) return null;
  return `https://${host.toLowerCase()}`;
}

const schema = z.object({
  CLERK_PUBLISHABLE_KEY: z
    .string()
    .refine((key) => issuerFromPublishableKey(key) !== null, 'must be a Clerk publishable key such as pk_test_… or pk_live_…')
    .optional(),
  CLERK_SECRET_KEY: z.string().regex(/^sk_(test|live)_\S+$/, 'must be a Clerk secret key such as sk_test_…').optional(),
  CLERK_API_URL: httpUrl('must be an http or https URL').default('https://api.clerk.com'),
  CLERK_AUTHORIZED_PARTIES: z.string().optional(),
  OIDC_ISSUER_URL: httpUrl('must be an http or https URL such as https://login.example.com').optional(),
  OIDC_AUDIENCE: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: wholeNumber(60, 86_400, 'must be a whole number of seconds from 60 to 86400').default(900),
  REFRESH_TOKEN_TTL_DAYS: wholeNumber(1, 365, 'must be a whole number of days from 1 to 365').default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT_ADDRESS: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(10),
  AUTH_RATE_LIMIT_PER_ACCOUNT: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(50),
  AUTH_RATE_LIMIT_PER_ADDRESS: wholeNumber(1, 1_000_000, 'must be a positive whole number').default(30),
});

/** Reads and validates the identity settings; throws {@link ConfigError} listing every bad variable. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env)
      .map(([name, value]) => [name, value?.trim()] as const)
      .filter((entry): entry is readonly [string, string] => Boolean(entry[1])),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? 'environment'), problem: issue.message })),
    );
  }
  const values = result.data;
  if (values.CLERK_PUBLISHABLE_KEY && values.OIDC_ISSUER_URL) {
    throw new ConfigError([{ variable: 'OIDC_ISSUER_URL', problem: 'set either CLERK_PUBLISHABLE_KEY or OIDC_ISSUER_URL, not both' }]);
  }
  const hosted = values.CLERK_PUBLISHABLE_KEY ?? values.OIDC_ISSUER_URL;
  return Object.freeze({
    provider: hosted ? 'clerk' : 'embedded',
    clerkPublishableKey: values.CLERK_PUBLISHABLE_KEY,
    clerkSecretKey: values.CLERK_SECRET_KEY,
    clerkApiUrl: values.CLERK_API_URL,
    issuer: values.CLERK_PUBLISHABLE_KEY ? issuerFromPublishableKey(values.CLERK_PUBLISHABLE_KEY)! : values.OIDC_ISSUER_URL,
    jwksDiscovery: values.CLERK_PUBLISHABLE_KEY ? 'clerk' : values.OIDC_ISSUER_URL ? 'oidc' : undefined,
    audience: values.OIDC_AUDIENCE,
    authorizedParties: Object.freeze(
      (values.CLERK_AUTHORIZED_PARTIES ?? '')
        .split(',')
        .map((entry) => entry.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: values.REFRESH_TOKEN_TTL_DAYS,
    rateLimitPerAccountAndAddress: values.AUTH_RATE_LIMIT_PER_ACCOUNT_ADDRESS,
    rateLimitPerAccount: values.AUTH_RATE_LIMIT_PER_ACCOUNT,
    rateLimitPerAddress: values.AUTH_RATE_LIMIT_PER_ADDRESS,
  } satisfies IdentityConfig);
}

/** Nest injection token of the validated {@link IdentityConfig}. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
