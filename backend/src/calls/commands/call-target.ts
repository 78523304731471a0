import type { CalledBusinessData, DiscoveryDocument, PlaceSearchResultData } from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';
import { normalizeE164 } from '../domain/e164';

/** Who a call rings: the business (when known) and its number. */
export interface CallTarget {
  businessName: string;
  toNumber: string;
  business: CalledBusinessData | null;
  discoveryId: string | null;
  placeSearchResultId: string | null;
}

export function calledBusinessOf(result: PlaceSearchResultData): CalledBusinessData {
  return {
    placeId: result.placeId,
    name: result.name,
    businessTypes: result.businessTypes,
    timeZone: result.timeZone,
    utcOffsetMinutes: result.utcOffsetMinutes,
    openingPeriods: result.openingPeriods,
  };
}

export function numberOf(result: PlaceSearchResultData): string | null {
  return result.internationalPhoneNumber ?? (result.phoneNumber ? normalizeE164(result.phoneNumber) : null);
}

/** The business of a completed discovery to call: the chosen result, or the best match. */
export function targetFromDiscovery(discovery: DiscoveryDocument, placeResultId: string | null): CallTarget {
  if (discovery.status !== 'completed') {
    throw new DomainError('conflict', 'discovery_not_completed', 'The search for this business has not finished yet.');
  }
  const result = placeResultId ? discovery.results.find((r) => r.id === placeResultId) : discovery.results[0];
  if (!result) {
    if (placeResultId) throw new DomainError('not_found', 'not_found', 'This business is not among the discovery’s results.', 'place_result_id');
    throw new DomainError('conflict', 'no_results', 'This search found no business to call.');
  }
  const toNumber = numberOf(result);
  if (!toNumber) throw new DomainError('unsupported', 'no_phone_number', `${result.name} has no phone number to call.`);
  return {
    businessName: result.name,
    toNumber,
    business: calledBusinessOf(result),
    discoveryId: discovery.id,
    placeSearchResultId: result.id,
  };
}

/** The discovery's business whose number is `toNumber` (the create-then-place flow). */
export function targetByNumber(discovery: DiscoveryDocument, toNumber: string): CallTarget {
  const wanted = normalizeE164(toNumber);
  if (!wanted) throw DomainError.invalid('to_number', 'Enter a phone number with its area code');
  const result = discovery.results.find((r) => numberOf(r) === wanted);
  if (!result) throw DomainError.invalid('to_number', 'This number is not one of the businesses this search found');
  return targetFromDiscovery(discovery, result.id);
}
