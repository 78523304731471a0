import type { TopicId } from './topics';
import { HOURS_STATEMENTS } from './phrases';

const DAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?';

const AVAILABILITY_ANSWERS: readonly RegExp[] = [
  /\b(today|tonight|tomorrow)\b/,
  /\bthis (morning|afternoon|evening|week|weekend)\b/,
  new RegExp(`\\bnext (week|month|${DAY})\\b`),
  new RegExp(`\\b(on )?${DAY}\\b`),
  /\b\d{1,2}(:\d{2})?\s?(am|pm|a\.m\.|p\.m\.|o'?clock)\b/,
  /\b(in|within|takes?|about|around) (about |around |roughly )?(an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|\d+|half an|a couple( of)?|a few) (hours?|minutes?|days?|weeks?)\b/,
  /\bat (one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|\d{1,2}(:\d{2})?)\b/,
  /\bthe (\d{1,2}(st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\w+teenth|\w+tieth|twenty-\w+|thirty-first)\b/,
  /\b(still )?(have|got) (the )?[\w-]+ (open|available|free)\b/,
  /\banytime\b/,
  /\bwalk.?ins?\b/,
  /\btaking new (clients|patients|customers)\b/,
  /\bfirst thing\b/,
  /\bright away\b/,
  /\b(we have|there'?s|i have|i'?ve got|we'?ve got) (an? )?(opening|slot|spot|availability|appointment|table)\b/,
  /\b(we'?re|we are|i'?m) (fully |all )?(booked|available)\b/,
  /\bno (openings|availability)\b/,
  /\bcan (get|send|fit|see|squeeze|have) (someone|somebody|a tech|a technician|you|a plumber|him|her|them)\b/,
];

const PRICING_ANSWERS: readonly RegExp[] = [
  /\$\s?\d/,
  /\bdollars?\b/,
  /\bbucks\b/,
  /\bfree (estimates?|quotes?|consultations?|inspections?)\b/,
  /\b(is|are) free\b/,
  /\bno (charge|cost|fee)\b/,
  /\b(send|give|get|email|text) you (a|an) (quote|estimate|price)\b/,
  /\b(quote|estimate) (after|once|when|on site)\b/,
  /\b(tech|technician|estimator|plumber|someone) (can|will) (give|quote|price)\b/,
];

const LOCATION_ANSWERS: readonly RegExp[] = [
  /\b(we'?re|we are) (located )?(at|on|in|near|right|just|across|next)\b/,
  /\baddress is\b/,
  /\b\d+ [a-z]+ (street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|way|plaza)\b/,
  /\bwe (serve|cover|service|come out to|go to|travel to)\b/,
  /\bservice area\b/,
];

const INSURANCE_ANSWERS: readonly RegExp[] = [
  /\bwe (do )?(accept|take|bill|work with)\b/,
  /\bin.network\b/,
  /\bout of network\b/,
  /\b(it'?s|that'?s|you'?re|you'?d be) (usually |normally )?covered\b/,
  /\bwe (don'?t|do not) (accept|take)\b/,
];

const EMERGENCY_ANSWERS: readonly RegExp[] = [
  ...AVAILABILITY_ANSWERS,
  /\b24\/7\b/,
  /\b24 hours\b/,
  /\baround the clock\b/,
  /\bon.call\b/,
  /\bemergency (line|service|rate|fee|number|visit)\b/,
];

const DELIVERY_ANSWERS: readonly RegExp[] = [
  /\bwe (do )?deliver\b/,
  /\bdeliver(y|ies)? (until|till|from|to|within|radius|hours|is|fee|charge|runs|starts)\b/,
  /\bwe (don'?t|do not) deliver\b/,
  ...HOURS_STATEMENTS,
];

/** A need the caller can have, and what a business reply that meets it sounds like. */
export interface NeedSpec {
  topic: TopicId;
  /** Lower-case noun for texts: 'availability'. */
  noun: string;
  weight: number;
  answers: readonly RegExp[];
}

export const NEEDS: readonly NeedSpec[] = [
  { topic: 'availability', noun: 'availability', weight: 2, answers: AVAILABILITY_ANSWERS },
  { topic: 'pricing', noun: 'pricing', weight: 2, answers: PRICING_ANSWERS },
  { topic: 'hours', noun: 'business hours', weight: 1.5, answers: HOURS_STATEMENTS },
  { topic: 'emergency', noun: 'emergency service', weight: 1.5, answers: EMERGENCY_ANSWERS },
  { topic: 'location', noun: 'location', weight: 1.5, answers: LOCATION_ANSWERS },
  { topic: 'insurance', noun: 'insurance', weight: 1.5, answers: INSURANCE_ANSWERS },
  { topic: 'delivery', noun: 'delivery', weight: 1.5, answers: DELIVERY_ANSWERS },
];
