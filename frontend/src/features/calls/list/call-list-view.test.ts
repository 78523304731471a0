// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Call, CallFullView, CallListItem } from '../../../api/calls-api';
import { callFixture, completedCall } from '../testing/call-fixtures';
import { applyCallListView, callStats, DEFAULT_VIEW, needsAttention, upsertCall } from './call-list-view';

const call = (id: string, business: string, status: Call['status'], day: number, overrides: Partial<CallFullView> = {}): Call =>
  callFixture({ id: `call_${id}`, call_id: `call_${id}`, business_name: business, status, created_at: `2026-01-0${day}T10:00:00.000Z`, ...overrides });

const answered = completedCall('full').analysis;
const unanswered = { ...completedCall('full').analysis!, connection_status: 'no_answer' as const, first_call_success: false };

const CALLS = [
  call('a1', 'Pizza Palace', 'completed', 3, { analysis: answered }),
  call('b2', 'bella Dental', 'failed', 1),
  call('c3', 'Corner Slice', 'in_progress', 5),
  call('d4', 'Apex Plumbing', 'completed', 4, { analysis: unanswered }),
  call('e5', 'Zen Spa', 'canceled', 2),
  call('f6', 'Demo Plumbing Co.', 'queued', 6),
];

const ids = (calls: CallListItem[]) => calls.map((c) => c.id.slice(5));

describe('My Calls view', () => {
  it('counts total, completed, in progress and the calls that need attention', () => {
    expect(callStats(CALLS)).toEqual({ total: 6, completed: 2, inProgress: 2, needsAttention: 3 });
    expect(callStats([])).toEqual({ total: 0, completed: 0, inProgress: 0, needsAttention: 0 });
  });

  it('needs attention for failed, canceled and completed-but-not-answered calls only', () => {
    expect(CALLS.filter(needsAttention).map((c) => c.id)).toEqual(['call_b2', 'call_d4', 'call_e5']);
    expect(needsAttention(call('g7', 'Analysing', 'completed', 1, { analysis: null }))).toBe(false);
  });

  it('lists newest first by default', () => {
    expect(ids(applyCallListView(CALLS, DEFAULT_VIEW))).toEqual(['f6', 'c3', 'd4', 'a1', 'e5', 'b2']);
  });

  it('searches business names and call ids, ignoring case and spaces around', () => {
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, search: '  plumbing ' }))).toEqual(['f6', 'd4']);
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, search: 'CALL_B2' }))).toEqual(['b2']);
    expect(applyCallListView(CALLS, { ...DEFAULT_VIEW, search: 'nothing like it' })).toEqual([]);
  });

  it('filters by status', () => {
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, status: 'completed' }))).toEqual(['d4', 'a1']);
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, status: 'queued' }))).toEqual(['f6']);
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, status: 'failed', search: 'pizza' }))).toEqual([]);
  });

  it('sorts by business or status in either direction, ties newest first', () => {
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, sort: 'business', direction: 'asc' }))).toEqual(['d4', 'b2', 'c3', 'f6', 'a1', 'e5']);
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, sort: 'business', direction: 'desc' }))).toEqual(['e5', 'a1', 'f6', 'c3', 'b2', 'd4']);
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, sort: 'status', direction: 'asc' }))).toEqual(['f6', 'c3', 'd4', 'a1', 'b2', 'e5']);
    expect(ids(applyCallListView(CALLS, { ...DEFAULT_VIEW, sort: 'date', direction: 'asc' }))).toEqual(['b2', 'e5', 'a1', 'd4', 'c3', 'f6']);
  });

  it('puts a changed call in place, and a new one first', () => {
    const changed = { ...CALLS[2], status: 'completed' as const };
    expect(upsertCall(CALLS, changed)[2].status).toBe('completed');
    expect(ids(upsertCall(CALLS, call('z9', 'New', 'queued', 7)))[0]).toBe('z9');
  });
});
