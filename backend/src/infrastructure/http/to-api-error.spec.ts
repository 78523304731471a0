import { ConcurrencyError } from '@ringcheck/projections';
import { DomainError } from '../event-sourcing/domain-error';
import { toApiError } from './to-api-error';

describe('toApiError for domain errors', () => {
  it('answers a field error with 400 naming the field', () => {
    const answer = toApiError(DomainError.invalid('anon_id', 'Invalid UUID format'));
    expect(answer).toEqual({
      status: 400,
      body: { error: 'validation_error', detail: 'anon_id: Invalid UUID format', fields: { anon_id: ['Invalid UUID format'] } },
      unexpected: false,
    });
  });

  it('answers not found with 404', () => {
    expect(toApiError(DomainError.notFound('Call'))).toMatchObject({ status: 404, body: { error: 'not_found', detail: 'Call not found.' } });
  });

  it('answers a lost concurrency race with 409, not 500', () => {
    expect(toApiError(new ConcurrencyError('call-1', 3, 4))).toMatchObject({ status: 409, unexpected: false });
  });
});
