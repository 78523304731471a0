import type { CalledBusiness } from './telephony';

/**
 * The voice agent port: the caller persona that talks to the business during a test call.
 *
 * The sandbox network is turn-based: it tells the session what the business said
 * (`respond(heard)`) and plays back what the caller does (speech, keypresses, hanging up) on its
 * timeline. The real adapter is different in kind: OpenAI Realtime listens to and speaks over the
 * Twilio media stream (8 kHz mu-law audio both ways, server-side voice activity detection, barge-in
 * by truncating the model's reply), so there are no discrete turns to hand over. That audio bridge
 * belongs to the Twilio telephony adapter. What both share is decided here: the caller's goal
 * (`CallerGoal`), its persona (`CallerPersona`) and the instructions the realtime model receives
 * as its system prompt (`callerInstructions`), so a sandbox call and a real call pursue the same goal
 * the same way.
 */
export interface VoiceAgent {
  readonly adapterName: string;
  /**
   * Starts the caller's side of one call. `goal` defaults to the goal for the business's category;
   * `seed` (the call id) makes every choice of the session reproducible.
   */
  startSession(business: CalledBusiness, goal?: CallerGoal | null, seed?: string): CallerSession;
}

export interface CallerSession {
  readonly goal: CallerGoal;
  readonly persona: CallerPersona;
  /** What the caller does after hearing one utterance of the business (or its menu, greeting, beep). */
  respond(heard: BusinessUtterance): CallerAction;
}

/** What the business side says or plays, one utterance at a time. */
export type BusinessUtteranceKind =
  /** A person picking up: 'Thank you for calling …, how can I help you?' */
  | 'greeting'
  /** A recorded menu; `options` lists its choices. */
  | 'ivr_menu'
  /** A recorded message that is not a menu: 'Please hold while we connect your call.' */
  | 'ivr_message'
  /** A person asking the caller something. */
  | 'question'
  /** A person answering or stating something. */
  | 'answer'
  /** The caller is put on hold ('Can you hold for a moment?'); hold music follows. */
  | 'hold'
  /** The person is back from hold, usually with the answer. */
  | 'hold_return'
  /** A voicemail greeting; a beep follows unless the mailbox is full. */
  | 'voicemail_greeting'
  | 'beep'
  /** A recording saying the business is closed; the line hangs up after it. */
  | 'closed_message'
  /** The person is wrapping up the call ('Have a great day, bye!'). */
  | 'closing';

export interface IvrOption {
  /** The key to press, '0'–'9', '*' or '#'. */
  digit: string;
  /** What the menu says the option is for, e.g. 'to schedule service or a repair'. */
  label: string;
}

export interface BusinessUtterance {
  kind: BusinessUtteranceKind;
  text: string;
  /** The choices of an IVR menu, as its text reads them. */
  options?: IvrOption[];
}

export interface CallerAction {
  /** Words to speak. */
  say?: string;
  /** Keys to press (after speaking, when both are set). */
  pressDigits?: string;
  /** Hang up (after speaking and pressing, when those are set). */
  hangUp?: boolean;
  /** Start speaking before the business has finished. */
  interrupt?: boolean;
}

/** Something the caller wants to find out. */
export type CallerTopic = 'availability' | 'price' | 'hours';

/** The customer need the caller pursues, chosen for the business's category. */
export interface CallerGoal {
  /** Category key of the business (e.g. 'plumber'), or 'generic'. */
  category: string;
  /** One line for the report: 'a leaking pipe under the kitchen sink, wants someone today'. */
  summary: string;
  /** Ways to state the need right after the greeting (one is picked per call). */
  openings: string[];
  /** What the caller wants to learn, most important first; the opening asks about the first. */
  topics: CallerTopic[];
  /** Follow-up questions per topic, asked when the business has not covered it yet. */
  followUps: Partial<Record<CallerTopic, string[]>>;
  /** Accepts an offered appointment, visit, table or order. */
  booksIfOffered: boolean;
  /** Words that identify the right IVR option, e.g. ['service', 'repair', 'schedule']. */
  ivrKeywords: string[];
  /** Answers to questions a front desk of this kind asks: [words that identify the question, reply]. */
  details: (readonly [readonly string[], string])[];
  /** The message the caller would leave, if its policy allows voicemail. */
  voicemailMessage: string;
}

/** Who the caller says they are: a fictional person with a number in the reserved 555-01xx range. */
export interface CallerPersona {
  firstName: string;
  lastName: string;
  /** As spoken, e.g. '312-555-0147'. */
  callbackNumber: string;
}

const TOPIC_WORDS: Record<CallerTopic, string> = {
  availability: 'when they can help',
  price: 'what it costs',
  hours: 'their opening hours',
};

/**
 * The system prompt a realtime speech model gets to play the caller on a real line. The scripted
 * sandbox caller follows the same rules.
 */
export function callerInstructions(business: Pick<CalledBusiness, 'name'>, goal: CallerGoal, persona?: CallerPersona): string {
  const who = persona
    ? `Your name is ${persona.firstName} ${persona.lastName}; if asked for a callback number, give ${persona.callbackNumber}.`
    : 'If asked for your name or number, give the ones you were configured with.';
  const topics = goal.topics.map((topic) => TOPIC_WORDS[topic]).join(', then ');
  return [
    `You are a customer phoning ${business.name}. You need ${goal.summary}.`,
    who,
    `Speak like an ordinary person on the phone: short sentences, natural and friendly, one question at a time. Start with: "${goal.openings[0]}"`,
    `Find out ${topics}. ${goal.booksIfOffered ? 'If they offer to book it, accept.' : 'Do not commit to anything.'}`,
    'Answer their questions briefly and truthfully to your situation; never invent facts about the business.',
    `If an automated menu answers, press the key of the option closest to your need (${goal.ivrKeywords.join(', ')}); if none fits, press 0 for an operator. If you hear the same menu three times, hang up.`,
    'If you reach voicemail, hang up after the greeting without leaving a message. If a recording says they are closed, hang up.',
    'If someone asks whether you are a real person, say honestly that this is an automated test call the business owner arranged to check how the phone line performs.',
    'When you have what you need, thank them and end politely: "Thanks so much, bye!"',
  ].join('\n');
}
