import type { AnsweredBy, CalledBusiness } from '../../ports/telephony';
import type { BusinessUtterance, CallerAction, CallerSession, VoiceAgent } from '../../ports/voice-agent';
import { SeededRandom } from '../../../infrastructure/random';
import { type BehaviorProfile, behaviorProfileFor, type LineBehavior, lineAt, type ReceptionistStyle } from './behavior-profile';
import { businessZone, isWithinBusinessHours, type LocalTime, localTimeAt } from './business-hours';
import type { BusinessBeat, BusinessParty, BusinessVoice } from './business-party';
import type { AudioSpan, CallScript, ScriptedProgress } from './call-script';
import { ivrMenuFor } from './ivr-menus';
import { IvrSystem } from './ivr-system';
import { closedMessage, voicemailGreeting } from './machine-messages';
import { Receptionist } from './receptionist';
import { RecordedMessage } from './recorded-message';
import type { SynthesisVoice } from './speech-synthesizer';
import { speechDurationMs, spokenWordCount } from './speech-timing';
import { VoicemailBox } from './voicemail-box';

export interface CallScriptInput {
  callId: string;
  business: CalledBusiness;
  /** 1 for the first attempt. */
  attempt: number;
  agent: VoiceAgent;
  /** The moment of dialling (decides whether the business is open). */
  startedAt: Date;
}

/** US ring cadence: 2 s of ringback, 4 s of silence. */
export const RING_CYCLE_MS = 6000;
export const RING_ON_MS = 2000;
/** A conversation never runs longer than this, whatever the parties do. */
const MAX_CONVERSATION_MS = 4 * 60_000;
const SILENCE_BEFORE_PROMPT_MS: [number, number] = [2500, 3500];

const STYLE_PACE: Record<ReceptionistStyle, { wordsPerMinute: number; gap: [number, number]; deadAir: number; interrupts: number }> = {
  professional: { wordsPerMinute: 175, gap: [300, 800], deadAir: 0.05, interrupts: 0 },
  helpful: { wordsPerMinute: 180, gap: [300, 800], deadAir: 0.05, interrupts: 0.05 },
  slow: { wordsPerMinute: 145, gap: [700, 1500], deadAir: 0.25, interrupts: 0 },
  curt: { wordsPerMinute: 190, gap: [200, 600], deadAir: 0.05, interrupts: 0.3 },
  holds: { wordsPerMinute: 175, gap: [400, 1000], deadAir: 0.1, interrupts: 0.05 },
};
const CALLER_GAP: [number, number] = [250, 900];
const GREETING_PACE = 1.25;

/**
 * Decides a whole sandbox call up front, deterministically: the line's behaviour for this place,
 * attempt and time; the rings; then the conversation between the business side and the caller
 * session, timed like people talk (speech as long as its words, human reply gaps, occasional dead
 * air and interruptions, hold music, keypresses).
 */
export function writeCallScript(input: CallScriptInput): CallScript {
  return new CallScriptWriter(input).write();
}

class CallScriptWriter {
  private readonly profile: BehaviorProfile;
  private readonly during: boolean | null;
  private readonly local: LocalTime | null;
  private readonly line: LineBehavior;
  private readonly timing: SeededRandom;
  private readonly events: ScriptedProgress[] = [];
  private readonly audio: AudioSpan[] = [];
  private answeredAtMs: number | null = null;
  /** Who picked up first: a phone menu may later transfer the call to a person or a mailbox. */
  firstAnsweredBy: AnsweredBy | null = null;
  private goal = '';

  constructor(private readonly input: CallScriptInput) {
    const { business, attempt, startedAt, callId } = input;
    this.profile = behaviorProfileFor(business, attempt);
    const zone = businessZone(business);
    this.during = isWithinBusinessHours(business.openingPeriods, zone, startedAt);
    this.local = localTimeAt(zone, startedAt);
    this.line = lineAt(this.profile, this.during);
    this.timing = SeededRandom.for('timing', callId, business.placeId, attempt);
  }

