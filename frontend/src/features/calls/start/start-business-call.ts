import { RateLimitError } from '../../../api/api-error';
import type { Call, CallsApi } from '../../../api/calls-api';
import { planLimitOf } from '../../../api/plans-api';
import { CallStartError, DISCOVERY_ID_MISSING, NO_CALL_ID_RETURNED, NO_PHONE_NUMBER } from './call-start-error';
import { toE164 } from './to-e164';

/** Which kind of test call a start places; each has its own fallback failure text. */
export type CallStartMode = 'business' | 'phone-only' | 'demo';

export interface CallTarget {
  /** The place_search_result id. */
  businessId: string;
  /** The number to dial when the server is not told which business to call. */
  phoneNumber: string | null;
  discoveryId: string | null;
  /** The home test mode: the mock test call. */
  demo?: boolean;
  /** Explore calls only businesses of a discovery: without its id there is no call. */
  requireDiscoveryId?: boolean;
}

export function callModeOf(target: CallTarget): CallStartMode {
  if (target.demo) return 'demo';
  return target.discoveryId || target.requireDiscoveryId ? 'business' : 'phone-only';
}

/** The started call's id; an answer without one is a failure of its own (the call may still have been placed). */
function callIdOf(answer: Partial<Pick<Call, 'id' | 'call_id'>> | null | undefined): string {
  const id = answer?.id || answer?.call_id;
  if (typeof id !== 'string' || !id) throw new CallStartError(NO_CALL_ID_RETURNED);
  return id;
}

/**
 * Starts a test call and answers its id (spec section 4): the secret-shopper call first; when it
 * fails, create a call and place it; with no discovery, the phone-only test call; the demo uses the mock.
 */
export async function startBusinessCall(api: CallsApi, target: CallTarget): Promise<string> {
  if (target.demo) return callIdOf(await api.mockTestCall());

  const discoveryId = target.discoveryId;
  if (!discoveryId) {
    if (target.requireDiscoveryId) throw new CallStartError(DISCOVERY_ID_MISSING);
    const phoneNumber = toE164(target.phoneNumber);
    if (!phoneNumber) throw new CallStartError(NO_PHONE_NUMBER);
    return callIdOf(await api.testCall({ phone_number: phoneNumber }));
  }

  try {
    return callIdOf(await api.secretShopperCall({ discovery_id: discoveryId, place_result_id: target.businessId }));
  } catch (error) {
    // An answer without an id may still have placed a call; a rate or plan limit applies to the fallback too.
    if (error instanceof CallStartError || error instanceof RateLimitError || planLimitOf(error)) throw error;
    const toNumber = toE164(target.phoneNumber);
    if (!toNumber) throw error;
    const callId = callIdOf(await api.createCall({ business_discovery: discoveryId, to_number: toNumber }));
    await api.placeCall(callId);
    return callId;
  }
}
