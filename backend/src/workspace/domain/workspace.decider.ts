import { type LocationPlaceData, type PlanId, WORKSPACE_EVENTS, type WorkspaceEvent } from '@ringcheck/projections';
import type { PlanLimitsConfig } from '../../infrastructure/config/app-config';
import { type Decider, DomainError, type SnapshotCodec } from '../../infrastructure/event-sourcing';
import { locationKeyOf } from './location-key';
import { PlanLimitError } from './plan-limit.error';

export type WorkspaceCommand =
  | { type: 'AssignPlan'; userId: string; plan: PlanId; assignedBy: string; reason: string | null }
  | {
      type: 'SaveLocation';
      userId: string;
      /** Used when the business is new to this workspace. */
      newLocationId: string;
      place: LocationPlaceData;
      interactionType: 'saved' | 'viewed';
      notes: string;
      metadata: Record<string, unknown>;
      favorite: boolean;
      limits: PlanLimitsConfig;
    }
  | {
      type: 'RecordCall';
      userId: string;
      callId: string;
      newLocationId: string;
      place: LocationPlaceData;
      /** The month whose allowance the call spends, or null when it spends none (made before signing up). */
      month: string | null;
      limits: PlanLimitsConfig;
    }
  | { type: 'WithdrawCall'; userId: string; callId: string; reason: string }
  | { type: 'ToggleFavorite'; userId: string; locationId: string }
  | { type: 'CreateBusinessProfile'; userId: string; profileId: string; name: string; address: string | null; phone: string; email: string | null; website: string | null };

interface LocationState {
  id: string;
  key: string;
  favorite: boolean;
  saves: number;
  calls: Set<string>;
}

interface CallState {
  locationId: string;
  month: string | null;
  withdrawn: boolean;
}

export interface WorkspaceState {
  plan: PlanId;
  locations: Map<string, LocationState>;
  calls: Map<string, CallState>;
}

const isFollowed = (location: LocationState) => location.saves + location.calls.size > 0;

export const followedLocations = (state: WorkspaceState) => [...state.locations.values()].filter(isFollowed).length;

export const callsChargedIn = (state: WorkspaceState, month: string) =>
  [...state.calls.values()].filter((call) => call.month === month && !call.withdrawn).length;

function locationFor(state: WorkspaceState, place: LocationPlaceData): LocationState | undefined {
  const key = locationKeyOf(place);
  return [...state.locations.values()].find((location) => location.key === key);
}

/** A business new to the workspace must fit the plan's locations. */
function checkLocationAllowance(state: WorkspaceState, existing: LocationState | undefined, limits: PlanLimitsConfig) {
  if (existing && isFollowed(existing)) return;
  const limit = limits[state.plan].locations;
  const used = followedLocations(state);
  if (limit !== null && used >= limit) throw new PlanLimitError('locations', state.plan, limit, used);
}

function checkCallAllowance(state: WorkspaceState, month: string, limits: PlanLimitsConfig) {
  const limit = limits[state.plan].testCallsPerMonth;
  const used = callsChargedIn(state, month);
  if (limit !== null && used >= limit) throw new PlanLimitError('test-calls', state.plan, limit, used);
}

/** The location, added to the state if new. */
function locationIn(state: WorkspaceState, id: string, place: LocationPlaceData): LocationState {
  let location = state.locations.get(id);
  if (!location) state.locations.set(id, (location = { id, key: locationKeyOf(place), favorite: false, saves: 0, calls: new Set<string>() }));
  return location;
}

/**
 * A user's workspace (stream `workspace-<userId>`): their plan, the businesses they follow and the calls
 * they made to them. Plan limits are decided here, on the stream's own history, so two requests at
 * once cannot both take the last allowance: the second append meets a newer revision and is decided again.
 *
 * Its evolve grows the state it is given in place (see Decider.evolve): the stream gains an event with
 * every call, and copying the state's maps at each event made folding a workspace of N calls cost N²
 * (0.9 s at 5,000 calls, 21 s at 20,000, on every call placed and every plan read).
 */
