import type { OpeningPeriod } from '../../../discovery/ports/business-directory';
import type { BusinessUtterance } from '../../ports/voice-agent';
import type { BusinessCategory } from '../voice-agent/business-category';
import type { SeededRandom } from '../../../infrastructure/random';
import type { ReceptionistProfile } from './behavior-profile';
import type { LocalTime } from './business-hours';
import type { BusinessBeat, BusinessParty } from './business-party';
import { type CallerSpeechCues, readCallerSpeech } from './caller-speech-cues';
import { bookingOfferFor, type DeskKnowledge, deskKnowledgeFor, vagueAvailabilityFor, vaguePriceFor } from './desk-knowledge';
import { ReceptionistLines } from './receptionist-lines';
import { describeTodayHours, describeWeeklyHours, shiftClosingTimes } from './spoken-hours';

export interface ReceptionistSetup {
  businessName: string;
  openingPeriods: OpeningPeriod[];
  category: BusinessCategory;
  profile: ReceptionistProfile;
  /** The business's local time during the call, when known. */
  local: LocalTime | null;
  random: SeededRandom;
  /** The front desk itself, or the after-hours answering service that only takes messages. */
  mode: 'front_desk' | 'answering_service';
  /** Set when a menu put the caller through to this desk, e.g. 'Scheduling'. */
  department?: string | null;
}

type Awaiting = 'qualifier' | 'contact' | 'name' | 'number';
type ContactPurpose = 'booking' | 'callback' | 'message';

const TODAY = /\b(today|tonight|right now)\b/i;

/**
 * A front-desk person: greets with the business name, understands what the caller wants from their
 * words, answers availability, price and hours questions as well as its profile allows, may put the
 * caller on hold, takes a name and number, confirms and closes.
 */
export class Receptionist implements BusinessParty {
  private readonly lines: ReceptionistLines;
  private readonly knowledge: DeskKnowledge;
  private awaiting: Awaiting | null = null;
  private pending: { cues: CallerSpeechCues; text: string } | null = null;
  private heardFirst = false;
  private offered = false;
  private booked = false;
  private held = false;
  private closed = false;
  private purpose: ContactPurpose = 'booking';
  private callerName: string | null = null;
  private callerNumber: string | null = null;
  private unclear = 0;
  private silences = 0;

  constructor(private readonly setup: ReceptionistSetup) {
    const { profile } = setup;
    this.lines = new ReceptionistLines(profile.style, profile.name, setup.businessName, setup.random);
    this.knowledge = deskKnowledgeFor(setup.category.key);
  }

  answer(): BusinessBeat[] {
    if (this.setup.mode === 'answering_service') return [this.say('greeting', this.lines.answeringServiceGreeting())];
    if (this.setup.department) return [this.say('greeting', this.lines.departmentGreeting(this.setup.department))];
    if (this.setup.profile.style === 'holds' && this.setup.random.chance(0.6)) {
      this.held = true;
      return [
        this.say('hold', this.lines.holdRightAway()),
        { type: 'hold', ms: this.setup.random.int(3000, 7000) },
        this.say('hold_return', this.lines.backFromHoldGreeting()),
      ];
    }
    return [this.say('greeting', this.lines.greeting(this.setup.local))];
  }

