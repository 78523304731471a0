import type { AuthConfigView, SessionView, SignInRequest, SignUpRequest, UserView } from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';

export type {
  AuthConfigView as AuthConfig,
  AuthProviderKind,
  SessionView as SessionAnswer,
  SignInRequest as SignInInput,
  SignUpRequest as SignUpInput,
  UserView as ApiUser,
} from '@ringcheck/projections/contract';

export interface AuthApi {
  config(): Promise<AuthConfigView>;
  signUp(input: SignUpRequest): Promise<SessionView>;
  signIn(input: SignInRequest): Promise<SessionView>;
  refresh(): Promise<SessionView>;
  signOut(): Promise<void>;
  /** The signed-in user, for the token the client currently sends. */
  me(): Promise<UserView>;
}

// The session endpoints neither wait for the device identity nor send a (possibly stale) token.
const SESSION_REQUEST = { skipAuth: true, skipDeviceWait: true } as const;

export function createAuthApi(client: ApiClient): AuthApi {
  return {
    config: () => client.get<AuthConfigView>('/auth/config/', SESSION_REQUEST),
    signUp: (input) => client.post<SessionView>('/auth/sign-up/', input, SESSION_REQUEST),
    signIn: (input) => client.post<SessionView>('/auth/sign-in/', input, SESSION_REQUEST),
    refresh: () => client.post<SessionView>('/auth/refresh/', undefined, SESSION_REQUEST),
    signOut: () => client.post<void>('/auth/sign-out/', undefined, SESSION_REQUEST),
    me: () => client.get<UserView>('/auth/me/', { skipDeviceWait: true }),
  };
}
