import { foldEvents } from '../../infrastructure/event-sourcing';
import { featureFlagDecider } from './feature-flag.decider';

const flag = { flagId: 'flag_x', name: 'realtime_updates', enabled: true, config: { a: 1 } };

describe('feature flag decider', () => {
  it('given no definition, when defined, then the flag is defined', () => {
    expect(featureFlagDecider.decide({ type: 'DefineFeatureFlag', flag }, null)).toEqual([{ type: 'FeatureFlagDefined', data: flag }]);
  });

  it('given the same definition, when defined again, then nothing is recorded', () => {
    const state = foldEvents(featureFlagDecider, [{ type: 'FeatureFlagDefined', data: flag }]);
    expect(featureFlagDecider.decide({ type: 'DefineFeatureFlag', flag: { ...flag } }, state)).toEqual([]);
  });

  it('given a different definition, when defined, then the change is recorded', () => {
    const state = foldEvents(featureFlagDecider, [{ type: 'FeatureFlagDefined', data: flag }]);
    const changed = { ...flag, enabled: false };
    expect(featureFlagDecider.decide({ type: 'DefineFeatureFlag', flag: changed }, state)).toHaveLength(1);
  });
});
