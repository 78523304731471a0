/** The password given does not match the account (or there is no such account). */
export class PasswordMismatchError extends Error {
  constructor() {
    super('The password does not match.');
    this.name = 'PasswordMismatchError';
  }
}