  write(): CallScript {
    this.events.push({ kind: 'dialing', atMs: 0 });
    // Post-dial delay of a VoIP-to-VoIP call: the first ring comes within about a second.
    const firstRingMs = this.timing.int(500, 1200);
    const durationMs = this.play(firstRingMs);
    const { business, attempt, callId, startedAt } = this.input;
    return {
      callId,
      placeId: business.placeId,
      attempt,
      startedAt: startedAt.toISOString(),
      duringBusinessHours: this.during,
      line: this.line.kind,
      goal: this.goal,
      answeredAtMs: this.answeredAtMs,
      durationMs,
      events: this.events.map((event, index) => ({ event, index })).sort((a, b) => a.event.atMs - b.event.atMs || a.index - b.index).map(({ event }) => event),
      audio: this.audio,
    };
  }

  /** Plays the line; returns the call's length. */
  private play(firstRingMs: number): number {
    const line = this.line;
    switch (line.kind) {
      case 'failed': {
        const at = firstRingMs + this.timing.int(200, 1200);
        this.events.push({ kind: 'failed', atMs: at, reason: line.reason });
        return at;
      }
      case 'busy': {
        const at = firstRingMs + this.timing.int(500, 2500);
        this.events.push({ kind: 'busy', atMs: at });
        return at;
      }
      case 'no_answer': {
        const rings = this.ring(firstRingMs, line.ringTimeoutMs);
        this.events.push({ kind: 'no_answer', atMs: line.ringTimeoutMs, rings });
        return line.ringTimeoutMs;
      }
      default: {
        const lastRingMs = firstRingMs + (line.rings - 1) * RING_CYCLE_MS;
        // Picked up during the ring or in the silence after it.
        const answeredAt = lastRingMs + this.timing.int(800, RING_CYCLE_MS - 1500);
        this.ring(firstRingMs, answeredAt);
        this.answeredAtMs = answeredAt;
        this.firstAnsweredBy = answeredByOf(line);
        this.events.push({ kind: 'answered', atMs: answeredAt, answeredBy: this.firstAnsweredBy });
        return this.converse(answeredAt);
      }
    }
  }

  /** Rings until `untilMs`; returns how many rings started. */
  private ring(firstRingMs: number, untilMs: number): number {
    let rings = 0;
    for (let at = firstRingMs; at < untilMs; at += RING_CYCLE_MS) {
      rings += 1;
      this.events.push({ kind: 'ringing', atMs: at, ring: rings });
      this.audio.push({ kind: 'ringback', startMs: at, endMs: Math.min(at + RING_ON_MS, untilMs) });
    }
    return rings;
  }

  private converse(answeredAt: number): number {
    const { agent, business, callId } = this.input;
    const session = agent.startSession(business, null, callId);
    this.goal = session.goal.summary;
    const party = this.partyFor(this.line);
    const conversation = new Conversation(this, session, party, answeredAt);
    const end = conversation.run();
    if (party.inMenuLoop()) this.events.push({ kind: 'ivr_loop', atMs: end.atMs });
    this.events.push({ kind: 'completed', atMs: end.atMs, endedBy: end.by });
    return end.atMs;
  }

  private partyFor(line: LineBehavior): BusinessParty {
    const { business, callId } = this.input;
    const periods = business.openingPeriods;
    const receptionist = (mode: 'front_desk' | 'answering_service', department: string | null = null) =>
      new Receptionist({
        businessName: business.name,
        openingPeriods: periods,
        category: this.profile.category,
        profile: this.profile.receptionist,
        local: this.local,
        random: SeededRandom.for('desk', callId, business.placeId),
        mode,
        department,
      });
    switch (line.kind) {
      case 'answering_service':
        return receptionist('answering_service');
      case 'voicemail':
        return new VoicemailBox(voicemailGreeting(line.greeting, business.name, periods), line.greeting === 'mailbox_full');
      case 'closed_message':
        return new RecordedMessage(closedMessage(business.name, periods));
      case 'ivr':
        return new IvrSystem({
          businessName: business.name,
          profile: line.ivr,
          options: ivrMenuFor(this.profile.category, line.ivr.optionCount, SeededRandom.for('ivr-menu', business.placeId)),
          openingPeriods: periods,
          random: SeededRandom.for('ivr', callId, business.placeId),
          connect: (department, to) =>
            to === 'human' ? receptionist('front_desk', department) : new VoicemailBox(voicemailGreeting('department', business.name, periods, department), false),
        });
      default:
        return receptionist('front_desk');
    }
  }

  // Used by the conversation.
  get random(): SeededRandom {
    return this.timing;
  }

  get style(): ReceptionistStyle {
    return this.profile.receptionist.style;
  }

