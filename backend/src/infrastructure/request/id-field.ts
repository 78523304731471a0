import { DomainError } from '../event-sourcing';
import { type IdPrefix, InvalidIdError, parseId } from '../ids';

/** Parses an id sent in a body or query field; a bad one is a 400 naming that field. */
export function parseIdField(value: string, prefix: IdPrefix, field: string): string {
  try {
    return parseId(value, prefix);
  } catch (error) {
    if (error instanceof InvalidIdError) throw DomainError.invalid(field, error.message);
    throw error;
  }
}