  hear(text: string): BusinessBeat[] {
    this.silences = 0;
    if (this.closed) return [{ type: 'hang_up' }];
    const cues = readCallerSpeech(text);
    if (this.awaiting === 'contact' || this.awaiting === 'name' || this.awaiting === 'number') return this.takeContact(cues);
    if (cues.saysGoodbye) return this.close();
    if (this.awaiting === 'qualifier') {
      const pending = this.pending!;
      this.awaiting = null;
      this.pending = null;
      return this.answerQuestions(pending.cues, pending.text, 'Okay.');
    }
    const first = !this.heardFirst;
    this.heardFirst = true;
    if (this.setup.mode === 'answering_service') {
      if (this.callerNumber) return [this.say('question', join(this.lines.noInformation(), this.lines.anythingElse()))];
      return this.askContact('message', "I don't have their schedule, but I can have someone call you back first thing in the morning.");
    }
    const asks = cues.asksAvailability || cues.asksPrice || cues.asksHours;
    // Giving a name right after an offer is taking it.
    if ((cues.accepts || cues.name) && this.offered && !this.booked) return this.book(cues, text);
    if (first && asks && this.setup.profile.asksQualifyingQuestion && this.knowledge.qualifyingQuestion) {
      this.awaiting = 'qualifier';
      this.pending = { cues, text };
      const opener = this.knowledge.opener ?? 'Sure.';
      return [this.say('question', `${opener} ${this.knowledge.qualifyingQuestion}`)];
    }
    if (asks) return this.answerQuestions(cues, text, first ? this.firstOpener() : null);
    if (cues.declines) return [this.say('question', join(this.lines.noProblem(), this.lines.anythingElse()))];
    this.unclear += 1;
    if (this.unclear === 1) return [this.say('question', this.lines.sayAgain())];
    return [this.say('question', join('Okay.', this.lines.anythingElse()))];
  }

  digits(): BusinessBeat[] {
    return [];
  }

  silence(): BusinessBeat[] {
    this.silences += 1;
    if (this.closed || this.silences > 1) return [this.say('closing', this.lines.disconnected()), { type: 'hang_up' }];
    return [this.say('question', this.lines.stillThere())];
  }

  inMenuLoop(): boolean {
    return false;
  }

  private answerQuestions(cues: CallerSpeechCues, text: string, opener: string | null): BusinessBeat[] {
    const { profile, category } = this.setup;
    const needsLookup = cues.asksAvailability || cues.asksPrice;
    const hold = needsLookup && !this.held && (profile.style === 'holds' || this.setup.random.chance(0.1));
    const parts: string[] = [];
    if (opener && !hold) parts.push(opener);
    if (cues.asksAvailability) parts.push(profile.knowsAvailability ? this.fill(this.knowledge.availability) : vagueAvailabilityFor(category.family));
    if (cues.asksPrice) parts.push(profile.knowsPrices ? this.knowledge.price : vaguePriceFor(category.family));
    if (cues.asksHours) parts.push(this.hours(text));
    const answer = join(...parts);
    let tail: BusinessBeat[];
    if (cues.asksAvailability && !profile.knowsAvailability && this.callerNumber === null) {
      tail = this.askContact('callback', answer);
    } else if (!this.offered && !this.booked && this.hasSomethingToOffer(cues) && (profile.style !== 'curt' || this.setup.random.chance(0.5))) {
      this.offered = true;
      tail = [this.say('question', join(answer, bookingOfferFor(category.key, category.family)))];
    } else {
      const after = this.lines.anythingElse();
      tail = [this.say(after ? 'question' : 'answer', join(answer, after))];
    }
    if (!hold) return tail;
    this.held = true;
    const [first, ...rest] = tail;
    const back = first!.type === 'say' ? { ...first!, utterance: { ...first!.utterance, kind: 'hold_return' as const, text: join(this.lines.backFromHold(), first!.utterance.text) } } : first!;
    return [this.say('hold', this.lines.holdToCheck()), { type: 'hold', ms: this.setup.random.int(3000, 7000) }, back, ...rest];
  }

  /** The caller took the offer: answers what else it asked, then takes (or reuses) its name and number. */
  private book(cues: CallerSpeechCues, text: string): BusinessBeat[] {
    this.booked = true;
    this.purpose = 'booking';
    const { profile, category } = this.setup;
    const parts: string[] = [];
    if (cues.asksPrice) parts.push(profile.knowsPrices ? this.knowledge.price : vaguePriceFor(category.family));
    if (cues.asksHours) parts.push(this.hours(text));
    if (cues.name) this.callerName = cues.name;
    if (cues.number) this.callerNumber = cues.number;
    if (this.callerName && (this.callerNumber || !this.needsNumber())) return this.confirm(parts.join(' '));
    return this.askContact('booking', parts.join(' '));
  }

