/** Spec section 5 texts for a call that cannot be started. */
export const DISCOVERY_ID_MISSING = 'Discovery ID is missing';
export const NO_CALL_ID_RETURNED = 'No call ID returned from server';
export const NO_PHONE_NUMBER = 'This business has no phone number to call.';

/** A call could not be started for a reason the visitor should read as is. */
export class CallStartError extends Error {
  override readonly name = 'CallStartError';
}
