/**
 * What went wrong, in the domain's terms. `unsupported`: what the request names cannot do it (an
 * account without a password, a business without a number); `conflict`: the record's current state forbids it.
 */
export type DomainErrorKind = 'invalid' | 'not_allowed' | 'not_found' | 'conflict' | 'unsupported';

/** Errors a decider or command raises for the caller's mistakes; `field` names the request field at fault, when there is one. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** More for the caller, sent with the answer (e.g. `user_message`, an upgrade link). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalid(field: string, message: string): DomainError {
    return new DomainError('invalid', 'validation_error', message, field);
  }

  static notAllowed(message: string): DomainError {
    return new DomainError('not_allowed', 'forbidden', message);
  }

  static notFound(what: string): DomainError {
    return new DomainError('not_found', 'not_found', `${what} not found.`);
  }

  static conflict(message: string): DomainError {
    return new DomainError('conflict', 'conflict', message);
  }
}
