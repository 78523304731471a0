import { eventUnion } from '../domain-events';

/** Events of the discovery context (stream `discovery-<id>`). */

export interface OpeningPeriodData {
  open: { day: number; hour: number; minute: number };
  close?: { day: number; hour: number; minute: number };
}

/** One business found by a discovery, as recorded when the search completed. */
export interface PlaceSearchResultData {
  /** plsr_… id, unique to this discovery. */
  id: string;
  /** The directory's own id of the place. */
  placeId: string;
  name: string;
  address: string;
  phoneNumber: string | null;
  internationalPhoneNumber: string | null;
  website: string | null;
  rating: number | null;
  ratingCount: number | null;
  businessTypes: string[];
  businessStatus: string | null;
  weekdayText: string[];
  openingPeriods: OpeningPeriodData[];
  timeZone: string | null;
  utcOffsetMinutes: number | null;
}

export type DiscoveryFailureReason =
  | 'service_unavailable'
  | 'quota_exceeded'
  | 'auth_failed'
  | 'network'
  | 'location_unclear'
  | 'timeout'
  | 'internal';

export interface DiscoveryRequestedData {
  discoveryId: string;
  businessName: string;
  location: string;
  /** user_… or anon_… id of the visitor who searched, or null when unknown. */
  ownerId: string | null;
}

export interface DiscoverySearchStartedData {
  discoveryId: string;
  directory: string;
  attempt: number;
}

export interface DiscoveryCompletedData {
  discoveryId: string;
  results: PlaceSearchResultData[];
  durationMs: number;
}

export interface DiscoveryFailedData {
  discoveryId: string;
  reason: DiscoveryFailureReason;
  /** Shown to the visitor. */
  message: string;
}

export interface DiscoveryOwnerChangedData {
  discoveryId: string;
  previousOwnerId: string | null;
  ownerId: string;
}

export type DiscoveryEvent =
  | { type: 'DiscoveryRequested'; data: DiscoveryRequestedData }
  | { type: 'DiscoverySearchStarted'; data: DiscoverySearchStartedData }
  | { type: 'DiscoveryCompleted'; data: DiscoveryCompletedData }
  | { type: 'DiscoveryFailed'; data: DiscoveryFailedData }
  | { type: 'DiscoveryOwnerChanged'; data: DiscoveryOwnerChangedData };

/** The events of a discovery's stream. */
export const DISCOVERY_EVENTS = eventUnion<DiscoveryEvent>('discovery', {
  DiscoveryRequested: true,
  DiscoverySearchStarted: true,
  DiscoveryCompleted: true,
  DiscoveryFailed: true,
  DiscoveryOwnerChanged: true,
});

export type DiscoveryStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

export const DISCOVERY_STATUS_DISPLAY: Record<DiscoveryStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  failed: 'Failed',
};
