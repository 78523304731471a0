import { newEvent } from './new-event';

const metadata = { correlationId: 'c', actor: 'system', occurredAt: '2026-01-01T00:00:00.000Z' };

describe('newEvent', () => {
  it('stamps the current schema version of its type from the registry', () => {
    expect(newEvent({ id: 'e1', type: 'CallRequested', data: {} }, metadata).metadata).toEqual({ ...metadata, schemaVersion: 2 });
    expect(newEvent({ id: 'e2', type: 'DiscoveryRequested', data: {} }, metadata).metadata.schemaVersion).toBe(1);
  });

  it('overrides a version a writer stated itself', () => {
    expect(newEvent({ id: 'e3', type: 'CallRequested', data: {} }, { ...metadata, schemaVersion: 1 }).metadata.schemaVersion).toBe(2);
  });
});
