import {
  DISCOVERY_EVENTS,
  type DiscoveryEvent,
  type DiscoveryFailureReason,
  type DiscoveryStatus,
  type PlaceSearchResultData,
} from '@ringcheck/projections';
import { type Decider, DomainError } from '../../infrastructure/event-sourcing';

export type DiscoveryCommand =
  | { type: 'RequestDiscovery'; discoveryId: string; businessName: string; location: string; ownerId: string | null }
  | { type: 'StartSearch'; discoveryId: string; directory: string }
  | { type: 'CompleteSearch'; discoveryId: string; results: PlaceSearchResultData[]; durationMs: number }
  | { type: 'FailSearch'; discoveryId: string; reason: DiscoveryFailureReason; message: string }
  | { type: 'ChangeOwner'; discoveryId: string; ownerId: string };

export interface DiscoveryState {
  status: DiscoveryStatus | null;
  attempts: number;
  ownerId: string | null;
}

const isFinal = (status: DiscoveryStatus | null) => status === 'completed' || status === 'failed';

/**
 * A discovery (stream `discovery-<id>`): pending -> in_progress -> completed | failed.
 * Finishing an already finished discovery records nothing, so a resumed search is harmless.
 */
export const discoveryDecider: Decider<DiscoveryCommand, DiscoveryState, DiscoveryEvent> = {
  events: DISCOVERY_EVENTS,
  initialState: () => ({ status: null, attempts: 0, ownerId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'DiscoveryRequested':
        return { ...state, status: 'pending', ownerId: event.data.ownerId };
      case 'DiscoverySearchStarted':
        return { ...state, status: 'in_progress', attempts: state.attempts + 1 };
      case 'DiscoveryCompleted':
        return { ...state, status: 'completed' };
      case 'DiscoveryFailed':
        return { ...state, status: 'failed' };
      case 'DiscoveryOwnerChanged':
        return { ...state, ownerId: event.data.ownerId };
    }
  },
  decide(command, state) {
    if (command.type === 'RequestDiscovery') {
      if (state.status !== null) throw DomainError.conflict('This discovery already exists.');
      const { discoveryId, businessName, location, ownerId } = command;
      return [{ type: 'DiscoveryRequested', data: { discoveryId, businessName, location, ownerId } }];
    }
    if (state.status === null) throw DomainError.notFound('Discovery');
    switch (command.type) {
      case 'StartSearch':
        if (isFinal(state.status)) return [];
        return [
          { type: 'DiscoverySearchStarted', data: { discoveryId: command.discoveryId, directory: command.directory, attempt: state.attempts + 1 } },
        ];
      case 'CompleteSearch':
        if (isFinal(state.status)) return [];
        return [{ type: 'DiscoveryCompleted', data: { discoveryId: command.discoveryId, results: command.results, durationMs: command.durationMs } }];
      case 'FailSearch':
        if (isFinal(state.status)) return [];
        return [{ type: 'DiscoveryFailed', data: { discoveryId: command.discoveryId, reason: command.reason, message: command.message } }];
      case 'ChangeOwner':
        if (state.ownerId === command.ownerId) return [];
        return [
          { type: 'DiscoveryOwnerChanged', data: { discoveryId: command.discoveryId, previousOwnerId: state.ownerId, ownerId: command.ownerId } },
        ];
    }
  },
};

export const discoveryStream = (discoveryId: string) => `discovery-${discoveryId}`;