  voiceOf(voice: BusinessVoice): SynthesisVoice {
    if (voice === 'machine') return { role: 'machine', gender: 'female', pitch: 55, wordsPerMinute: 150 };
    const desk = this.profile.receptionist;
    return { role: 'person', gender: desk.voice, pitch: desk.voice === 'female' ? 65 : 40, wordsPerMinute: STYLE_PACE[desk.style].wordsPerMinute };
  }

  callerVoice(): SynthesisVoice {
    const female = SeededRandom.for('caller-voice', this.input.callId).chance(0.5);
    return { role: 'caller', gender: female ? 'female' : 'male', pitch: female ? 58 : 45, wordsPerMinute: 170 };
  }

  emit(event: ScriptedProgress): void {
    this.events.push(event);
  }

  hear(span: AudioSpan): void {
    this.audio.push(span);
  }
}

interface SpeechSpan {
  startMs: number;
  endMs: number;
  words: number;
  voice: BusinessVoice | 'caller';
}

/** The turn-by-turn timeline of an answered call. */
class Conversation {
  private clock: number;
  private queue: BusinessBeat[] = [];
  private ended: 'caller' | 'business' | null = null;
  private readonly callerVoice: SynthesisVoice;
  /** When set, the next thing the business says starts then (a reply gap, dead air or an interruption). */
  private nextSayAt: number | null = null;
  private transferred = false;

  constructor(
    private readonly writer: CallScriptWriter,
    private readonly session: CallerSession,
    private readonly party: BusinessParty,
    private readonly answeredAt: number,
  ) {
    this.clock = answeredAt + writer.random.int(250, 700);
    this.callerVoice = writer.callerVoice();
  }

  run(): { atMs: number; by: 'caller' | 'business' } {
    this.queue = this.party.answer();
    for (let steps = 0; this.ended === null; steps += 1) {
      if (steps > 400 || this.clock - this.answeredAt > MAX_CONVERSATION_MS) {
        this.ended = 'caller';
        break;
      }
      if (this.queue.length === 0) {
        // The caller said nothing and the business has nothing queued: a silence the business reacts to.
        this.clock += this.writer.random.int(...SILENCE_BEFORE_PROMPT_MS);
        this.nextSayAt = null;
        this.queue = this.party.silence();
        if (this.queue.length === 0) this.hangUp('caller');
        continue;
      }
      this.step(this.queue.shift()!);
    }
    return { atMs: this.clock, by: this.ended! };
  }

  private step(beat: BusinessBeat): void {
    switch (beat.type) {
      case 'pause':
        this.clock = Math.max(this.clock, this.nextSayAt ?? 0) + beat.ms;
        this.nextSayAt = null;
        return;
      case 'hang_up':
        this.hangUp('business');
        return;
      case 'hold':
      case 'ring': {
        const start = Math.max(this.clock, this.nextSayAt ?? 0);
        this.nextSayAt = null;
        const end = start + beat.ms;
        if (beat.type === 'hold') {
          this.writer.emit({ kind: 'hold', atMs: start, on: true });
          this.writer.hear({ kind: 'hold_music', startMs: start, endMs: end });
          this.writer.emit({ kind: 'hold', atMs: end, on: false });
        } else {
          this.writer.hear({ kind: 'ringback', startMs: start, endMs: Math.min(end, start + RING_ON_MS) });
        }
        this.clock = end;
        return;
      }
      case 'beep': {
        const start = Math.max(this.clock, this.nextSayAt ?? 0);
        this.nextSayAt = null;
        this.writer.hear({ kind: 'beep', startMs: start, endMs: start + 400 });
        this.clock = start + 400;
        this.act(this.session.respond({ kind: 'beep', text: '' }), null);
        return;
      }
      case 'say': {
        // A desk's greeting is a line said many times a day, and it comes out fast.
        const pace = beat.utterance.kind === 'greeting' ? GREETING_PACE : 1;
        const span = this.speak('business', beat.utterance.text, beat.voice, this.nextSayAt ?? this.clock, pace);
        this.nextSayAt = null;
        this.reportTransfer(beat, span.startMs);
        this.act(this.session.respond(beat.utterance), span, beat.utterance);
        return;
      }
    }
  }

