import type { CallAnalysisInput, Evidence } from '../ports/call-analyzer';
import type { CallMode } from './call-mode';
import { factEvidence, uniqueEvidence } from './evidence';
import { clock, ordinal, plural, seconds } from './format';
import type { MetricsDetail } from './metrics';
import { finalScore, type RubricCheck, type ScoreResult } from './rubric-check';

/** A US ring cycle: about 2 s of ringing and 4 s of silence. */
export const RING_CYCLE_MS = 6000;
/** Holds shorter than this are a quick check; each full stretch of it costs a point. */
export const LONG_HOLD_MS = 30_000;

const SCORE_BY_RINGS = [10, 10, 8, 7, 5, 4, 3];

export function scoreForRings(rings: number): number {
  return SCORE_BY_RINGS[Math.max(1, rings) - 1] ?? 3;
}

/** Rings before pickup as reported, or estimated from the ring cadence when only times are known. */
export function ringsOf(input: CallAnalysisInput, untilMs: number | null): number | null {
  if (input.ringsBeforePickup !== null && input.ringsBeforePickup > 0) return input.ringsBeforePickup;
  if (untilMs === null) return null;
  const ringingMs = untilMs - (input.timeToFirstRingMs ?? 0);
  if (ringingMs < 0) return null;
  return 1 + Math.floor(ringingMs / RING_CYCLE_MS);
}

/** 'after 4 rings (22.1 s)' / 'after 22.1 s' */
function afterRings(rings: number | null, ms: number): string {
  return rings === null ? `after ${seconds(ms)}` : `after ${plural(rings, 'ring')} (${seconds(ms)})`;
}

export function scoreResponseTime(input: CallAnalysisInput, mode: CallMode, detail: MetricsDetail): ScoreResult {
  const checks: RubricCheck[] = [];
  let score: number;
  const answerMs = detail.timeToAnswerMs;
  const rings = ringsOf(input, mode === 'unreached' ? input.callDurationMs : answerMs);

  switch (mode) {
    case 'live': {
      if (answerMs === null && rings === null) {
        score = 7;
        checks.push({
          id: 'pickup',
          status: 'partial',
          weight: 0,
          text: 'The time to answer was not recorded',
          evidence: [factEvidence('Pickup time was not recorded')],
        });
      } else {
        const ringCount = rings ?? 1;
        score = scoreForRings(ringCount);
        const fact = answerMs === null ? `Answered on the ${ordinal(ringCount)} ring` : `Answered ${afterRings(ringCount, answerMs)}`;
        const timing = answerMs === null ? '' : ` (${seconds(answerMs)})`;
        checks.push(
          ringCount <= 2
            ? { id: 'pickup', status: 'pass', weight: 0, text: `Answered on the ${ordinal(ringCount)} ring${timing}`, evidence: [factEvidence(fact)] }
            : {
                id: 'pickup',
                status: ringCount <= 4 ? 'partial' : 'fail',
                weight: 0,
                text: `Took ${plural(ringCount, 'ring')} to answer${timing}`,
                evidence: [factEvidence(fact)],
              },
        );
      }
      score -= attemptsPenalty(input, checks);
      score -= holdPenalty(detail, checks);
      if (input.answeredBy === 'ivr') {
        score -= 1.5;
        checks.push({
          id: 'menu-first',
          status: 'fail',
          weight: 0,
          text: 'An automated menu answered before a person',
          evidence: [factEvidence('Answered by an automated menu')],
        });
      }
      break;
    }
    case 'voicemail': {
      const afterHours = input.duringBusinessHours === false;
      score = afterHours ? 3 : 2;
      const when = afterHours ? ' outside business hours' : input.duringBusinessHours ? ' during business hours' : '';
      checks.push({
        id: 'pickup',
        status: 'fail',
        weight: 0,
        text: `The call went to voicemail${when}`,
        evidence: [factEvidence(`Voicemail picked up ${afterRings(rings, answerMs ?? input.callDurationMs)}${when}`)],
      });
      break;
    }
    case 'menu':
      score = 1;
      checks.push({
        id: 'pickup',
        status: 'fail',
        weight: 0,
        text: 'An automated menu answered and never reached a person',
        evidence: [factEvidence(`An automated menu answered ${afterRings(rings, answerMs ?? input.callDurationMs)} and never reached a person`)],
      });
      break;
    case 'unreached':
      score = input.connectionStatus === 'busy' ? 1 : 0;
      checks.push({ id: 'pickup', status: 'fail', weight: 0, text: unreachedText(input), evidence: [factEvidence(unreachedFact(input, rings))] });
      if (input.attemptsBeforePickup > 1) {
        checks.push({
          id: 'attempts',
          status: 'fail',
          weight: 0,
          text: `No attempt got through (${plural(input.attemptsBeforePickup, 'attempt')})`,
          evidence: [factEvidence(`Not reached after ${plural(input.attemptsBeforePickup, 'attempt')}`)],
        });
      }
      break;
  }

  const evidence: Evidence[] = uniqueEvidence(checks.flatMap((check) => check.evidence));
  return { score: finalScore(score), observed: true, checks, evidence };
}

function attemptsPenalty(input: CallAnalysisInput, checks: RubricCheck[]): number {
  if (input.attemptsBeforePickup <= 1) return 0;
  checks.push({
    id: 'attempts',
    status: 'fail',
    weight: 0,
    text: `It took ${plural(input.attemptsBeforePickup, 'call attempt')} to reach the business`,
    evidence: [factEvidence(`Picked up on attempt ${input.attemptsBeforePickup}`)],
  });
  return Math.min(4, 1.5 * (input.attemptsBeforePickup - 1));
}

function holdPenalty(detail: MetricsDetail, checks: RubricCheck[]): number {
  if (detail.holdMs < LONG_HOLD_MS) return 0;
  checks.push({
    id: 'long-hold',
    status: 'fail',
    weight: 0,
    text: `Kept the caller on hold for ${seconds(detail.holdMs)}`,
    evidence: detail.holds.map((hold) => factEvidence(`On hold for ${seconds(hold.endMs - hold.startMs)} from ${clock(hold.startMs)}`, hold.startMs)),
  });
  return Math.min(3, Math.floor(detail.holdMs / LONG_HOLD_MS));
}

function unreachedText(input: CallAnalysisInput): string {
  switch (input.connectionStatus) {
    case 'busy':
      return 'The line was busy';
    case 'no_answer':
      return 'No one answered the call';
    case 'failed':
      return 'The call could not be connected';
    default:
      return 'The call did not reach anyone';
  }
}

function unreachedFact(input: CallAnalysisInput, rings: number | null): string {
  switch (input.connectionStatus) {
    case 'busy':
      return `Busy signal after ${seconds(input.callDurationMs)}`;
    case 'no_answer':
      return `No answer ${afterRings(rings, input.callDurationMs)}`;
    case 'failed':
      return `The call could not be connected (${seconds(input.callDurationMs)})`;
    default:
      return `The call ended without reaching anyone after ${seconds(input.callDurationMs)}`;
  }
}
