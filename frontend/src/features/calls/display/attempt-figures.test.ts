// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attemptsFigure, firstCallFigure } from './attempt-figures';

describe('attempt figures', () => {
  it('answered on the first attempt: one attempt before pickup, a first-call success', () => {
    const facts = { connection_status: 'answered', attempts_before_pickup: 1, first_call_success: true } as const;
    expect(attemptsFigure(facts)).toEqual({ label: 'Attempts before pickup', value: '1', hint: 'Picked up on the first try' });
    expect(firstCallFigure(facts)).toEqual({ label: 'First-call success', value: 'Yes', hint: 'Answered on the first attempt' });
  });

  it('answered after a retry: the attempt that got through, and no first-call success', () => {
    const facts = { connection_status: 'answered', attempts_before_pickup: 2, first_call_success: false } as const;
    expect(attemptsFigure(facts)).toEqual({ label: 'Attempts before pickup', value: '2', hint: 'Picked up on attempt 2' });
    expect(firstCallFigure(facts)).toEqual({ label: 'First-call success', value: 'No', hint: 'Answered only on attempt 2' });
  });

  it('never answered: the attempts made, with how they ended, and never a pickup', () => {
    const once = { connection_status: 'no_answer', attempts_before_pickup: 1, first_call_success: false } as const;
    expect(attemptsFigure(once)).toEqual({ label: 'Attempts', value: '1', hint: 'Dialled once, nobody picked up' });
    expect(firstCallFigure(once)).toEqual({ label: 'First-call success', value: 'No', hint: 'Never answered' });

    const busy = { connection_status: 'busy', attempts_before_pickup: 3, first_call_success: false } as const;
    expect(attemptsFigure(busy).hint).toBe('Dialled 3 times, the line was busy');
    expect(firstCallFigure(busy).hint).toBe('Never answered');
  });

  it('voicemail or a phone menu answered, but no person', () => {
    const voicemail = { connection_status: 'voicemail', attempts_before_pickup: 1, first_call_success: false } as const;
    expect(attemptsFigure(voicemail)).toEqual({ label: 'Attempts', value: '1', hint: 'Dialled once, reached voicemail' });
    expect(firstCallFigure(voicemail).hint).toBe('Voicemail answered, not a person');
    expect(firstCallFigure({ ...voicemail, connection_status: 'ivr_loop' }).hint).toBe('A phone menu answered, not a person');
  });
});
