import { analysis, analyzed, analyzedWithReport, callId, callRequested, ended, ownerChanged, reported } from '../testing/call-events';
import { given } from '../testing/given';
import { callReportsProjection as projection } from './call-reports.projection';
import { callsProjection } from './calls.projection';

describe('call reports projection', () => {
  it('keeps the report of an analysed call, at the moment of the analysis the call document names', async () => {
    const events = [callRequested(), ended('answered'), analyzed('answered', '2026-11-22T10:01:00.000Z'), reported('answered', '2026-11-22T10:01:00.000Z')];
    const { document } = await given(projection, ...events);
    expect(document).toEqual({ _id: callId, callId, analyzedAt: '2026-11-22T10:01:00.000Z', report: analysis('answered').report });
    const call = (await given(callsProjection, ...events.filter((event) => callsProjection.handles.includes(event.type)))).document!;
    expect(call.analysis!.analyzedAt).toBe(document!.analyzedAt);
    expect(call.analysis).not.toHaveProperty('report');
  });

  it('keeps the report an analysis recorded before reports had an event of their own carries (schema version 1)', async () => {
    const { document } = await given(projection, analyzedWithReport('voicemail', '2026-11-22T10:05:00.000Z'));
    expect(document).toMatchObject({ analyzedAt: '2026-11-22T10:05:00.000Z', report: analysis('voicemail').report });
  });

  it('has nothing before the report, nor from an analysis without one', async () => {
    expect((await given(projection, callRequested(), ended('answered'), ownerChanged('anon_1', 'user_1'))).document).toBeNull();
    expect((await given(projection, analyzed('answered'))).document).toBeNull();
  });

  it('is pushed to no room', () => {
    expect(projection.rooms).toBeUndefined();
  });
});
