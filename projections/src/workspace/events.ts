import { eventUnion } from '../domain-events';

/** Events of a user's workspace (stream `workspace-<userId>`): their plan, the businesses they follow, their calls' tally. */

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** A business as the user met it: a search result's fields, or a number called directly. */
export interface LocationPlaceData {
  placeSearchResultId: string | null;
  discoveryId: string | null;
  /** The directory's id of the place; null for a number called directly. */
  placeId: string | null;
  name: string;
  address: string | null;
  phoneNumber: string | null;
  website: string | null;
  rating: number | null;
  ratingCount: number | null;
  businessTypes: string[];
  businessStatus: string | null;
}

export interface PlanAssignedData {
  userId: string;
  plan: PlanId;
  previousPlan: PlanId;
  /** Who assigned it (an operator's name from the command line). */
  assignedBy: string;
  reason: string | null;
}

export interface LocationSavedData {
  userId: string;
  locationId: string;
  place: LocationPlaceData;
  interactionType: 'saved' | 'viewed';
  notes: string;
  metadata: Record<string, unknown>;
  favorite: boolean;
}

export interface BusinessCalledData {
  userId: string;
  locationId: string;
  callId: string;
  place: LocationPlaceData;
  /** The month (YYYY-MM, UTC) whose plan allowance the call spent, or null when it spent none (a call made before signing up). */
  chargedMonth: string | null;
}

export interface BusinessCallWithdrawnData {
  userId: string;
  locationId: string;
  callId: string;
  /** Why no call came of it. */
  reason: string;
}

export interface LocationFavoriteChangedData {
  userId: string;
  locationId: string;
  favorite: boolean;
}

export interface BusinessProfileCreatedData {
  userId: string;
  profileId: string;
  name: string;
  address: string | null;
  /** E.164. */
  phone: string;
  email: string | null;
  website: string | null;
}

export type WorkspaceEvent =
  | { type: 'PlanAssigned'; data: PlanAssignedData }
  | { type: 'LocationSaved'; data: LocationSavedData }
  | { type: 'BusinessCalled'; data: BusinessCalledData }
  | { type: 'BusinessCallWithdrawn'; data: BusinessCallWithdrawnData }
  | { type: 'LocationFavoriteChanged'; data: LocationFavoriteChangedData }
  | { type: 'BusinessProfileCreated'; data: BusinessProfileCreatedData };

/** The events of a user's workspace stream. */
export const WORKSPACE_EVENTS = eventUnion<WorkspaceEvent>('workspace', {
  PlanAssigned: true,
  LocationSaved: true,
  BusinessCalled: true,
  BusinessCallWithdrawn: true,
  LocationFavoriteChanged: true,
  BusinessProfileCreated: true,
});

export const workspaceStream = (userId: string) => `workspace-${userId}`;
