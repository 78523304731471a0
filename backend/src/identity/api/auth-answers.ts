import { ApiException } from '../../infrastructure/http';
import type { SessionRefusalReason } from '../domain/session-refused.error';
import type { AuthError } from '../ports/auth.error';

/** The error answers of the identity endpoints, in one place so their wording stays consistent. */
export const authAnswers = {
  authenticationRequired: () =>
    new ApiException(401, {
      error: 'authentication_required',
      detail: 'Sign in to use this.',
      user_message: 'Please sign in to access this page.',
    }),

  token: (error: AuthError) =>
    new ApiException(401, {
      error: error.code,
      detail: error.message,
      user_message: error.code === 'token_expired' ? 'Your session has expired. Please sign in again.' : 'Please sign in again.',
    }),

  invalidCredentials: () =>
    new ApiException(401, {
      error: 'invalid_credentials',
      detail: 'E-mail or password is incorrect.',
      user_message: 'E-mail or password is incorrect.',
    }),

  emailTaken: () =>
    new ApiException(409, {
      error: 'email_taken',
      detail: 'An account with this e-mail already exists.',
      fields: { email: ['An account with this e-mail already exists.'] },
    }),

  wrongPassword: (field: string) =>
    new ApiException(400, {
      error: 'validation_error',
      detail: `${field}: The password is incorrect.`,
      fields: { [field]: ['The password is incorrect.'] },
    }),

  refresh: (reason: SessionRefusalReason | 'refresh_token_missing', detail: string) =>
    new ApiException(401, { error: reason, detail, user_message: 'Your session has ended. Please sign in again.' }),

  notAvailable: () =>
    new ApiException(404, { error: 'not_available', detail: 'Sign-in is handled by the hosted provider.' }),

  providerUnavailable: () =>
    new ApiException(503, {
      error: 'auth_unavailable',
      detail: 'The sign-in provider could not be reached to check the access token.',
      user_message: 'Sign-in is temporarily unavailable. Please try again in a moment.',
    }),

  rateLimited: (seconds: number) => {
    const unit = seconds === 1 ? 'second' : 'seconds';
    return new ApiException(429, {
      error: 'rate_limited',
      detail: `Too many sign-in attempts. Try again in ${seconds} ${unit}.`,
      user_message: `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''} and try again.`,
    });
  },
};
