/**
 * Errors a decider or command raises for the caller's mistakes. The HTTP layer maps `status`
 * straight to the response; `field` names the request field at fault, when there is one.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalid(field: string, message: string): DomainError {
    return new DomainError(400, 'validation_error', message, field);
  }

  static notFound(what: string): DomainError {
    return new DomainError(404, 'not_found', `${what} not found.`);
  }

  static conflict(message: string): DomainError {
    return new DomainError(409, 'conflict', message);
  }
}