  /** A menu that hands the call to a person or a mailbox is reported as a second answer, as carriers do. */
  private reportTransfer(beat: Extract<BusinessBeat, { type: 'say' }>, atMs: number): void {
    if (this.transferred || this.writer.firstAnsweredBy !== 'ivr') return;
    const to = beat.voice === 'person' ? 'human' : beat.utterance.kind === 'voicemail_greeting' ? 'voicemail' : null;
    if (!to) return;
    this.transferred = true;
    this.writer.emit({ kind: 'answered', atMs, answeredBy: to });
  }

  /** Plays what the caller does after hearing something, then sets up the business's next move. */
  private act(action: CallerAction, heard: SpeechSpan | null, utterance?: BusinessUtterance): void {
    const random = this.writer.random;
    let spoke: SpeechSpan | null = null;
    if (action.say) {
      const canInterrupt = action.interrupt === true && heard !== null && heard.voice === 'person';
      const start = canInterrupt
        ? Math.max(heard.startMs + (heard.endMs - heard.startMs) / 2, heard.endMs - random.int(500, 1200))
        : this.clock + random.int(...CALLER_GAP);
      spoke = this.speak('caller', action.say, 'caller', start);
    }
    if (action.pressDigits) {
      let at = this.clock + random.int(700, 1500);
      this.writer.emit({ kind: 'dtmf', atMs: at, digits: action.pressDigits });
      for (const digit of action.pressDigits) {
        this.writer.hear({ kind: 'dtmf', startMs: at, endMs: at + 150, digit });
        at += 250;
      }
      this.clock = at;
    }
    if (action.hangUp) {
      this.clock += random.int(300, 900);
      this.hangUp('caller');
      return;
    }
    if (action.pressDigits) {
      this.queue = this.party.digits(action.pressDigits);
      this.nextSayAt = this.clock + random.int(400, 900);
      return;
    }
    if (spoke) {
      if (this.queue.length === 0) this.queue = this.party.hear(action.say!);
      this.nextSayAt = this.replyStart(spoke);
      return;
    }
    // The caller listens on: the business carries on with what it had queued.
    if (utterance && this.queue.length > 0) this.nextSayAt = this.clock + random.int(150, 400);
  }

  /** When the business starts its reply to the caller: a human gap, sometimes dead air, sometimes talking over the end. */
  private replyStart(caller: SpeechSpan): number {
    const random = this.writer.random;
    const next = this.queue[0];
    if (!next || next.type !== 'say' || next.voice === 'machine') return caller.endMs + random.int(300, 700);
    // Dead air is a desk working something out, not saying goodbye.
    const thinking = next.utterance.kind !== 'closing';
    const pace = STYLE_PACE[this.writer.style];
    if (caller.words >= 10 && random.chance(pace.interrupts)) return caller.endMs - random.int(300, 900);
    const gap = random.int(...pace.gap);
    return caller.endMs + gap + (thinking && random.chance(pace.deadAir) ? random.int(2000, 4000) : 0);
  }

  private speak(channel: 'caller' | 'business', text: string, voice: BusinessVoice | 'caller', startMs: number, pace = 1): SpeechSpan {
    const base = voice === 'caller' ? this.callerVoice : this.writer.voiceOf(voice);
    const synthesis = pace === 1 ? base : { ...base, wordsPerMinute: Math.round(base.wordsPerMinute * pace) };
    const endMs = startMs + speechDurationMs(text, synthesis.wordsPerMinute);
    const overlapped = this.clock > startMs;
    const range = voice === 'caller' ? [0.9, 0.98] : voice === 'machine' ? [0.93, 0.99] : [0.84, 0.96];
    const confidence = Math.round((this.writer.random.between(range[0]!, range[1]!) - (overlapped ? 0.08 : 0)) * 100) / 100;
    this.writer.hear({ kind: 'speech', channel, startMs, endMs, text, voice: synthesis });
    this.writer.emit({
      kind: 'transcript',
      atMs: endMs,
      segment: { speaker: channel, text, startMs: startMs - this.answeredAt, endMs: endMs - this.answeredAt, confidence },
    });
    this.clock = Math.max(this.clock, endMs);
    return { startMs, endMs, words: spokenWordCount(text), voice };
  }

  private hangUp(by: 'caller' | 'business'): void {
    this.ended = by;
  }
}

function answeredByOf(line: LineBehavior): AnsweredBy {
  switch (line.kind) {
    case 'voicemail':
    case 'closed_message':
      return 'voicemail';
    case 'ivr':
      return 'ivr';
    default:
      return 'human';
  }
}
