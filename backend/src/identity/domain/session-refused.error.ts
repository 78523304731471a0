export type SessionRefusalReason =
  | 'refresh_token_invalid'
  | 'refresh_token_expired'
  | 'refresh_token_revoked'
  | 'refresh_token_reused'
  | 'account_deleted';

/** A refresh token (or the account behind it) that can no longer be used; answered 401. */
export class SessionRefusedError extends Error {
  constructor(
    readonly reason: SessionRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'SessionRefusedError';
  }
}
