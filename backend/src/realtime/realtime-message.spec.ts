import type { CallDocument, DocumentChange } from '@ringcheck/projections';
import { messagesFor } from './realtime-message';

const CALL = 'call_0b6c9f3e-1234-4abc-8def-0123456789ab';
const ANON = 'anon_1b6c9f3e-1234-4abc-8def-0123456789ab';
const USER = 'user_2b6c9f3e-1234-4abc-8def-0123456789ab';
const DISC = 'disc_3b6c9f3e-1234-4abc-8def-0123456789ab';

const call = (ownerId: string): CallDocument => ({
  _id: CALL,
  id: CALL,
  status: 'in_progress',
  phase: 'ringing',
  kind: 'mock',
  ownerId,
  businessName: 'Demo Plumbing Co.',
  toNumber: '+12125550199',
  fromNumber: '+12125550100',
  discoveryId: null,
  placeSearchResultId: null,
  business: null,
  provider: 'sandbox',
  providerCallId: 'SB1',
  callerGoal: 'a leak',
  awaitingPlacement: false,
  timeScale: 1,
  attempts: [],
  retryCount: 0,
  maxAttempts: 2,
  ringCount: 2,
  answeredBy: null,
  transcript: [],
  holdPeriods: [],
  ivrDigits: [],
  ivrLoop: false,
  connectionStatus: null,
  durationMs: null,
  recording: null,
  analysis: null,
  errorMessage: null,
  timeline: [{ at: '2026-01-05T15:00:01.000Z', kind: 'ringing', text: 'Ringing' }],
  scheduledAt: '2026-01-05T15:00:00.000Z',
  startedAt: '2026-01-05T15:00:00.500Z',
  endedAt: null,
  createdAt: '2026-01-05T15:00:00.000Z',
  updatedAt: '2026-01-05T15:00:01.000Z',
});

const change = (projection: string, documentId: string, document: Record<string, unknown>, rooms: string[]): DocumentChange => ({
  projection,
  documentId,
  document: { ...document, _id: documentId, _position: 9, _rooms: rooms },
  rooms,
  position: 9,
});

const byTarget = (c: DocumentChange) => Object.fromEntries(messagesFor(c).map(({ target, message }) => [target, message]));

describe('messagesFor', () => {
  it('pushes a call in full to its signed-in owner and as the preview to everyone else', () => {
    const messages = byTarget(change('calls', CALL, call(USER), [`call:${CALL}`, `user:${USER}`]));
    expect(messages[`call:${CALL}`].document).toMatchObject({ access: 'full', ring_count: 2, user: USER });
    expect(messages[`user:${USER}`].document).toMatchObject({ access: 'full' });
    const preview = messages[`call:${CALL}#preview`];
    expect(preview.room).toBe(`call:${CALL}`);
    expect(preview.document).toMatchObject({ access: 'preview', phase: 'calling' });
    expect(preview.document).not.toHaveProperty('viewer_is_owner');
    expect(JSON.stringify(preview.document)).not.toMatch(/ring_count|timeline|started_at|updated_at|user_|SB1|answered_by|duration_ms/);
  });

  it('tells an anonymous owner’s room the preview, marked as theirs', () => {
    const messages = byTarget(change('calls', CALL, call(ANON), [`call:${CALL}`, `anonymous:${ANON}`]));
    expect(messages[`anonymous:${ANON}`].document).toMatchObject({ access: 'preview', viewer_is_owner: true });
    expect(JSON.stringify(messages[`call:${CALL}#preview`].document)).not.toContain(ANON);
  });

  it('never names who searched in a discovery’s public room', () => {
    const messages = byTarget(change('discoveries', DISC, { id: DISC, ownerId: ANON, status: 'completed' }, [`discovery:${DISC}`, `anonymous:${ANON}`]));
    expect(messages[`discovery:${DISC}`].document).toEqual({ _id: DISC, id: DISC, status: 'completed' });
    expect(messages[`anonymous:${ANON}`].document).toMatchObject({ ownerId: ANON });
  });
});
