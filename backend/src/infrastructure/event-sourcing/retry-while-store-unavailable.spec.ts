import { StoreUnavailableError } from '@ringcheck/projections';
import { retryWhileStoreUnavailable } from './retry-while-store-unavailable';

const outage = () => new StoreUnavailableError('event_store', 'sqlite', 'database is locked (SQLITE_BUSY)');

describe('retryWhileStoreUnavailable', () => {
  it('runs the work again until the store is back, telling of the outage once', async () => {
    let calls = 0;
    const outages: Error[] = [];
    const result = await retryWhileStoreUnavailable(
      async () => {
        calls += 1;
        if (calls < 3) throw outage();
        return 'recorded';
      },
      { signal: new AbortController().signal, onOutage: (error) => outages.push(error) },
    );
    expect(result).toBe('recorded');
    expect(calls).toBe(3);
    expect(outages).toHaveLength(1);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    const work = async () => {
      calls += 1;
      throw new Error('bug');
    };
    await expect(retryWhileStoreUnavailable(work, { signal: new AbortController().signal })).rejects.toThrow('bug');
    expect(calls).toBe(1);
  });

  it('stops waiting and throws the outage when the caller shuts down', async () => {
    const shutdown = new AbortController();
    const work = async () => {
      throw outage();
    };
    const retrying = retryWhileStoreUnavailable(work, { signal: shutdown.signal });
    setTimeout(() => shutdown.abort(), 50);
    await expect(retrying).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
