import { findSentences, HOURS_STATEMENTS, matchesAny, type SentenceHit } from './phrases';
import type { IndexedSegment, TranscriptView } from './transcript-view';

export type TopicId =
  'pricing' | 'availability' | 'scheduling' | 'hours' | 'emergency' | 'location' | 'insurance' | 'payment' | 'delivery' | 'services' | 'contact';

export interface TopicFamily {
  id: TopicId;
  label: string;
  /** Words that show the topic came up, in either party's speech. */
  patterns: RegExp[];
}

const DAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';

export const TOPIC_FAMILIES: readonly TopicFamily[] = [
  {
    id: 'pricing',
    label: 'Pricing',
    patterns: [
      /\bprice[sd]?\b/,
      /\bpricing\b/,
      /\bcosts?\b/,
      /\bhow much\b/,
      /\bquotes?\b/,
      /\bestimates?\b/,
      /\brates?\b/,
      /\bfees?\b/,
      /\bcharges?\b/,
      /\$\s?\d/,
      /\bdollars?\b/,
      /\bexpensive\b/,
      /\baffordable\b/,
    ],
  },
  {
    id: 'availability',
    label: 'Availability',
    patterns: [
      /\bavailab(le|ility)\b/,
      /\btoday\b/,
      /\btonight\b/,
      /\btomorrow\b/,
      /\bthis (morning|afternoon|evening|week|weekend)\b/,
      new RegExp(`\\bnext (week|${DAY})\\b`),
      /\basap\b/,
      /\bas soon as\b/,
      /\bearliest\b/,
      /\b(openings?|slots?)\b/,
      /\bcome out\b/,
      /\b(get|send) (someone|somebody|a tech)\b/,
      /\bwhen (can|could|would|will) (you|someone|somebody|they|i|we)\b/,
      /\bhow soon\b/,
      /\banything open\b/,
    ],
  },
  {
    id: 'scheduling',
    label: 'Scheduling',
    patterns: [
      /\bappointments?\b/,
      /\bbook(ing|ed)?\b/,
      /\bschedul(e|ed|ing)\b/,
      /\breserv(e|ation|ations)\b/,
      /\btable for\b/,
      /\bsign (me|us) up\b/,
      /\bpencil\b/,
    ],
  },
  {
    id: 'hours',
    label: 'Business hours',
    patterns: [/\bhours\b/, /\bare you open\b/, /\bclos(e|es|ed|ing)\b/, /\bwhat time do you\b/, ...HOURS_STATEMENTS],
  },
  {
    id: 'emergency',
    label: 'Emergency service',
    patterns: [
      /\bemergenc(y|ies)\b/,
      /\burgent(ly)?\b/,
      /\b24\/7\b/,
      /\baround the clock\b/,
      /\bleak(s|ing|y)?\b/,
      /\bburst\b/,
      /\bflood(ing|ed)?\b/,
      /\bno (heat|power|hot water|water)\b/,
    ],
  },
  {
    id: 'location',
    label: 'Location',
    patterns: [
      /\baddress\b/,
      /\blocated\b/,
      /\blocation\b/,
      /\bwhere are you\b/,
      /\bdirections\b/,
      /\bparking\b/,
      /\bservice area\b/,
      /\bdo you (come|serve|cover|service) \w+/,
    ],
  },
  {
    id: 'insurance',
    label: 'Insurance',
    patterns: [/\binsurance\b/, /\binsured\b/, /\bin.network\b/, /\bcoverage\b/, /\bcovered\b/, /\bcopays?\b/, /\bmedica(re|id)\b/],
  },
  {
    id: 'payment',
    label: 'Payment options',
    patterns: [/\bpayments?\b/, /\bpay (by|with|in)\b/, /\bcredit cards?\b/, /\bcash\b/, /\bfinancing\b/, /\bdeposit\b/],
  },
  {
    id: 'delivery',
    label: 'Delivery',
    patterns: [/\bdeliver(y|ies|s)?\b/, /\btake.?out\b/, /\bcarry.?out\b/],
  },
  {
    id: 'services',
    label: 'Services offered',
    patterns: [
      /\bdo you (do|offer|handle|fix|repair|install|replace|work on|carry|clean)\b/,
      /\bwe (do|offer|handle|specialize in)\b/,
      /\bservices\b/,
    ],
  },
  {
    id: 'contact',
    label: 'Callback details',
    patterns: [
      /\b(phone|callback|contact|cell) number\b/,
      /\bcall (you|me) back\b/,
      /\breach (you|me) at\b/,
      /\bname and (phone )?number\b/,
      /\bemail\b/,
    ],
  },
];

export function topicFamily(id: TopicId): TopicFamily {
  const family = TOPIC_FAMILIES.find((f) => f.id === id);
  if (!family) throw new Error(`Unknown topic ${id}`);
  return family;
}

export function mentionsTopic(text: string, id: TopicId): boolean {
  return matchesAny(text, topicFamily(id).patterns);
}

/** Sentences of the segments that raise the topic, in speaking order. */
export function topicMentions(segments: readonly IndexedSegment[], id: TopicId): SentenceHit[] {
  return findSentences(segments, topicFamily(id).patterns);
}

/** Labels of the topics the conversation touched, in the order they first came up. */
export function keyTopics(view: TranscriptView): string[] {
  return TOPIC_FAMILIES.map((family) => ({ family, first: findSentences(view.all, family.patterns)[0] }))
    .filter((entry) => entry.first !== undefined)
    .sort((a, b) => a.first!.segment.startMs - b.first!.segment.startMs || TOPIC_FAMILIES.indexOf(a.family) - TOPIC_FAMILIES.indexOf(b.family))
    .map((entry) => entry.family.label);
}
