// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '../../realtime/realtime-message';
import { completedCall } from '../calls/testing/call-fixtures';
import { historyChartRows, historyPushOutcome, outcomeOf } from './location-history';
import { ANSWERED_CALL, BUSY_CALL, HARBOR, PIZZA, pizzaHistory, USER_ROOM } from './testing/location-fixtures';

const push = (projection: string, documentId: string, document: unknown): RealtimeMessage => ({
  room: USER_ROOM,
  position: 1,
  projection,
  documentId,
  document: document as RealtimeMessage['document'],
});

describe('a location’s history', () => {
  it('names each call’s outcome and colours it', () => {
    expect(outcomeOf(ANSWERED_CALL)).toEqual({ label: 'Answered', color: 'teal' });
    expect(outcomeOf({ status: 'completed', connection_status: 'voicemail' })).toEqual({ label: 'Voicemail', color: 'yellow' });
    expect(outcomeOf(BUSY_CALL)).toEqual({ label: 'Busy', color: 'red' });
    expect(outcomeOf({ status: 'in_progress', connection_status: null })).toEqual({ label: 'In Progress', color: 'gray' });
    expect(outcomeOf({ status: 'canceled', connection_status: null })).toEqual({ label: 'Canceled', color: 'red' });
  });

  it('charts the seconds to answer of each call, none for a call nobody answered', () => {
    expect(historyChartRows([ANSWERED_CALL, BUSY_CALL])).toEqual([
      { id: ANSWERED_CALL.id, day: 'Nov 20', when: 'Nov 20, 2026, 3:00 PM', seconds: 16.1, outcome: 'Answered', color: 'teal' },
      { id: BUSY_CALL.id, day: 'Nov 25', when: 'Nov 25, 2026, 3:00 PM', seconds: null, outcome: 'Busy', color: 'red' },
    ]);
  });

  it('is read again when the location gains a call, and takes a favourite change as it is', () => {
    const onPush = historyPushOutcome(PIZZA.id);
    const history = pizzaHistory();

    expect(onPush(push('locations', PIZZA.id, { ...PIZZA, call_count: 3 }), history)).toBe('refetch');
    expect(onPush(push('locations', PIZZA.id, { ...PIZZA, is_favorite: true }), history)).toEqual({
      data: { ...history, location: { ...PIZZA, is_favorite: true } },
    });
    expect(onPush(push('locations', HARBOR.id, HARBOR), history)).toBeNull();
    expect(onPush(push('locations', PIZZA.id, null), history)).toBeNull();
    expect(onPush(push('locations', PIZZA.id, PIZZA), undefined)).toBeNull();
  });

  it('is read again only when one of its calls says something new', () => {
    const onPush = historyPushOutcome(PIZZA.id);
    const history = pizzaHistory();
    const answered = completedCall('full', { id: ANSWERED_CALL.id });
    const same = {
      ...answered,
      analysis: { ...answered.analysis!, time_to_answer: 16_100, report: { ...answered.analysis!.report, overallScore: 9.3 } },
    };

    expect(onPush(push('calls', ANSWERED_CALL.id, same), history)).toBeNull();
    expect(onPush(push('calls', ANSWERED_CALL.id, { ...same, analysis: { ...same.analysis, time_to_answer: 9_000 } }), history)).toBe(
      'refetch',
    );
    expect(onPush(push('calls', ANSWERED_CALL.id, { ...same, status: 'failed' }), history)).toBe('refetch');
    expect(onPush(push('calls', 'call_of_another_business', same), history)).toBeNull();
  });
});
