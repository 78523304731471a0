import type { LocationPlaceData, WorkspaceEvent } from '@ringcheck/projections';
import type { PlanLimitsConfig } from '../../infrastructure/config/app-config';
import { foldEvents } from '../../infrastructure/event-sourcing';
import { deciderSpec } from '../../infrastructure/event-sourcing/testing/decider-spec';
import { PlanLimitError } from './plan-limit.error';
import { workspaceDecider } from './workspace.decider';

const userId = 'user_1';
const limits: PlanLimitsConfig = {
  free: { locations: 1, testCallsPerMonth: 5 },
  pro: { locations: 5, testCallsPerMonth: null },
  enterprise: { locations: null, testCallsPerMonth: null },
};
const place = (placeId: string): LocationPlaceData => ({
  placeSearchResultId: `plsr_${placeId}`,
  discoveryId: 'disc_1',
  placeId,
  name: `Business ${placeId}`,
  address: '1 Main St',
  phoneNumber: '+12125550142',
  website: null,
  rating: 4.5,
  ratingCount: 10,
  businessTypes: ['dentist'],
  businessStatus: 'OPERATIONAL',
});
const called = (callId: string, placeId = 'a', chargedMonth: string | null = '2026-11', locationId = `loc_${placeId}`): WorkspaceEvent => ({
  type: 'BusinessCalled',
  data: { userId, locationId, callId, place: place(placeId), chargedMonth },
});
const recordCall = (callId: string, placeId = 'a', month: string | null = '2026-11') =>
  ({ type: 'RecordCall', userId, callId, newLocationId: `loc_new`, place: place(placeId), month, limits }) as const;
const workspace = deciderSpec(workspaceDecider);
const fiveCalls = ['call_1', 'call_2', 'call_3', 'call_4', 'call_5'].map((id) => called(id));

