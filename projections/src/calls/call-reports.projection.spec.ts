import { analysis, analyzed, callId, callRequested, ended, ownerChanged } from '../testing/call-events';
import { given } from '../testing/given';
import { callReportsProjection as projection } from './call-reports.projection';
import { callsProjection } from './calls.projection';

describe('call reports projection', () => {
  it('keeps the report of an analysed call, with the time of the analysis the call document names', async () => {
    const events = [callRequested(), ended('answered'), analyzed('answered', '2026-11-22T10:01:00.000Z')];
    const { document } = await given(projection, ...events);
    expect(document).toMatchObject({ _id: callId, callId, analyzedAt: '2026-11-22T10:01:00.000Z', report: analysis('answered').report });
    const call = (await given(callsProjection, ...events)).document!;
    expect(call.analysis!.analyzedAt).toBe(document!.analyzedAt);
    expect(call.analysis).not.toHaveProperty('report');
  });

  it('has nothing before the analysis', async () => {
    const { document } = await given(projection, callRequested(), ended('answered'), ownerChanged('anon_1', 'user_1'));
    expect(document).toBeNull();
  });

  it('keeps only the latest analysis', async () => {
    const { document } = await given(projection, analyzed('answered', '2026-11-22T10:01:00.000Z'), analyzed('voicemail', '2026-11-22T10:05:00.000Z'));
    expect(document).toMatchObject({ analyzedAt: '2026-11-22T10:05:00.000Z', report: analysis('voicemail').report });
  });

  it('is pushed to no room', () => {
    expect(projection.rooms).toBeUndefined();
  });
});
