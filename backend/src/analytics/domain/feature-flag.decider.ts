import { eventUnion, type FeatureFlagDefinedData } from '@ringcheck/projections';
import type { Decider } from '../../infrastructure/event-sourcing';

export type FeatureFlagCommand = { type: 'DefineFeatureFlag'; flag: FeatureFlagDefinedData };
export type FeatureFlagEvent = { type: 'FeatureFlagDefined'; data: FeatureFlagDefinedData };
export type FeatureFlagState = FeatureFlagDefinedData | null;

const sameDefinition = (a: FeatureFlagDefinedData, b: FeatureFlagDefinedData) =>
  a.enabled === b.enabled && JSON.stringify(a.config) === JSON.stringify(b.config);

/** A flag's stream (`feature-flag-<name>`): a new definition is recorded only when it differs. */
export const featureFlagDecider: Decider<FeatureFlagCommand, FeatureFlagState, FeatureFlagEvent> = {
  events: eventUnion<FeatureFlagEvent>('feature flag', { FeatureFlagDefined: true }),
  initialState: () => null,
  evolve: (_state, event) => event.data,
  decide: (command, state) =>
    state && sameDefinition(state, command.flag) ? [] : [{ type: 'FeatureFlagDefined', data: command.flag }],
};

export const featureFlagStream = (name: string) => `feature-flag-${name}`;
