import { DeadlineExceededError, NotLeaderError, UnavailableError, WrongExpectedVersionError } from '@eventstore/db-client';
import { StoreUnavailableError } from '@ringcheck/projections';
import { fromEventStoreDbError } from './eventstoredb-errors';

describe('fromEventStoreDbError', () => {
  it.each([
    ['an unavailable server', new UnavailableError(undefined, '14 UNAVAILABLE: No connection established')],
    ['a missed deadline', new DeadlineExceededError(undefined, '4 DEADLINE_EXCEEDED')],
    ['a failed cluster discovery', new Error('Failed to discover after 10 attempts.')],
  ])('turns %s into StoreUnavailableError', (_, error) => {
    const translated = fromEventStoreDbError(error);
    expect(translated).toBeInstanceOf(StoreUnavailableError);
    expect(translated).toMatchObject({ port: 'event_store', adapter: 'eventstoredb', reason: error.message });
  });

  it('treats a node that is not the leader as unavailable', () => {
    const error = Object.create(NotLeaderError.prototype) as NotLeaderError;
    expect(fromEventStoreDbError(error)).toBeInstanceOf(StoreUnavailableError);
  });

  it('passes other errors through', () => {
    const conflict = Object.create(WrongExpectedVersionError.prototype) as WrongExpectedVersionError;
    expect(fromEventStoreDbError(conflict)).toBe(conflict);
    const plain = new Error('bug');
    expect(fromEventStoreDbError(plain)).toBe(plain);
  });
});
