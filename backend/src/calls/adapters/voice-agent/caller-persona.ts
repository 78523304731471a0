import type { CallerPersona } from '../../ports/voice-agent';
import { SeededRandom } from '../../../infrastructure/random';

const FIRST_NAMES = ['Jordan', 'Taylor', 'Alex', 'Morgan', 'Casey', 'Jamie', 'Riley', 'Sam', 'Chris', 'Dana', 'Robin', 'Avery'];
const LAST_NAMES = ['Avery', 'Brooks', 'Carter', 'Ellison', 'Foster', 'Hayes', 'Keller', 'Lane', 'Monroe', 'Parker', 'Reed', 'Sutton'];
/** Real area codes; the line numbers are in the reserved fictional 555-0100 – 555-0199 range. */
const AREA_CODES = ['212', '312', '415', '512', '617', '206', '303', '404'];

/** A fictional caller, the same for the same seed. */
export function callerPersonaFor(seed: string): CallerPersona {
  const random = SeededRandom.for('caller-persona', seed);
  const firstName = random.pick(FIRST_NAMES);
  let lastName = random.pick(LAST_NAMES);
  if (lastName === firstName) lastName = 'Morgan';
  const line = String(random.int(0, 99)).padStart(2, '0');
  return { firstName, lastName, callbackNumber: `${random.pick(AREA_CODES)}-555-01${line}` };
}
