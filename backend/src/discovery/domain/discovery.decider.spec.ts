import type { DiscoveryEvent } from '@ringcheck/projections';
import { DomainError, foldEvents } from '../../infrastructure/event-sourcing';
import { discoveryDecider } from './discovery.decider';

const id = 'disc_0b6c9f3e-1234-4abc-8def-0123456789ab';
const requested: DiscoveryEvent = {
  type: 'DiscoveryRequested',
  data: { discoveryId: id, businessName: 'Pizza Palace', location: 'New York, NY', ownerId: 'anon_x' },
};
const started: DiscoveryEvent = { type: 'DiscoverySearchStarted', data: { discoveryId: id, directory: 'embedded', attempt: 1 } };
const given = (...events: DiscoveryEvent[]) => foldEvents(discoveryDecider, events);

describe('discovery decider', () => {
  it('given nothing, when requested, then it is requested', () => {
    const events = discoveryDecider.decide(
      { type: 'RequestDiscovery', discoveryId: id, businessName: 'Pizza Palace', location: 'New York, NY', ownerId: 'anon_x' },
      given(),
    );
    expect(events).toEqual([requested]);
  });

  it('given a request, when requested again, then it is a conflict', () => {
    expect(() =>
      discoveryDecider.decide({ type: 'RequestDiscovery', discoveryId: id, businessName: 'a', location: 'bb', ownerId: null }, given(requested)),
    ).toThrow(DomainError);
  });

  it('given a request, when the search starts, then it is in progress with attempt 1', () => {
    expect(discoveryDecider.decide({ type: 'StartSearch', discoveryId: id, directory: 'embedded' }, given(requested))).toEqual([started]);
  });

  it('given a started search, when it completes, then results are recorded', () => {
    const events = discoveryDecider.decide({ type: 'CompleteSearch', discoveryId: id, results: [], durationMs: 3 }, given(requested, started));
    expect(events).toEqual([{ type: 'DiscoveryCompleted', data: { discoveryId: id, results: [], durationMs: 3 } }]);
  });

  it('given a finished discovery, when it fails or starts again, then nothing is recorded', () => {
    const done = given(requested, started, { type: 'DiscoveryCompleted', data: { discoveryId: id, results: [], durationMs: 1 } });
    expect(discoveryDecider.decide({ type: 'FailSearch', discoveryId: id, reason: 'network', message: 'x' }, done)).toEqual([]);
    expect(discoveryDecider.decide({ type: 'StartSearch', discoveryId: id, directory: 'embedded' }, done)).toEqual([]);
  });

  it('given nothing, when a search starts, then the discovery is not found', () => {
    expect(() => discoveryDecider.decide({ type: 'StartSearch', discoveryId: id, directory: 'embedded' }, given())).toThrow(/not found/);
  });

  it('given an owner, when the same owner is set, then nothing changes; another owner is recorded', () => {
    expect(discoveryDecider.decide({ type: 'ChangeOwner', discoveryId: id, ownerId: 'anon_x' }, given(requested))).toEqual([]);
    expect(discoveryDecider.decide({ type: 'ChangeOwner', discoveryId: id, ownerId: 'user_y' }, given(requested))).toEqual([
      { type: 'DiscoveryOwnerChanged', data: { discoveryId: id, previousOwnerId: 'anon_x', ownerId: 'user_y' } },
    ]);
  });
});
