import {
  type AnonymousVisitorLinkedData,
  type ConversionSource,
  eventUnion,
  type GdprConsentRecordedData,
  type VisitorTrackedData,
} from '@ringcheck/projections';
import type { Decider } from '../../infrastructure/event-sourcing';
import { DomainError } from '../../infrastructure/event-sourcing';

export type VisitorCommand =
  | { type: 'TrackVisit'; visit: VisitorTrackedData }
  | { type: 'RecordConsent'; anonId: string; consent: boolean }
  | { type: 'LinkToUser'; anonId: string; userId: string; conversionSource: ConversionSource };

export type VisitorEvent =
  | { type: 'VisitorTracked'; data: VisitorTrackedData }
  | { type: 'GdprConsentRecorded'; data: GdprConsentRecordedData }
  | { type: 'AnonymousVisitorLinked'; data: AnonymousVisitorLinkedData };

export interface VisitorState {
  known: boolean;
  visits: number;
  consent: boolean | null;
  linkedUserId: string | null;
}

/**
 * What a visit keeps when the visitor has not consented to analytics: the visitor id only, which calls
 * and linking need. The consent a visit states itself wins over the one recorded before.
 */
export function visitAsConsented(visit: VisitorTrackedData, recordedConsent: boolean | null): VisitorTrackedData {
  if ((visit.gdprConsent ?? recordedConsent) === true) return visit;
  return {
    anonId: visit.anonId,
    fingerprintHash: null,
    screenResolution: null,
    timezone: null,
    language: null,
    referrer: null,
    gdprConsent: visit.gdprConsent,
    userAgent: null,
  };
}

/** An anonymous visitor's stream (`anonymous-<anonId>`): visits and consent. */
export const visitorDecider: Decider<VisitorCommand, VisitorState, VisitorEvent> = {
  events: eventUnion<VisitorEvent>('visitor', { VisitorTracked: true, GdprConsentRecorded: true, AnonymousVisitorLinked: true }),
  initialState: () => ({ known: false, visits: 0, consent: null, linkedUserId: null }),
  // A visitor's stream gains an event with each visit.
  snapshot: { version: 1, encode: (state) => ({ ...state }), decode: (stored) => stored as VisitorState },
  evolve(state, event) {
    switch (event.type) {
      case 'VisitorTracked':
        return { ...state, known: true, visits: state.visits + 1, consent: event.data.gdprConsent ?? state.consent };
      case 'GdprConsentRecorded':
        return { ...state, consent: event.data.consent };
      case 'AnonymousVisitorLinked':
        return { ...state, linkedUserId: event.data.userId };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'TrackVisit':
        return [{ type: 'VisitorTracked', data: visitAsConsented(command.visit, state.consent) }];
      case 'RecordConsent':
        if (!state.known) throw DomainError.notFound('Anonymous visitor');
        if (state.consent === command.consent) return [];
        return [{ type: 'GdprConsentRecorded', data: { anonId: command.anonId, consent: command.consent } }];
      case 'LinkToUser':
        if (!state.known) throw DomainError.notFound('Anonymous visitor');
        // Linking twice is safe; a visitor already linked to another account stays with it.
        if (state.linkedUserId === command.userId) return [];
        if (state.linkedUserId !== null) {
          throw new DomainError('conflict', 'already_linked_elsewhere', 'This visitor is already linked to another account.');
        }
        return [{ type: 'AnonymousVisitorLinked', data: { anonId: command.anonId, userId: command.userId, conversionSource: command.conversionSource } }];
    }
  },
};

export const visitorStream = (anonId: string) => `anonymous-${anonId}`;
