import { recorded } from '../testing/recorded';
import { featureFlagsProjection as projection } from './feature-flags.projection';

describe('feature flags projection', () => {
  it('keeps the latest definition of a flag', () => {
    const first = projection.evolve(null, recorded('FeatureFlagDefined', { flagId: 'flag_1', name: 'live_updates', enabled: false, config: {} }));
    const second = projection.evolve(first, recorded('FeatureFlagDefined', { flagId: 'flag_1', name: 'live_updates', enabled: true, config: { a: 1 } }));
    expect(second).toMatchObject({ _id: 'live_updates', enabled: true, config: { a: 1 } });
  });
});
