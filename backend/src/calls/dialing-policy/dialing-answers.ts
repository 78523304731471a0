import { ApiException } from '../../infrastructure/http';
import type { DialingRefusal } from './dialing-refusal';

/** 422 naming the request field that holds (or chose) the refused number. */
export function notDialableAnswer(refusal: DialingRefusal, field: string): ApiException {
  return new ApiException(422, {
    error: 'number_not_dialable',
    reason: refusal.reason,
    detail: `${field}: ${refusal.message}`,
    user_message: refusal.message,
    fields: { [field]: [refusal.message] },
  });
}

export function calledTooOftenAnswer(limit: number, retryAfterSeconds: number): ApiException {
  const times = limit === 1 ? 'once' : `${limit} times`;
  return new ApiException(
    429,
    {
      error: 'business_called_too_often',
      detail: `This number has had ${limit} calls in the last 24 hours, the most one business is called per day.`,
      user_message: `This business has already been called ${times} today. Try again tomorrow.`,
    },
    { headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}