  private hasSomethingToOffer(cues: CallerSpeechCues): boolean {
    const { profile, category } = this.setup;
    if (this.purpose === 'callback' && this.callerNumber) return false;
    if (cues.asksAvailability && profile.knowsAvailability) return true;
    return cues.asksPrice && (category.family === 'dispatch' || category.family === 'office');
  }

  private askContact(purpose: ContactPurpose, before = ''): BusinessBeat[] {
    this.purpose = purpose;
    if (!this.needsNumber()) {
      this.awaiting = 'name';
      return [this.say('question', join(before, this.lines.askName()))];
    }
    const separately = this.setup.profile.takesContactSeparately && purpose !== 'message';
    this.awaiting = separately ? 'name' : 'contact';
    return [this.say('question', join(before, this.lines.askContact(purpose, separately)))];
  }

  /** A table or a counter order goes under a name; visits, appointments and callbacks need a number. */
  private needsNumber(): boolean {
    const family = this.setup.category.family;
    return this.purpose !== 'booking' || (family !== 'restaurant' && family !== 'shop');
  }

  private takeContact(cues: CallerSpeechCues): BusinessBeat[] {
    if (cues.name) this.callerName = cues.name;
    if (cues.number) this.callerNumber = cues.number;
    if (this.callerName && (this.callerNumber || !this.needsNumber())) return this.confirm();
    this.unclear += 1;
    if (this.unclear > 3) return this.close();
    if (this.callerName) {
      this.awaiting = 'number';
      return [this.say('question', this.lines.askNumber())];
    }
    return [this.say('question', this.needsNumber() ? this.lines.askContactAgain() : this.lines.askName())];
  }

  private confirm(before = ''): BusinessBeat[] {
    this.awaiting = null;
    const firstName = (this.callerName ?? '').split(' ')[0] ?? '';
    const readBack = this.callerNumber ? formatNumber(this.callerNumber) : null;
    const arranged =
      this.purpose === 'booking'
        ? this.fill(this.knowledge.confirmation)
        : this.purpose === 'callback'
          ? "I'll have someone call you back later today."
          : "I'll pass that along, and someone will call you first thing in the morning.";
    const after = this.lines.anythingElse();
    return [this.say(after ? 'question' : 'answer', join(before, this.lines.confirmation(firstName, arranged, readBack), after))];
  }

  private close(): BusinessBeat[] {
    this.closed = true;
    return [this.say('closing', this.lines.closing()), { type: 'pause', ms: 1500 }, { type: 'hang_up' }];
  }

  private hours(question: string): string {
    const { profile, openingPeriods, local } = this.setup;
    if (profile.hoursAnswer === 'vague') return "I think we're usually here till five or six, but don't quote me on that.";
    const periods = profile.hoursAnswer === 'wrong' ? shiftClosingTimes(openingPeriods, 60) : openingPeriods;
    return TODAY.test(question) ? describeTodayHours(periods, local) : describeWeeklyHours(periods);
  }

  private firstOpener(): string | null {
    const style = this.setup.profile.style;
    if (style === 'curt') return null;
    return style === 'slow' ? 'Um, okay.' : (this.knowledge.opener ?? 'Sure.');
  }

  private fill(text: string): string {
    const local = this.setup.local;
    const later = local && local.minuteOfDay < 13 * 60 ? 'this afternoon' : 'tomorrow morning';
    return text.replaceAll('{later}', later);
  }

  private say(kind: BusinessUtterance['kind'], text: string): BusinessBeat {
    return { type: 'say', utterance: { kind, text }, voice: 'person' };
  }
}

function join(...parts: string[]): string {
  return parts.filter((part) => part.trim().length > 0).join(' ');
}

function formatNumber(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
