/** What the front desk picks up from one thing the caller said, by keywords as a person would. */
export interface CallerSpeechCues {
  asksAvailability: boolean;
  asksPrice: boolean;
  asksHours: boolean;
  accepts: boolean;
  declines: boolean;
  saysGoodbye: boolean;
  /** 'First Last' when the caller gave a name. */
  name: string | null;
  /** The digits of a phone number the caller gave. */
  number: string | null;
}

const HOURS = /\b(hours|how late|what time do you (close|open)|are you open|open (until|till|late|tonight|today|tomorrow|on (the )?weekends?|on sundays?|on saturdays?)|close tonight|you close)\b/i;
const AVAILABILITY =
  /\b(today|tonight|tomorrow|this week|next week|this saturday|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|for (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|come out|come by|get here|how soon|how long|anything (open|this)|openings?|available|availability|appointment|table for|walk-ins?|ready by|deliver(y|ed)?|get in|when could|start|take a look|bring (my|it|him|her)|book|schedule|talk to an agent|help me|consultations?|new (patients|clients)|transfer|pick it up|come in|by friday)\b/i;
const PRICE = /\b(how much|costs?|price|prices|pricing|charge|fee|quote|estimate|tuition|commission|rates?)\b/i;
const ACCEPT = /^(yes|yeah|yep|sure|perfect|that works|sounds good|great|okay|ok|please)\b/i;
const DECLINE = /^(no|nope|not (just )?yet|not right now|maybe later)\b/i;
const GOODBYE = /\b(bye|that's all|that's everything|that's it|that is all)\b/i;
const NAME = /\b(?:[Ii]t's|[Mm]y name is|[Tt]his is|[Nn]ame's)\s+([A-Z][a-z]+\s+[A-Z][a-z]+)/;
const PHONE = /(\d{3})\D{0,2}(\d{3})\D?(\d{4})/;

export function readCallerSpeech(text: string): CallerSpeechCues {
  const saysGoodbye = GOODBYE.test(text);
  const asksHours = HOURS.test(text);
  const phone = PHONE.exec(text);
  return {
    asksHours,
    // 'How late are you open tonight?' asks about hours, not about a slot tonight.
    asksAvailability: !saysGoodbye && !asksHours && AVAILABILITY.test(text),
    asksPrice: !saysGoodbye && PRICE.test(text),
    accepts: ACCEPT.test(text.trim()),
    declines: DECLINE.test(text.trim()) && !saysGoodbye,
    saysGoodbye,
    name: NAME.exec(text)?.[1] ?? null,
    number: phone ? `${phone[1]}${phone[2]}${phone[3]}` : null,
  };
}
