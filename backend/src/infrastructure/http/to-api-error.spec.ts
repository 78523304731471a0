import { HttpException } from '@nestjs/common';
import { ConcurrencyError, StoreUnavailableError } from '@ringcheck/projections';
import { DomainError } from '../event-sourcing/domain-error';
import { ApiException } from './api.exception';
import { toApiError } from './to-api-error';
import { ValidationFailedException } from './validation-failed.exception';

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

  it.each([
    ['not_allowed', 403],
    ['conflict', 409],
    ['unsupported', 422],
  ] as const)('answers a %s error with %i and its code', (kind, status) => {
    expect(toApiError(new DomainError(kind, 'some_code', 'Said why.'))).toEqual({ status, body: { error: 'some_code', detail: 'Said why.' }, unexpected: false });
  });

  it('answers a lost concurrency race with 409, not 500', () => {
    expect(toApiError(new ConcurrencyError('call-1', 3, 4))).toMatchObject({ status: 409, unexpected: false });
  });
});

describe('toApiError for API exceptions', () => {
  it('answers with the exception\'s body and headers', () => {
    const body = { error: 'rate_limited', detail: 'Too many calls.', user_message: 'Try again tomorrow.' };
    const answer = toApiError(new ApiException(429, body, { headers: { 'Retry-After': '3600' } }));
    expect(answer).toEqual({ status: 429, body, unexpected: false, headers: { 'Retry-After': '3600' } });
    expect(toApiError(new ApiException(404, { error: 'not_found', detail: 'Call not found.' })).headers).toBeUndefined();
  });
});

describe('toApiError for errors of Express-level hooks', () => {
  it('answers an HttpException that Nest wrapped as the cause of another with the inner one', () => {
    const inner = new ValidationFailedException({ event_data: ['nested deeper than 32 levels'] });
    const answer = toApiError(new HttpException('Http Exception', 400, { cause: inner }));
    expect(answer).toEqual({
      status: 400,
      body: { error: 'validation_error', detail: 'event_data: nested deeper than 32 levels', fields: { event_data: ['nested deeper than 32 levels'] } },
      unexpected: false,
    });
  });
});

describe('toApiError for store outages', () => {
  it('answers an unavailable event store with 503, a user message and Retry-After, as a warning', () => {
    const answer = toApiError(new StoreUnavailableError('event_store', 'sqlite', 'database is locked (SQLITE_BUSY)'));
    expect(answer).toEqual({
      status: 503,
      body: {
        error: 'service_unavailable',
        detail: 'The event store is unavailable.',
        user_message: "We're having trouble saving your request right now. Please try again in a minute.",
      },
      unexpected: false,
      headers: { 'Retry-After': '30' },
      warning: { key: 'event_store', message: 'The event store (sqlite) is unavailable: database is locked (SQLITE_BUSY)' },
    });
  });

  it('names the read store when that is the one down', () => {
    const answer = toApiError(new StoreUnavailableError('read_store', 'mongodb', 'connect ECONNREFUSED'));
    expect(answer).toMatchObject({ status: 503, body: { error: 'service_unavailable', detail: 'The read store is unavailable.' } });
  });
});
