import type { DomainErrorKind } from '../event-sourcing/domain-error';

/** The HTTP status each kind of domain error is answered with. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  not_allowed: 403,
  not_found: 404,
  conflict: 409,
  unsupported: 422,
};
