import type { Call } from '../../../api/calls-api';
import { formatPhone } from './format-phone';

/** The called business's name; a call placed to a bare number is named by the number, shown nationally. */
export function businessNameOf(call: Pick<Call, 'business_name' | 'to_number'>): string {
  const name = call.business_name?.trim();
  if (!name) return formatPhone(call.to_number);
  return /^\+?[\d\s().-]{7,}$/.test(name) ? formatPhone(name) : name;
}
