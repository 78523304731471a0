import { at, recorded } from '../testing/recorded';
import { currentSchemaVersion, EVENT_SCHEMAS, upcastEvent } from './event-versions';

const requestV1 = { callId: 'call_1', businessName: 'Demo Plumbing Co.', toNumber: '+12125550199' };

describe('event versions', () => {
  it('reads a version 1 CallRequested as version 2: every call before carriers was a sandbox call', () => {
    const event = upcastEvent(recorded('CallRequested', requestV1, at('2026-01-01T00:00:00.000Z')));
    expect(event.data).toEqual({ ...requestV1, provider: 'sandbox' });
    expect(event.metadata.schemaVersion).toBe(2);
  });

  it('reads a version 1 CallAnalyzed, its report in it, as version 2: with the report’s overall score beside the figures', () => {
    const analysis = { connectionStatus: 'answered', attemptsBeforePickup: 1, report: { summary: 'Answered.', overallScore: 8.5 } };
    const event = upcastEvent(recorded('CallAnalyzed', { callId: 'call_1', analyzer: 'rubric', analysis }, at('2026-01-01T00:00:00.000Z')));
    expect(event.data).toEqual({ callId: 'call_1', analyzer: 'rubric', analysis: { ...analysis, overallScore: 8.5 } });
    expect(event.metadata.schemaVersion).toBe(2);
  });

  it('keeps what a version 1 event already said, and leaves current events as they are', () => {
    const v1WithProvider = recorded('CallRequested', { ...requestV1, provider: 'twilio' });
    expect(upcastEvent(v1WithProvider).data).toMatchObject({ provider: 'twilio' });
    const v2 = recorded('CallRequested', { ...requestV1, provider: 'twilio' }, { metadata: { occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 2 } });
    expect(upcastEvent(v2)).toBe(v2);
  });

  it('knows each type’s current version; unlisted types are at version 1 and pass through', () => {
    expect(currentSchemaVersion('CallRequested')).toBe(2);
    expect(currentSchemaVersion('DiscoveryRequested')).toBe(1);
    const other = recorded('DiscoveryRequested', { discoveryId: 'disc_1' });
    expect(upcastEvent(other)).toBe(other);
  });

  it('has an upcaster for every old version of every listed type', () => {
    for (const [type, schema] of Object.entries(EVENT_SCHEMAS)) {
      for (let version = 1; version < schema.current; version++) expect({ type, version, upcaster: typeof schema.upcasters[version] }).toEqual({ type, version, upcaster: 'function' });
    }
  });
});
