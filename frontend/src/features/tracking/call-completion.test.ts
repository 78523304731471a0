// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../anonymous/browser-storage';
import { callFixture, completedCall, previewOf } from '../calls/testing/call-fixtures';
import { callCompletedOf, firstReportOf } from './call-completion';

describe('Call Completed', () => {
  it('describes a call its owner sees ended: id, duration in seconds, outcome and business', () => {
    const call = completedCall('full', { duration_ms: 83_400, place_search_result: 'plsr_42' });
    expect(callCompletedOf(call)).toEqual({ callId: call.id, duration: 83, outcome: 'completed', businessId: 'plsr_42' });
  });

  it('reports a failed or canceled call too, and an anonymous owner without the figures it may not see', () => {
    expect(callCompletedOf(callFixture({ status: 'failed', duration_ms: null }))?.outcome).toBe('failed');
    const preview = previewOf(completedCall('full'), true);
    expect(callCompletedOf(preview)).toEqual({ callId: preview.id, duration: null, outcome: 'completed', businessId: null });
  });

  it('is nothing while the call runs, or for someone else', () => {
    expect(callCompletedOf(callFixture({ status: 'in_progress' }))).toBeNull();
    expect(callCompletedOf(previewOf(completedCall('full'), false))).toBeNull();
  });

  it('is reported once per call in a browser', () => {
    const storage = memoryStorage();
    expect(firstReportOf(storage, 'call_1')).toBe(true);
    expect(firstReportOf(storage, 'call_1')).toBe(false);
    expect(firstReportOf(storage, 'call_2')).toBe(true);
  });
});
