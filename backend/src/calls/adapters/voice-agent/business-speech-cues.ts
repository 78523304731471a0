import type { CallerTopic } from '../../ports/voice-agent';

/** What the caller picks up from one thing the business said. */
export interface BusinessSpeechCues {
  isQuestion: boolean;
  asksName: boolean;
  asksNumber: boolean;
  offersBooking: boolean;
  asksAnythingElse: boolean;
  asksToRepeat: boolean;
  saysGoodbye: boolean;
  /** The answer did not really answer: 'I'd have to check', 'not sure'. */
  isVague: boolean;
  /** Topics the words touch on, answered well or not. */
  covers: CallerTopic[];
}

const NAME = /\b(name\?|your name|a name|the name|first and last name|who am i speaking|who's calling|who is calling|name and (a )?(number|phone))\b/i;
const NUMBER = /\b(number\?|phone number|callback number|best number|good number|a number|your number|and number|reach you|call you back at)\b/i;
const BOOKING =
  /\b(want me to|would you like (me )?to|shall i|should i|can i (go ahead and )?(book|put|schedule|set|reserve)|like to (book|schedule|come in|set)|want to (book|come in|set|schedule|stop by)|get you (in|on|down|booked|scheduled)|put you (down|on)|pencil you in|set (that|it|you) up|book (that|it|you))\b/i;
const ANYTHING_ELSE = /\b(anything else|something else|else i can help)\b/i;
const REPEAT = /\b(say that again|repeat that|come again|didn't catch|did not catch|pardon)\b/i;
const GOODBYE = /\b(bye|goodbye|have a (great|good|nice|wonderful) (day|night|one|evening|afternoon))\b/i;
const VAGUE = /\b(not sure|have to check|i'd have to|don't know|do not know|no idea|can't say|cannot say|couldn't tell|depends)\b/i;

const TOPIC_PATTERNS: Record<CallerTopic, RegExp> = {
  price: /(\$\d|\bdollars?\b|\bfree\b|no charge|\bfees?\b|\bpric|\bcosts?\b|\bcharge|\bquote\b|\brates?\b|\btuition\b|\bcommission\b)/i,
  availability:
    /\b(today|tonight|tomorrow|this (afternoon|morning|evening|week|weekend)|next (week|month)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|\d{1,2}(:\d\d)? ?(am|pm)|o'clock|opening|openings|available|availability|the schedule|slot|spot|walk-ins?|minutes|ready by|deliver|call you back|calls? you|booked)\b/i,
  hours: /\b(open|close|closes|closed|closing|our hours|hours are|until|till)\b/i,
};

/** Reads the cues out of the business's words, the way a listener would. */
export function readBusinessSpeech(text: string): BusinessSpeechCues {
  const isQuestion = text.includes('?');
  return {
    isQuestion,
    asksName: isQuestion && NAME.test(text),
    asksNumber: isQuestion && NUMBER.test(text),
    offersBooking: isQuestion && BOOKING.test(text),
    asksAnythingElse: isQuestion && ANYTHING_ELSE.test(text),
    asksToRepeat: REPEAT.test(text),
    saysGoodbye: GOODBYE.test(text),
    isVague: VAGUE.test(text),
    covers: (Object.keys(TOPIC_PATTERNS) as CallerTopic[]).filter((topic) => TOPIC_PATTERNS[topic].test(text)),
  };
}

/** The caller's prepared reply to a question of the business, matched by its words. */
export function matchDetail(text: string, details: readonly (readonly [readonly string[], string])[]): string | null {
  for (const [words, reply] of details) {
    if (words.some((word) => wordPattern(word).test(text))) return reply;
  }
  return null;
}

function wordPattern(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/['’]/g, "['’]");
  return new RegExp(`\\b${escaped}(s|es)?\\b`, 'i');
}
