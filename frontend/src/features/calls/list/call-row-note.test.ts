// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { callFixture, completedCall, FULL_ANALYSIS } from '../testing/call-fixtures';
import { callRowNote } from './call-row-note';

const at = (second: number) => `2026-01-05T15:00:${String(second).padStart(2, '0')}.000Z`;
const QUEUED = { at: at(0), kind: 'queued', text: 'Call queued' };
const DIALING = { at: at(1), kind: 'dialing', text: 'Dialing' };

describe('the note under a call’s status in My Calls', () => {
  it('says where a live call stands, step by step', () => {
    expect(callRowNote(callFixture({ status: 'queued', phase: 'queued', timeline: [QUEUED] }))).toEqual({ text: 'Waiting for a free line', warning: false });
    expect(callRowNote(callFixture({ phase: 'dialing', timeline: [QUEUED, DIALING] }))?.text).toBe('Dialing');
    expect(callRowNote(callFixture({ phase: 'dialing', retry_count: 1, timeline: [QUEUED, DIALING] }))?.text).toBe('Dialing · Attempt 2');
    expect(callRowNote(callFixture({ phase: 'ringing', ring_count: 2, timeline: [QUEUED, DIALING, { at: at(2), kind: 'ringing', text: 'Ringing' }] }))?.text).toBe(
      'Ringing · Ring 2',
    );
    expect(callRowNote(callFixture({ phase: 'answered', answered_by: 'human', timeline: [QUEUED, DIALING, { at: at(3), kind: 'answered', text: 'Answered' }] }))?.text).toBe(
      'Answered by a person',
    );
  });

  it('says Analyzing once the call ended, then how the business answered', () => {
    expect(callRowNote(completedCall('full', { phase: 'analyzing', analysis: null }))).toEqual({ text: 'Analyzing', warning: false });
    expect(callRowNote(completedCall('full'))).toEqual({ text: 'Answered', warning: false });
    expect(callRowNote(completedCall('full', { analysis: { ...FULL_ANALYSIS, connection_status: 'voicemail', first_call_success: false } }))).toEqual({
      text: 'Voicemail',
      warning: true,
    });
  });

  it('adds nothing to a failed or canceled call', () => {
    expect(callRowNote(callFixture({ status: 'failed', phase: 'failed' }))).toBeNull();
    expect(callRowNote(callFixture({ status: 'canceled', phase: 'canceled' }))).toBeNull();
  });
});
