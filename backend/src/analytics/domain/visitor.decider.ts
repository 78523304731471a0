import type { GdprConsentRecordedData, VisitorTrackedData } from '@ringcheck/projections';
import type { Decider } from '../../infrastructure/event-sourcing';
import { DomainError } from '../../infrastructure/event-sourcing';

export type VisitorCommand =
  | { type: 'TrackVisit'; visit: VisitorTrackedData }
  | { type: 'RecordConsent'; anonId: string; consent: boolean };

export type VisitorEvent =
  | { type: 'VisitorTracked'; data: VisitorTrackedData }
  | { type: 'GdprConsentRecorded'; data: GdprConsentRecordedData };

export interface VisitorState {
  known: boolean;
  visits: number;
  consent: boolean | null;
}

/** An anonymous visitor's stream (`anonymous-<anonId>`): visits and consent. */
export const visitorDecider: Decider<VisitorCommand, VisitorState, VisitorEvent> = {
  initialState: () => ({ known: false, visits: 0, consent: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'VisitorTracked':
        return { known: true, visits: state.visits + 1, consent: event.data.gdprConsent ?? state.consent };
      case 'GdprConsentRecorded':
        return { ...state, consent: event.data.consent };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'TrackVisit':
        return [{ type: 'VisitorTracked', data: command.visit }];
      case 'RecordConsent':
        if (!state.known) throw DomainError.notFound('Anonymous visitor');
        if (state.consent === command.consent) return [];
        return [{ type: 'GdprConsentRecorded', data: { anonId: command.anonId, consent: command.consent } }];
    }
  },
};

export const visitorStream = (anonId: string) => `anonymous-${anonId}`;
