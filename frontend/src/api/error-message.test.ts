// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorMessageFor } from './error-message';

describe('errorMessageFor', () => {
  it('prefers user_message over every other field', () => {
    expect(errorMessageFor({ user_message: 'Try again soon', detail: 'd', error: 'e' }, 400)).toBe('Try again soon');
  });

  it('uses detail when there is no user_message', () => {
    expect(errorMessageFor({ detail: 'Not found.', error: 'e' }, 404)).toBe('Not found.');
  });

  it('uses detail for a twilio_error body', () => {
    expect(errorMessageFor({ twilio_error: true, detail: 'Number unreachable' }, 502)).toBe('Number unreachable');
    expect(errorMessageFor({ twilio_error: { detail: 'Invalid To number' } }, 400)).toBe('Invalid To number');
  });

  it('uses error when there is neither user_message nor detail', () => {
    expect(errorMessageFor({ error: 'Bad input' }, 400)).toBe('Bad input');
  });

  it('flattens a fields object', () => {
    expect(errorMessageFor({ fields: { business_name: 'is required', location: ['too short', 'invalid'] } }, 400)).toBe(
      'business_name: is required; location: too short, invalid',
    );
  });

  it('flattens DRF-style field errors, leaving non_field_errors unprefixed', () => {
    expect(errorMessageFor({ to_number: ['Enter a valid phone number.'], non_field_errors: ['Call limit reached.'] }, 400)).toBe(
      'to_number: Enter a valid phone number.; Call limit reached.',
    );
  });

  it('falls back to API Error: {status}', () => {
    expect(errorMessageFor(undefined, 500)).toBe('API Error: 500');
    expect(errorMessageFor('<html>Bad gateway</html>', 502)).toBe('API Error: 502');
    expect(errorMessageFor({ detail: '  ' }, 418)).toBe('API Error: 418');
    expect(errorMessageFor({ count: 3 }, 400)).toBe('API Error: 400');
  });
});
