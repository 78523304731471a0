export type InvalidIdReason = 'invalid_uuid' | 'prefix_mismatch';

/** Raised when a value is not a UUID, or carries the prefix of another kind of record. */
export class InvalidIdError extends Error {
  constructor(
    message: string,
    readonly reason: InvalidIdReason,
  ) {
    super(message);
    this.name = 'InvalidIdError';
  }

  static invalidUuid(): InvalidIdError {
    return new InvalidIdError('Invalid UUID format', 'invalid_uuid');
  }

  static prefixMismatch(expected: string, actual: string): InvalidIdError {
    return new InvalidIdError(`ID prefix mismatch: expected '${expected}' but got '${actual}'`, 'prefix_mismatch');
  }
}
