export type AuthErrorCode = 'token_missing' | 'token_invalid' | 'token_expired';

const DETAILS: Record<AuthErrorCode, string> = {
  token_missing: 'No access token was sent.',
  token_invalid: 'The access token is not valid.',
  token_expired: 'The access token has expired.',
};

/** A bearer token that cannot be accepted; answered 401 with `code` as the error. */
export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    detail: string = DETAILS[code],
  ) {
    super(detail);
    this.name = 'AuthError';
  }
}
