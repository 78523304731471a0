/** The hosted provider's keys could not be fetched: not the token's fault, answered 503. */
export class IdentityProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityProviderUnavailableError';
  }
}