describe('workspace decider', () => {
  it('records a call to a business new to the account as a new location, charged to the month', () => {
    workspace.when(recordCall('call_1')).then([called('call_1', 'a', '2026-11', 'loc_new')]);
  });

  it('counts a second call to the same business on its location', () => {
    workspace.given(called('call_1')).when(recordCall('call_2')).then([called('call_2')]);
  });

  it('takes the fifth call of a Free month, refuses the sixth, and takes calls again the next month', () => {
    workspace.given(...fiveCalls.slice(0, 4)).when(recordCall('call_5')).then([called('call_5')]);
    workspace
      .given(...fiveCalls)
      .when(recordCall('call_6'))
      .thenRefuses(PlanLimitError, { kind: 'not_allowed', code: 'plan_limit_reached', details: expect.objectContaining({ limit: 5, used: 5, upgrade: { feature: 'test-calls', url: '/upgrade?feature=test-calls' } }) });
    workspace.given(...fiveCalls).when(recordCall('call_6', 'a', '2026-12')).then([called('call_6', 'a', '2026-12')]);
  });

  it('gives back the allowance of a call that was withdrawn', () => {
    const withdrawn: WorkspaceEvent = { type: 'BusinessCallWithdrawn', data: { userId, locationId: 'loc_a', callId: 'call_5', reason: 'refused' } };
    workspace.given(...fiveCalls, withdrawn).when(recordCall('call_6')).then([called('call_6')]);
    workspace.given(...fiveCalls, withdrawn).when({ type: 'WithdrawCall', userId, callId: 'call_5', reason: 'again' }).thenNothing();
  });

  it('holds a Free account to one location, and Pro to five', () => {
    workspace
      .given(called('call_1'))
      .when(recordCall('call_2', 'b'))
      .thenRefuses(PlanLimitError, { details: expect.objectContaining({ limit: 1, used: 1, upgrade: { feature: 'locations', url: '/upgrade?feature=locations' } }) });
    const pro: WorkspaceEvent = { type: 'PlanAssigned', data: { userId, plan: 'pro', previousPlan: 'free', assignedBy: 'ops', reason: null } };
    workspace.given(pro, called('call_1')).when(recordCall('call_2', 'b')).then([called('call_2', 'b', '2026-11', 'loc_new')]);
    const fivePlaces = ['a', 'b', 'c', 'd', 'e'].map((p, i) => called(`call_${i}`, p));
    workspace.given(pro, ...fivePlaces).when(recordCall('call_9', 'f')).thenRefuses(PlanLimitError, { details: expect.objectContaining({ plan: 'pro', limit: 5 }) });
  });

  it('records a call made before signing up without spending the plan, past its limits', () => {
    workspace.given(...fiveCalls).when(recordCall('call_0', 'z', null)).then([called('call_0', 'z', null, 'loc_new')]);
  });

  it('records each call once', () => {
    workspace.given(called('call_1')).when(recordCall('call_1')).thenNothing();
  });

  it('saves a business once per location, under the plan’s locations', () => {
    const save = { type: 'SaveLocation', userId, newLocationId: 'loc_new', interactionType: 'saved', notes: '', metadata: {}, favorite: true, limits } as const;
    const saved = workspace.given(called('call_1')).when({ ...save, place: place('a') }).events();
    expect(saved).toEqual([expect.objectContaining({ type: 'LocationSaved', data: expect.objectContaining({ locationId: 'loc_a', favorite: true }) })]);
    workspace.given(called('call_1')).when({ ...save, place: place('b') }).thenRefuses(PlanLimitError, { details: expect.objectContaining({ upgrade: expect.objectContaining({ feature: 'locations' }) }) });
  });

  it('toggles a favourite of the account’s own locations only', () => {
    workspace.given(called('call_1')).when({ type: 'ToggleFavorite', userId, locationId: 'loc_a' }).then([
      { type: 'LocationFavoriteChanged', data: { userId, locationId: 'loc_a', favorite: true } },
    ]);
    const favourite: WorkspaceEvent = { type: 'LocationFavoriteChanged', data: { userId, locationId: 'loc_a', favorite: true } };
    workspace.given(called('call_1'), favourite).when({ type: 'ToggleFavorite', userId, locationId: 'loc_a' }).then([
      { type: 'LocationFavoriteChanged', data: { userId, locationId: 'loc_a', favorite: false } },
    ]);
    workspace.when({ type: 'ToggleFavorite', userId, locationId: 'loc_other' }).thenFails('not_found');
  });

  it('assigns a plan only when it changes', () => {
    workspace.when({ type: 'AssignPlan', userId, plan: 'free', assignedBy: 'ops', reason: null }).thenNothing();
    workspace.when({ type: 'AssignPlan', userId, plan: 'enterprise', assignedBy: 'ops', reason: 'pilot' }).then([
      { type: 'PlanAssigned', data: { userId, plan: 'enterprise', previousPlan: 'free', assignedBy: 'ops', reason: 'pilot' } },
    ]);
  });

  it('keeps its state through a snapshot as JSON, and goes on from it as from the events', () => {
    const favourite: WorkspaceEvent = { type: 'LocationFavoriteChanged', data: { userId, locationId: 'loc_b', favorite: true } };
    const withdrawn: WorkspaceEvent = { type: 'BusinessCallWithdrawn', data: { userId, locationId: 'loc_a', callId: 'call_2', reason: 'refused' } };
    const pro: WorkspaceEvent = { type: 'PlanAssigned', data: { userId, plan: 'pro', previousPlan: 'free', assignedBy: 'ops', reason: null } };
    const history = [pro, ...fiveCalls, called('call_6', 'b'), favourite, withdrawn];
    const folded = foldEvents(workspaceDecider, history);
    const codec = workspaceDecider.snapshot!;
    const restored = codec.decode(JSON.parse(JSON.stringify(codec.encode(folded))));
    expect(restored).toEqual(folded);
    // The snapshot shares nothing with the state, which goes on changing in place.
    const snapshot = codec.encode(folded);
    const text = JSON.stringify(snapshot);
    workspaceDecider.evolve(folded, called('call_7', 'b'));
    workspaceDecider.evolve(folded, { type: 'BusinessCallWithdrawn', data: { userId, locationId: 'loc_a', callId: 'call_1', reason: 'refused' } });
    expect(JSON.stringify(snapshot)).toBe(text);
    workspaceDecider.evolve(restored, called('call_7', 'b'));
    workspaceDecider.evolve(restored, { type: 'BusinessCallWithdrawn', data: { userId, locationId: 'loc_a', callId: 'call_1', reason: 'refused' } });
    expect(restored).toEqual(folded);
  });
});
