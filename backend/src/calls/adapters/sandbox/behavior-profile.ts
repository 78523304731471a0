import type { CalledBusiness } from '../../ports/telephony';
import { type BusinessCategory, businessCategoryOf } from '../voice-agent/business-category';
import { SeededRandom } from '../../../infrastructure/random';

/** How the person at the front desk handles calls. */
export type ReceptionistStyle = 'professional' | 'helpful' | 'slow' | 'curt' | 'holds';

export interface ReceptionistProfile {
  name: string;
  voice: 'female' | 'male';
  style: ReceptionistStyle;
  /** Gives prices; otherwise 'I'd have to check'. */
  knowsPrices: boolean;
  /** Gives a time or a slot; otherwise offers a callback. */
  knowsAvailability: boolean;
  /** Reads the hours right, vaguely, or with the closing time off by an hour. */
  hoursAnswer: 'accurate' | 'vague' | 'wrong';
  /** Asks something about the caller's situation before answering. */
  asksQualifyingQuestion: boolean;
  /** Asks for the name, then the number, instead of both at once. */
  takesContactSeparately: boolean;
}

export interface IvrProfile {
  /** Numbered options besides the operator (2–4 in all). */
  optionCount: number;
  /** Whether 0 reaches a person. */
  hasOperator: boolean;
  /** Every choice leads back to the main menu. */
  loops: boolean;
  /** Where the right option ends up. */
  routesTo: 'human' | 'voicemail';
}

/** What happens when this line is dialled. */
export type LineBehavior =
  | { kind: 'human'; rings: number }
  | { kind: 'answering_service'; rings: number }
  | { kind: 'voicemail'; rings: number; greeting: 'standard' | 'personal' | 'after_hours' | 'mailbox_full' }
  | { kind: 'closed_message'; rings: number }
  | { kind: 'ivr'; rings: number; ivr: IvrProfile }
  | { kind: 'busy' }
  | { kind: 'no_answer'; ringTimeoutMs: number }
  | { kind: 'failed'; reason: string };

export type LineKind = LineBehavior['kind'];

/** What the business does with calls outside its hours. */
export type AfterHoursBehavior = 'voicemail' | 'answering_service' | 'no_answer' | 'closed_message' | 'answers';

export interface BehaviorProfile {
  placeId: string;
  attempt: number;
  category: BusinessCategory;
  /** The line during business hours (and whenever the hours are unknown). */
  inHours: LineBehavior;
  afterHours: AfterHoursBehavior;
  /** The line outside business hours. */
  afterHoursLine: LineBehavior;
  receptionist: ReceptionistProfile;
}

/** Twilio's default is 60 s; the sandbox gives up after about five US rings, like many callers do. */
export const NO_ANSWER_TIMEOUT_MS = 30_000;
const FEMALE_NAMES = ['Maria', 'Jessica', 'Ashley', 'Linda', 'Tanya', 'Rosa', 'Karen', 'Emily', 'Denise', 'Priya'];
const MALE_NAMES = ['Mike', 'Dave', 'Carlos', 'Kevin', 'Tony', 'Marcus', 'Steve', 'Luis'];

/**
 * The deterministic behaviour of a fictional business's phone line. The business itself (its desk,
 * its menus, its after-hours habit) follows from the place id; what happens on this attempt (how many
 * rings, whether a busy line is free now) follows from the place id and the attempt number, so a busy
 * line is often free when called again.
 */
export function behaviorProfileFor(business: CalledBusiness, attempt: number): BehaviorProfile {
  const category = businessCategoryOf(business);
  const place = SeededRandom.for('line', business.placeId);
  const now = SeededRandom.for('attempt', business.placeId, attempt);
  const base = baseLineKind(place.next());
  const kind = attempt > 1 ? retriedLineKind(base, now) : base;
  const ivr: IvrProfile = {
    optionCount: place.int(2, 4),
    hasOperator: place.chance(0.6),
    loops: place.chance(0.3),
    routesTo: place.chance(0.75) ? 'human' : 'voicemail',
  };
  const voicemailGreeting = place.weighted([
    ['standard', 6],
    ['personal', 3],
    ['mailbox_full', 1],
  ] as const);
  const inHours = lineOf(kind, now, ivr, voicemailGreeting);
  const afterHours = place.weighted<AfterHoursBehavior>([
    ['voicemail', 40],
    ['closed_message', 20],
    ['no_answer', 15],
    ['answering_service', category.family === 'dispatch' ? 30 : 10],
    ['answers', 10],
  ]);
  return {
    placeId: business.placeId,
    attempt,
    category,
    inHours,
    afterHours,
    afterHoursLine: afterHoursLineOf(afterHours, now),
    receptionist: receptionistFor(place),
  };
}