/** The state as JSON: its maps and sets as arrays of entries and members. */
const workspaceSnapshot: SnapshotCodec<WorkspaceState> = {
  version: 1,
  encode: (state) => ({
    plan: state.plan,
    locations: [...state.locations.values()].map((location) => ({ ...location, calls: [...location.calls] })),
    calls: [...state.calls].map(([id, call]) => [id, { ...call }]),
  }),
  decode: (stored) => {
    const { plan, locations, calls } = stored as { plan: PlanId; locations: (Omit<LocationState, 'calls'> & { calls: string[] })[]; calls: [string, CallState][] };
    return {
      plan,
      locations: new Map(locations.map((location) => [location.id, { ...location, calls: new Set(location.calls) }])),
      calls: new Map(calls),
    };
  },
};

export const workspaceDecider: Decider<WorkspaceCommand, WorkspaceState, WorkspaceEvent> = {
  events: WORKSPACE_EVENTS,
  initialState: () => ({ plan: 'free', locations: new Map(), calls: new Map() }),
  snapshot: workspaceSnapshot,
  evolve(state, event) {
    switch (event.type) {
      case 'PlanAssigned':
        state.plan = event.data.plan;
        return state;
      case 'LocationSaved': {
        const location = locationIn(state, event.data.locationId, event.data.place);
        location.saves++;
        location.favorite ||= event.data.favorite;
        return state;
      }
      case 'BusinessCalled': {
        const { callId, locationId, chargedMonth } = event.data;
        locationIn(state, locationId, event.data.place).calls.add(callId);
        state.calls.set(callId, { locationId, month: chargedMonth, withdrawn: false });
        return state;
      }
      case 'BusinessCallWithdrawn': {
        const call = state.calls.get(event.data.callId);
        const location = state.locations.get(event.data.locationId);
        if (!call || !location) return state;
        location.calls.delete(event.data.callId);
        call.withdrawn = true;
        return state;
      }
      case 'LocationFavoriteChanged': {
        const location = state.locations.get(event.data.locationId);
        if (location) location.favorite = event.data.favorite;
        return state;
      }
      case 'BusinessProfileCreated':
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AssignPlan':
        if (command.plan === state.plan) return [];
        return [{ type: 'PlanAssigned', data: { userId: command.userId, plan: command.plan, previousPlan: state.plan, assignedBy: command.assignedBy, reason: command.reason } }];
      case 'SaveLocation': {
        const existing = locationFor(state, command.place);
        checkLocationAllowance(state, existing, command.limits);
        const { userId, place, interactionType, notes, metadata, favorite } = command;
        return [{ type: 'LocationSaved', data: { userId, locationId: existing?.id ?? command.newLocationId, place, interactionType, notes, metadata, favorite } }];
      }
      case 'RecordCall': {
        if (state.calls.has(command.callId)) return [];
        const existing = locationFor(state, command.place);
        if (command.month !== null) {
          checkLocationAllowance(state, existing, command.limits);
          checkCallAllowance(state, command.month, command.limits);
        }
        const { userId, callId, place, month } = command;
        return [{ type: 'BusinessCalled', data: { userId, locationId: existing?.id ?? command.newLocationId, callId, place, chargedMonth: month } }];
      }
      case 'WithdrawCall': {
        const call = state.calls.get(command.callId);
        if (!call || call.withdrawn) return [];
        return [{ type: 'BusinessCallWithdrawn', data: { userId: command.userId, locationId: call.locationId, callId: command.callId, reason: command.reason } }];
      }
      case 'ToggleFavorite': {
        const location = state.locations.get(command.locationId);
        if (!location || !isFollowed(location)) throw DomainError.notFound('Location');
        return [{ type: 'LocationFavoriteChanged', data: { userId: command.userId, locationId: location.id, favorite: !location.favorite } }];
      }
      case 'CreateBusinessProfile': {
        const { type: _type, ...data } = command;
        return [{ type: 'BusinessProfileCreated', data }];
      }
    }
  },
};

