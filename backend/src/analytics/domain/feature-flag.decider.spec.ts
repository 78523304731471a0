import { deciderSpec } from '../../infrastructure/event-sourcing/testing/decider-spec';
import { type FeatureFlagEvent, featureFlagDecider } from './feature-flag.decider';

const flag = { flagId: 'flag_x', name: 'realtime_updates', enabled: true, config: { a: 1 } };
const defined: FeatureFlagEvent = { type: 'FeatureFlagDefined', data: flag };
const featureFlag = deciderSpec(featureFlagDecider);

describe('feature flag decider', () => {
  it('given no definition, when defined, then the flag is defined', () => {
    featureFlag.when({ type: 'DefineFeatureFlag', flag }).then([defined]);
  });

  it('given the same definition, when defined again, then nothing is recorded', () => {
    featureFlag.given(defined).when({ type: 'DefineFeatureFlag', flag: { ...flag } }).thenNothing();
  });

  it('given a different definition, when defined, then the change is recorded', () => {
    const changed = { ...flag, enabled: false };
    featureFlag.given(defined).when({ type: 'DefineFeatureFlag', flag: changed }).then([{ type: 'FeatureFlagDefined', data: changed }]);
  });
});
