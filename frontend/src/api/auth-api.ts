import type { ApiClient } from './api-client';

export type AuthProviderKind = 'embedded' | 'clerk';

/** How the web app signs people in (`GET /api/auth/config/`). */
export interface AuthConfig {
  provider: AuthProviderKind;
  clerk_publishable_key?: string;
  issuer?: string;
}

/** A user as the API shows them. */
export interface ApiUser {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  provider: string;
}

/** The answer of sign-up, sign-in and refresh; the refresh token travels in an httpOnly cookie. */
export interface SessionAnswer {
  user: ApiUser;
  access_token: string;
  token_type: 'Bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
}

export interface SignUpInput {
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface AuthApi {
  config(): Promise<AuthConfig>;
  signUp(input: SignUpInput): Promise<SessionAnswer>;
  signIn(input: SignInInput): Promise<SessionAnswer>;
  refresh(): Promise<SessionAnswer>;
  signOut(): Promise<void>;
  /** The signed-in user, for the token the client currently sends. */
  me(): Promise<ApiUser>;
}

// The session endpoints neither wait for the device identity nor send a (possibly stale) token.
const SESSION_REQUEST = { skipAuth: true, skipDeviceWait: true } as const;

export function createAuthApi(client: ApiClient): AuthApi {
  return {
    config: () => client.get<AuthConfig>('/auth/config/', SESSION_REQUEST),
    signUp: (input) => client.post<SessionAnswer>('/auth/sign-up/', input, SESSION_REQUEST),
    signIn: (input) => client.post<SessionAnswer>('/auth/sign-in/', input, SESSION_REQUEST),
    refresh: () => client.post<SessionAnswer>('/auth/refresh/', undefined, SESSION_REQUEST),
    signOut: () => client.post<void>('/auth/sign-out/', undefined, SESSION_REQUEST),
    me: async () => {
      const answer = await client.get<ApiUser | { user: ApiUser }>('/auth/me/', { skipDeviceWait: true });
      return 'user' in answer && typeof answer.user === 'object' ? answer.user : (answer as ApiUser);
    },
  };
}
