/**
 * The body of every error answer. Clients show `user_message`, else `detail`, else `error`,
 * else the flattened `fields`.
 */
export interface ApiErrorBody {
  /** Short machine-readable code, e.g. 'validation_error', 'not_found', 'rate_limited'. */
  readonly error: string;
  /** Explanation for developers and for people when no user_message is given. */
  readonly detail: string;
  /** Text written for the people using the app. */
  readonly user_message?: string;
  /** Validation messages by field path, e.g. { business_name: ['Business name is required'] }. */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
}
