import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express, { type Response } from 'express';
import { rawAnswer } from '../testing/raw-answer';
import { precompressedFiles } from './precompressed-files';

const SCRIPT = Buffer.from(`export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`);
const PAGE = Buffer.from(`<!doctype html><title>Ringcheck</title>${'<p>text</p>'.repeat(200)}`);
const PLAIN = Buffer.from('body { color: red }\n'.repeat(100));

describe('precompressedFiles', () => {
  let dir: string;
  let server: Server;
  let base: string;

  const send = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawAnswer(`${base}${path}`, headers, method);

  beforeAll(async () => {
    // Under a hidden folder, as a deployment in `~/.apps/…` would be: only names below the web app's own folder count.
    dir = join(mkdtempSync(join(tmpdir(), 'precompressed-')), '.deploy', 'dist');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'only-gzip.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'only-gzip.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'vanishing.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'vanishing.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'plain.css'), PLAIN);
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), SCRIPT);
    writeFileSync(join(dir, '.vite', 'manifest.json.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'index.html'), PAGE);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(PAGE));

    const noCacheForHtml = (response: Response, path: string) => {
      if (path.endsWith('.html')) response.setHeader('Cache-Control', 'no-cache');
    };
    const compressed = precompressedFiles(dir, { maxAge: '1h', setHeaders: noCacheForHtml });
    const files = express.static(dir, { index: false, maxAge: '1h', setHeaders: noCacheForHtml });
    const app = express();
    app.use((request, response, next) => compressed(request, response, () => files(request, response, next)));
    app.post('/assets/app-1a2b.js', (_request, response) => {
      response.status(405).send('not here');
    });
    app.get('/page', (request, response) => compressed(request, response, () => response.sendFile('index.html', { root: dir }), '/index.html'));
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(join(dir, '..', '..'), { recursive: true, force: true });
  });

  it('sends the Brotli copy to a browser, with the file’s own type and caching', async () => {
    const answer = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(answer.body)).toEqual(SCRIPT);
  });

  it('sends the gzip copy where Brotli is not accepted, and the file as it is where neither is', async () => {
    const gzip = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(SCRIPT);

    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'deflate' }] as Record<string, string>[]) {
      const plain = await send('/assets/app-1a2b.js', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(plain.body).toEqual(SCRIPT);
    }
  });

  it('falls back to the copy there is', async () => {
    const answer = await send('/assets/only-gzip.js', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body)).toEqual(SCRIPT);
  });

  it('leaves a file without copies, and other methods, to what follows', async () => {
    const css = await send('/assets/plain.css', { 'Accept-Encoding': 'br, gzip' });
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers.vary).toBeUndefined();
    expect(css.body).toEqual(PLAIN);
    expect((await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'br' }, 'POST')).status).toBe(405);
    expect((await send('/assets/app-1a2b.js.map', { 'Accept-Encoding': 'br' })).status).toBe(404);
    // Hidden as express.static hides it, compressed copy or not.
    expect((await send('/.vite/manifest.json', { 'Accept-Encoding': 'br' })).status).toBe(404);
    expect((await send('/assets/../.vite/manifest.json', { 'Accept-Encoding': 'br' })).status).toBe(404);
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const head = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    const get = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.body.length));
  });

  it('gives each coding its own validator, and answers 304 to the one the browser holds', async () => {
    const br = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'br' });
    const gzip = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'gzip' });
    const plain = await send('/assets/app-1a2b.js');
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherCoding = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.etag! });
    expect(otherCoding.status).toBe(200);
  });

  it('counts a range in the compressed bytes', async () => {
    const whole = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'br' });
    const part = await send('/assets/app-1a2b.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBe('br');
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.body.length}`);
    expect(part.body).toEqual(whole.body.subarray(0, 10));
  });

  it('serves a page under another path from its copy, uncached as pages are', async () => {
    const page = await send('/page', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body)).toEqual(PAGE);
  });

  it('sends the file as it is when its copy went missing after start', async () => {
    rmSync(join(dir, 'assets', 'vanishing.js.br'));
    const answer = await send('/assets/vanishing.js', { 'Accept-Encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.body).toEqual(SCRIPT);
  });
});
