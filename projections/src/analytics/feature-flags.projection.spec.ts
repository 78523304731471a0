import { given } from '../testing/given';
import { recorded } from '../testing/recorded';
import { featureFlagsProjection as projection } from './feature-flags.projection';

describe('feature flags projection', () => {
  it('keeps the latest definition of a flag', async () => {
    const { document } = await given(
      projection,
      recorded('FeatureFlagDefined', { flagId: 'flag_1', name: 'live_updates', enabled: false, config: {} }),
      recorded('FeatureFlagDefined', { flagId: 'flag_1', name: 'live_updates', enabled: true, config: { a: 1 } }),
    );
    expect(document).toMatchObject({ _id: 'live_updates', enabled: true, config: { a: 1 } });
  });
});