/** The line that applies: the after-hours one only when the business is known to be closed. */
export function lineAt(profile: BehaviorProfile, duringBusinessHours: boolean | null): LineBehavior {
  return duringBusinessHours === false ? profile.afterHoursLine : profile.inHours;
}

type BaseKind = 'human' | 'voicemail' | 'busy' | 'no_answer' | 'ivr' | 'failed';

/** Roughly: 60 % a person, 12 % voicemail, 8 % busy, 8 % no answer, 10 % a menu, 2 % not in service. */
function baseLineKind(roll: number): BaseKind {
  if (roll < 0.6) return 'human';
  if (roll < 0.72) return 'voicemail';
  if (roll < 0.8) return 'busy';
  if (roll < 0.88) return 'no_answer';
  if (roll < 0.98) return 'ivr';
  return 'failed';
}

/** A line called again: busy lines free up, unanswered phones get picked up, now and then a free line is busy. */
function retriedLineKind(base: BaseKind, random: SeededRandom): BaseKind {
  switch (base) {
    case 'busy':
      return random.chance(0.65) ? 'human' : 'busy';
    case 'no_answer':
      return random.chance(0.35) ? 'human' : 'no_answer';
    case 'voicemail':
      return random.chance(0.15) ? 'human' : 'voicemail';
    case 'human':
      return random.chance(0.05) ? 'busy' : 'human';
    default:
      return base;
  }
}

function lineOf(kind: BaseKind, random: SeededRandom, ivr: IvrProfile, greeting: 'standard' | 'personal' | 'mailbox_full'): LineBehavior {
  switch (kind) {
    case 'human':
      return { kind, rings: random.weighted([[1, 40], [2, 30], [3, 15], [4, 8], [5, 4], [6, 3]] as const) };
    case 'voicemail':
      return { kind, rings: random.int(4, 6), greeting };
    case 'ivr':
      return { kind, rings: random.int(1, 2), ivr };
    case 'busy':
      return { kind };
    case 'no_answer':
      return { kind, ringTimeoutMs: NO_ANSWER_TIMEOUT_MS };
    case 'failed':
      return { kind, reason: 'the number is not in service' };
  }
}

function afterHoursLineOf(behavior: AfterHoursBehavior, random: SeededRandom): LineBehavior {
  switch (behavior) {
    case 'voicemail':
      return { kind: 'voicemail', rings: random.int(3, 5), greeting: 'after_hours' };
    case 'closed_message':
      return { kind: 'closed_message', rings: random.int(1, 2) };
    case 'no_answer':
      return { kind: 'no_answer', ringTimeoutMs: NO_ANSWER_TIMEOUT_MS };
    case 'answering_service':
      return { kind: 'answering_service', rings: random.int(2, 4) };
    case 'answers':
      return { kind: 'human', rings: random.int(3, 6) };
  }
}

function receptionistFor(random: SeededRandom): ReceptionistProfile {
  const voice = random.chance(0.7) ? 'female' : 'male';
  const style = random.weighted<ReceptionistStyle>([
    ['professional', 35],
    ['helpful', 20],
    ['slow', 15],
    ['curt', 15],
    ['holds', 15],
  ]);
  const engaged = style === 'professional' || style === 'helpful';
  return {
    name: random.pick(voice === 'female' ? FEMALE_NAMES : MALE_NAMES),
    voice,
    style,
    knowsPrices: random.chance(style === 'curt' ? 0.6 : 0.75),
    knowsAvailability: random.chance(0.85),
    hoursAnswer: random.weighted([
      ['accurate', 75],
      ['vague', 15],
      ['wrong', 10],
    ] as const),
    asksQualifyingQuestion: engaged && random.chance(0.25),
    takesContactSeparately: random.chance(0.3),
  };
}
