import { CALL_EVENTS } from '../calls/events';
import { recorded } from '../testing/recorded';
import { asDomainEvent, domainEventsOf } from './domain-events-of';
import { UnexpectedEventError } from './unexpected-event-error';

describe('reading stored events as a domain union', () => {
  it('returns an event of the union as it is, typed by its type', () => {
    const stored = recorded('CallPlacementRequested', { callId: 'call_1' });
    const event = asDomainEvent(CALL_EVENTS, stored);
    expect(event).toBe(stored);
    expect(event.type === 'CallPlacementRequested' && event.data.callId).toBe('call_1');
  });

  it('refuses an event of another union, naming it, its stream and the union', () => {
    const history = [recorded('CallPlacementRequested', { callId: 'call_1' }), recorded('UserDeleted', { userId: 'user_1' }, { streamId: 'call-call_1', revision: 1 })];
    expect(() => domainEventsOf(CALL_EVENTS, history)).toThrow(UnexpectedEventError);
    expect(() => domainEventsOf(CALL_EVENTS, history)).toThrow('UserDeleted (stream call-call_1, revision 1) is not one of the call events');
  });

  it('lists every type of the union', () => {
    expect(CALL_EVENTS.types).toContain('CallRequested');
    expect(CALL_EVENTS.types).toContain('CallOwnerChanged');
  });
});
