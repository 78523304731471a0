// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { callFixture, completedCall, previewOf } from '../testing/call-fixtures';
import { callProgress } from './call-progress';

const entry = (second: number, kind: string, text: string) => ({ at: `2026-01-05T15:00:${String(second).padStart(2, '0')}.000Z`, kind, text });
const summary = (steps: ReturnType<typeof callProgress>) => steps.map((s) => `${s.label}:${s.state}`);

describe('callProgress', () => {
  it('marks the steps done up to the current one, which is active, and the rest upcoming', () => {
    const call = callFixture({ phase: 'ringing', ring_count: 2, timeline: [entry(0, 'queued', 'Call queued'), entry(1, 'dialing', 'Dialing'), entry(3, 'ringing', 'Ringing')] });

    const steps = callProgress(call);

    expect(summary(steps)).toEqual([
      'Queued:done',
      'Dialing:done',
      'Ringing:active',
      'Answered:upcoming',
      'Conversation:upcoming',
      'Analyzing:upcoming',
      'Done:upcoming',
    ]);
    expect(steps[2]).toMatchObject({ detail: 'Ring 2', offsetMs: 3000 });
    expect(steps[3].offsetMs).toBeNull();
  });

  it('shows steps a finished call never reached as skipped, and retries as notes', () => {
    const call = completedCall('full', {
      answered_by: null,
      ring_count: 6,
      retry_count: 1,
      timeline: [
        entry(0, 'queued', 'Call queued'),
        entry(1, 'dialing', 'Dialing'),
        entry(2, 'busy', 'Line busy: trying again'),
        entry(9, 'dialing', 'Dialing again (attempt 2)'),
        entry(10, 'ringing', 'Ringing'),
        entry(40, 'no_answer', 'No answer after 6 rings'),
        entry(40, 'ended', 'Call ended'),
        entry(41, 'analyzed', 'Analysis ready'),
      ],
    });

    const steps = callProgress(call);

    expect(summary(steps)).toEqual(['Queued:done', 'Dialing:done', 'Ringing:done', 'Answered:skipped', 'Conversation:skipped', 'Analyzing:done', 'Done:done']);
    expect(steps[1]).toMatchObject({ detail: 'Attempt 2', notes: ['Line busy: trying again', 'Dialing again (attempt 2)', 'No answer after 6 rings'] });
    expect(steps[2].detail).toBe('6 rings');
  });

  it('ends a failed call at the step it reached, with its error', () => {
    const call = callFixture({
      status: 'failed',
      phase: 'failed',
      error_message: 'The number is not in service.',
      timeline: [entry(0, 'queued', 'Call queued'), entry(1, 'dialing', 'Dialing'), entry(2, 'failed', 'The number is not in service.')],
    });

    const steps = callProgress(call);

    expect(summary(steps)).toEqual(['Queued:done', 'Dialing:done', 'Failed:stopped']);
    expect(steps[2]).toMatchObject({ detail: 'The number is not in service.', offsetMs: 2000 });
  });

  it('tells a preview only where the call is: no rings, no answer, no times', () => {
    const live = callProgress(previewOf(callFixture({ phase: 'conversation', retry_count: 1 })));
    expect(summary(live)).toEqual(['Queued:done', 'Calling:active', 'Analyzing:upcoming', 'Done:upcoming']);
    expect(live[1].detail).toBe('Attempt 2');
    expect(live.every((step) => step.offsetMs === null && step.notes.length === 0)).toBe(true);

    expect(summary(callProgress(completedCall('preview')))).toEqual(['Queued:done', 'Calling:done', 'Analyzing:done', 'Done:done']);
    const failed = callProgress(previewOf(callFixture({ status: 'failed', phase: 'failed', error_message: 'The number is not in service.' })));
    expect(summary(failed)).toEqual(['Queued:done', 'Failed:stopped']);
    expect(failed[1].detail).toBe('The number is not in service.');
  });
});
