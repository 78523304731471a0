import type { RenderedJson } from './fast-read-route';
import { RenderedPageCache } from './rendered-page-cache';

const page = (text: string): RenderedJson => ({ body: Buffer.from(text), etag: `"${text}"` });

describe('RenderedPageCache', () => {
  it('keeps an answer while its token holds, renders again once it changed, and keeps nothing without a token', async () => {
    const cache = new RenderedPageCache(1024);
    const render = jest.fn(async () => page('a'));
    await cache.get('k', 't1', render);
    await cache.get('k', 't1', render);
    expect(render).toHaveBeenCalledTimes(1);
    await cache.get('k', 't2', render);
    expect(render).toHaveBeenCalledTimes(2);
    await cache.get('n', null, render);
    await cache.get('n', null, render);
    expect(render).toHaveBeenCalledTimes(4);
  });

  it('stays within its budget, the oldest answers going first, and never keeps one larger than it', async () => {
    const cache = new RenderedPageCache(10);
    const renders: string[] = [];
    const get = (key: string, text: string) =>
      cache.get(key, 't', async () => {
        renders.push(key);
        return page(text);
      });
    await get('a', 'aaaa');
    await get('b', 'bbbb');
    await get('c', 'cccc');
    await get('c', 'cccc');
    await get('b', 'bbbb');
    await get('a', 'aaaa');
    expect(renders).toEqual(['a', 'b', 'c', 'a']);
    await get('big', 'x'.repeat(11));
    await get('big', 'x'.repeat(11));
    expect(renders.filter((key) => key === 'big')).toHaveLength(2);
  });

  it('keeps one answer per key when two requests render it at once', async () => {
    const cache = new RenderedPageCache(6);
    await Promise.all([cache.get('a', 't', async () => page('aaa')), cache.get('a', 't', async () => page('aaa'))]);
    const render = jest.fn(async () => page('bbb'));
    await cache.get('b', 't', render);
    await cache.get('a', 't', render);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
