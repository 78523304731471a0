import type { BusinessUtterance, CallerAction, CallerGoal, CallerPersona, CallerSession, CallerTopic } from '../../ports/voice-agent';
import { type BusinessSpeechCues, matchDetail, readBusinessSpeech } from './business-speech-cues';
import { chooseIvrDigit, ivrOptionsOf } from './ivr-choice';
import type { SeededRandom } from '../../../infrastructure/random';

export interface CallerPolicy {
  /** Leave a message when a voicemail greeting asks for one (default false: hang up at the beep). */
  leaveVoicemail: boolean;
  /** Times the same menu may be heard before the caller calls it a loop and hangs up. */
  menuRepeatsBeforeHangUp: number;
  /** Replies after which the caller wraps up whatever is left. */
  maxReplies: number;
  /** Share of calls (0–1) in which the caller takes an offered appointment, visit or table. */
  bookingShare: number;
}

const ACKS = ['Okay.', 'Great.', 'Got it.', 'Okay, thanks.'];
const ACCEPTS = ['Yes, please.', 'Yes, that works, thanks.', "Perfect, let's do that."];
const GOODBYE_AFTER_ANYTHING_ELSE = ["No, that's everything. Thanks so much, bye!", "No, that's all. Thanks so much, bye!"];
const GOODBYE = ["Okay, great, that's all I needed. Thanks so much, bye!", 'Perfect, thanks so much for your help. Bye!'];
const DECLINES = ['Not just yet, thanks.', 'Not right now, thanks.'];
const GOODBYE_AFTER_DECLINE = ["I'll call back to book. Thanks, bye!", "That's all I needed. Thanks, bye!"];
const GOODBYE_UNANSWERED = ["Okay, I'll try again later then. Thanks so much, bye!", "Alright, I'll call back another time. Thanks, bye!"];
const MAILBOX_FULL = /\b(mailbox (is )?full|cannot accept|can't accept|not accepting)\b/i;
const ASKS_FOR_MESSAGE = /\b(leave (a|your) (message|name)|after the (tone|beep))\b/i;
/** Long answers the caller may cut into once it has what it needs. */
const INTERRUPTIBLE_WORDS = 16;

/** One scripted caller on one call: a small conversation policy over what it hears. */
export class ScriptedCallerSession implements CallerSession {
  private statedGoal = false;
  private readonly covered = new Set<CallerTopic>();
  private followUpsLeft: number;
  private bookingAccepted = false;
  private bookingDeclined = false;
  /** Whether this caller takes an offered booking (a test call does not always go that far). */
  private readonly willBook: boolean;
  private saidGoodbye = false;
  private replies = 0;
  private lastSaid: string | null = null;
  private repeated = false;
  private lastAnswerVague = false;
  private voicemailAsksForMessage = false;
  private readonly menusHeard = new Map<string, number>();
  private readonly digitsTried = new Map<string, string[]>();

  constructor(
    readonly goal: CallerGoal,
    readonly persona: CallerPersona,
    private readonly random: SeededRandom,
    private readonly policy: CallerPolicy,
  ) {
    this.followUpsLeft = random.weighted([
      [0, 13],
      [1, 6],
      [2, 1],
    ] as const);
    this.willBook = goal.booksIfOffered && random.chance(policy.bookingShare);
  }

  respond(heard: BusinessUtterance): CallerAction {
    switch (heard.kind) {
      case 'voicemail_greeting':
        this.voicemailAsksForMessage = ASKS_FOR_MESSAGE.test(heard.text);
        return MAILBOX_FULL.test(heard.text) ? { hangUp: true } : {};
      case 'beep':
        return this.policy.leaveVoicemail && this.voicemailAsksForMessage ? { say: this.voicemail(), hangUp: true } : { hangUp: true };
      case 'closed_message':
        return { hangUp: true };
      case 'ivr_message':
        return {};
      case 'ivr_menu':
        return this.navigate(heard);
      case 'hold':
        return heard.text.includes('?') ? this.say('Sure.') : {};
      case 'closing':
        return this.saidGoodbye ? { hangUp: true } : { say: 'Thanks, bye!', hangUp: true };
      default:
        return this.converse(heard);
    }
  }

  private converse(heard: BusinessUtterance): CallerAction {
    if (this.saidGoodbye) return { hangUp: true };
    this.replies += 1;
    if (this.replies > this.policy.maxReplies) return this.goodbye(readBusinessSpeech(heard.text));
    const cues = readBusinessSpeech(heard.text);
    if (!this.statedGoal || heard.kind === 'greeting') {
      this.statedGoal = true;
      // The opening asks about the first topic already.
      if (this.goal.topics[0]) this.covered.add(this.goal.topics[0]);
      return this.say(this.random.pick(this.goal.openings));
    }
    for (const topic of cues.covers) this.covered.add(topic);
    this.lastAnswerVague = cues.isVague;
    if (cues.asksToRepeat && this.lastSaid && !this.repeated) {
      this.repeated = true;
      return this.say(this.lastSaid);
    }
    this.repeated = false;
    if (cues.offersBooking && !this.bookingAccepted && !this.bookingDeclined) {
      const followUp = this.random.chance(0.5) ? this.nextFollowUp() : null;
      if (this.willBook) {
        this.bookingAccepted = true;
        const reply = [this.random.pick(ACCEPTS), this.personalAnswers(heard.text, cues), followUp].filter(Boolean).join(' ');
        return this.say(reply);
      }
      this.bookingDeclined = true;
      if (followUp) return this.say(`${this.random.pick(DECLINES)} ${followUp}`);
      this.saidGoodbye = true;
      return this.say(`${this.random.pick(DECLINES)} ${this.random.pick(GOODBYE_AFTER_DECLINE)}`);
    }
    const personal = this.personalAnswers(heard.text, cues);
    if (personal) return this.say(personal);
    // Once booked, the caller has what it came for: no new questions after the read-back.
    const followUp = this.bookingAccepted ? null : this.nextFollowUp();
    if (followUp) {
      const long = heard.kind === 'answer' && wordCount(heard.text) >= INTERRUPTIBLE_WORDS;
      const action = this.say(`${this.random.pick(ACKS)} ${followUp}`);
      return long && this.random.chance(0.3) ? { ...action, interrupt: true } : action;
    }
    if (cues.asksAnythingElse || !cues.isQuestion) return this.goodbye(cues);
    // A question the caller has no prepared answer for.
    return this.say(this.random.pick(["Hmm, I'm not sure, to be honest.", "I don't know, sorry."]));
  }

  /** Replies to questions about the caller: its situation, name and number. */
  private personalAnswers(text: string, cues: BusinessSpeechCues): string | null {
    if (!cues.isQuestion) return null;
    const parts: string[] = [];
    const detail = matchDetail(questionsIn(text), this.goal.details);
    if (detail) parts.push(detail);
    const name = `${this.persona.firstName} ${this.persona.lastName}`;
    if (cues.asksName && cues.asksNumber) parts.push(`Sure, it's ${name}, ${this.persona.callbackNumber}.`);
    else if (cues.asksName) parts.push(`It's ${name}.`);
    else if (cues.asksNumber) parts.push(`It's ${this.persona.callbackNumber}.`);
    return parts.length > 0 ? parts.join(' ') : null;
  }

  private nextFollowUp(): string | null {
    if (this.followUpsLeft <= 0) return null;
    const topic = this.goal.topics.find((candidate) => !this.covered.has(candidate) && this.goal.followUps[candidate]?.length);
    if (!topic) return null;
    this.followUpsLeft -= 1;
    this.covered.add(topic);
    return this.random.pick(this.goal.followUps[topic]!);
  }

  private goodbye(cues: BusinessSpeechCues): CallerAction {
    this.saidGoodbye = true;
    const lines = this.lastAnswerVague && !this.bookingAccepted ? GOODBYE_UNANSWERED : cues.asksAnythingElse ? GOODBYE_AFTER_ANYTHING_ELSE : GOODBYE;
    return this.say(this.random.pick(lines));
  }

  private navigate(menu: BusinessUtterance): CallerAction {
    const key = menu.text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
    const heard = (this.menusHeard.get(key) ?? 0) + 1;
    this.menusHeard.set(key, heard);
    if (heard >= this.policy.menuRepeatsBeforeHangUp) return { hangUp: true };
    const tried = this.digitsTried.get(key) ?? [];
    const digit = chooseIvrDigit(ivrOptionsOf(menu), this.goal.ivrKeywords, tried);
    if (digit === null) return { hangUp: true };
    this.digitsTried.set(key, [...tried, digit]);
    return { pressDigits: digit };
  }

  private voicemail(): string {
    return `Hi, this is ${this.persona.firstName} ${this.persona.lastName}. ${this.goal.voicemailMessage} Please call me back at ${this.persona.callbackNumber}. Thanks, bye!`;
  }

  private say(text: string): CallerAction {
    this.lastSaid = text;
    return { say: text };
  }
}

/** The sentences of a text that ask something: an answer's statements are not questions to the caller. */
function questionsIn(text: string): string {
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.trim().endsWith('?'))
    .join(' ');
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
