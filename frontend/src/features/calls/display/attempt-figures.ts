import type { CallAnalysis, ConnectionStatus } from '../../../api/calls-api';

type AttemptFacts = Pick<CallAnalysis, 'connection_status' | 'attempts_before_pickup' | 'first_call_success'>;

/** A labelled figure with the hint that explains that very value. */
export interface AttemptFigure {
  label: string;
  value: string;
  hint: string;
}

/** How a call that no person answered ended, said after the number of attempts. */
const UNANSWERED_OUTCOME: Record<Exclude<ConnectionStatus, 'answered'>, string> = {
  voicemail: 'reached voicemail',
  busy: 'the line was busy',
  no_answer: 'nobody picked up',
  failed: 'the call did not go through',
  ivr_loop: 'stuck in the phone menu',
  other: 'nobody picked up',
};

const dialled = (attempts: number) => (attempts === 1 ? 'Dialled once' : `Dialled ${attempts} times`);

/**
 * The attempts tile. For an answered call, the attempts it took until the pickup; for any other call
 * the attempts made, since there was no pickup to count up to.
 */
export function attemptsFigure({ connection_status: status, attempts_before_pickup: attempts }: AttemptFacts): AttemptFigure {
  if (status === 'answered') {
    return {
      label: 'Attempts before pickup',
      value: String(attempts),
      hint: attempts === 1 ? 'Picked up on the first try' : `Picked up on attempt ${attempts}`,
    };
  }
  return { label: 'Attempts', value: String(attempts), hint: `${dialled(attempts)}, ${UNANSWERED_OUTCOME[status] ?? 'nobody picked up'}` };
}

/** The first-call success tile (spec section 5: answered on the first attempt), its hint saying why. */
export function firstCallFigure({ connection_status: status, attempts_before_pickup: attempts, first_call_success: success }: AttemptFacts): AttemptFigure {
  const label = 'First-call success';
  if (success) return { label, value: 'Yes', hint: 'Answered on the first attempt' };
  if (status === 'answered') return { label, value: 'No', hint: `Answered only on attempt ${attempts}` };
  if (status === 'voicemail') return { label, value: 'No', hint: 'Voicemail answered, not a person' };
  if (status === 'ivr_loop') return { label, value: 'No', hint: 'A phone menu answered, not a person' };
  return { label, value: 'No', hint: 'Never answered' };
}
