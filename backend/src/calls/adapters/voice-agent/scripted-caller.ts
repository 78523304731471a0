import type { CalledBusiness } from '../../ports/telephony';
import type { CallerGoal, CallerSession, VoiceAgent } from '../../ports/voice-agent';
import { callerGoalFor } from './caller-goals';
import { callerPersonaFor } from './caller-persona';
import { type CallerPolicy, ScriptedCallerSession } from './scripted-caller-session';
import { SeededRandom } from '../../../infrastructure/random';

/** A test call usually stops short of booking: it learns what the desk says, then ends politely. */
const DEFAULT_POLICY: CallerPolicy = { leaveVoicemail: false, menuRepeatsBeforeHangUp: 3, maxReplies: 10, bookingShare: 0.25 };

/**
 * The default voice agent: a scripted caller persona that pursues its category's goal, navigates
 * menus, gives a fictional name and number, and ends politely. Deterministic given the seed.
 */
export class ScriptedVoiceAgent implements VoiceAgent {
  readonly adapterName = 'scripted';
  private readonly policy: CallerPolicy;

  constructor(policy: Partial<CallerPolicy> = {}) {
    this.policy = { ...DEFAULT_POLICY, ...policy };
  }

  startSession(business: CalledBusiness, goal?: CallerGoal | null, seed = business.placeId): CallerSession {
    return new ScriptedCallerSession(goal ?? callerGoalFor(business), callerPersonaFor(seed), SeededRandom.for('caller', seed), this.policy);
  }
}
