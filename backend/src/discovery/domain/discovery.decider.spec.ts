import type { DiscoveryEvent } from '@ringcheck/projections';
import { deciderSpec } from '../../infrastructure/event-sourcing/testing/decider-spec';
import { discoveryDecider } from './discovery.decider';

const id = 'disc_0b6c9f3e-1234-4abc-8def-0123456789ab';
const requested: DiscoveryEvent = {
  type: 'DiscoveryRequested',
  data: { discoveryId: id, businessName: 'Pizza Palace', location: 'New York, NY', ownerId: 'anon_x' },
};
const started: DiscoveryEvent = { type: 'DiscoverySearchStarted', data: { discoveryId: id, directory: 'embedded', attempt: 1 } };
const completed: DiscoveryEvent = { type: 'DiscoveryCompleted', data: { discoveryId: id, results: [], durationMs: 1 } };
const discovery = deciderSpec(discoveryDecider);

describe('discovery decider', () => {
  it('given nothing, when requested, then it is requested', () => {
    discovery
      .when({ type: 'RequestDiscovery', discoveryId: id, businessName: 'Pizza Palace', location: 'New York, NY', ownerId: 'anon_x' })
      .then([requested]);
  });

  it('given a request, when requested again, then it is a conflict', () => {
    discovery.given(requested).when({ type: 'RequestDiscovery', discoveryId: id, businessName: 'a', location: 'bb', ownerId: null }).thenFails('conflict');
  });

  it('given a request, when the search starts, then it is in progress with attempt 1', () => {
    discovery.given(requested).when({ type: 'StartSearch', discoveryId: id, directory: 'embedded' }).then([started]);
  });

  it('given a started search, when it completes, then results are recorded', () => {
    discovery
      .given(requested, started)
      .when({ type: 'CompleteSearch', discoveryId: id, results: [], durationMs: 3 })
      .then([{ type: 'DiscoveryCompleted', data: { discoveryId: id, results: [], durationMs: 3 } }]);
  });

  it('given a finished discovery, when it fails or starts again, then nothing is recorded', () => {
    discovery.given(requested, started, completed).when({ type: 'FailSearch', discoveryId: id, reason: 'network', message: 'x' }).thenNothing();
    discovery.given(requested, started, completed).when({ type: 'StartSearch', discoveryId: id, directory: 'embedded' }).thenNothing();
  });

  it('given nothing, when a search starts, then the discovery is not found', () => {
    discovery.when({ type: 'StartSearch', discoveryId: id, directory: 'embedded' }).thenFails('not_found');
  });

  it('given an owner, when the same owner is set, then nothing changes; another owner is recorded', () => {
    discovery.given(requested).when({ type: 'ChangeOwner', discoveryId: id, ownerId: 'anon_x' }).thenNothing();
    discovery
      .given(requested)
      .when({ type: 'ChangeOwner', discoveryId: id, ownerId: 'user_y' })
      .then([{ type: 'DiscoveryOwnerChanged', data: { discoveryId: id, previousOwnerId: 'anon_x', ownerId: 'user_y' } }]);
  });
});
