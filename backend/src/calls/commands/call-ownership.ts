import type { CallEvent, EventStore } from '@ringcheck/projections';
import { DomainError, foldEvents } from '../../infrastructure/event-sourcing';
import { type CallState, callDecider, callStream } from '../domain/call.decider';

/** The call's state, after checking that one of the requester's ids owns it. */
export async function ownedCallState(events: EventStore, callId: string, requesterIds: string[], action: string): Promise<CallState> {
  const history = await events.readStream(callStream(callId));
  const state = foldEvents(callDecider, history as unknown as CallEvent[]);
  if (state.status === null) throw DomainError.notFound('Call');
  if (!state.ownerId || !requesterIds.includes(state.ownerId)) {
    throw new DomainError(403, 'forbidden', `You can only ${action} your own calls.`);
  }
  return state;
}
