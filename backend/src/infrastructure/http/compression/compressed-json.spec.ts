import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { rawAnswer } from '../testing/raw-answer';
import { COMPRESSED_JSON_FROM_BYTES, compressJsonAnswers } from './compressed-json';

const BIG = { results: Array.from({ length: 40 }, (_, index) => ({ id: `call_${index}`, business_name: 'Cornerstone Locksmith Services', status: 'completed' })) };
const SMALL = { ok: true };

describe('compressJsonAnswers', () => {
  let server: Server;
  let base: string;

  const send = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawAnswer(`${base}${path}`, headers, method);

  beforeAll(async () => {
    const app = express();
    app.use(compressJsonAnswers());
    app.get('/big', (_request, response) => {
      response.json(BIG);
    });
    app.get('/small', (_request, response) => {
      response.json(SMALL);
    });
    app.get('/refused', (_request, response) => {
      response.status(422).json({ ...BIG, error: 'refused' });
    });
    app.get('/session', (_request, response) => {
      response.setHeader('Cache-Control', 'no-store');
      response.json({ ...BIG, access_token: 'secret' });
    });
    app.get('/html', (_request, response) => {
      response.type('html').send('<p>page</p>'.repeat(500));
    });
    app.get('/streamed', (_request, response) => {
      response.type('json');
      response.write('[');
      response.end(`${'1,'.repeat(1000)}1]`);
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends a JSON answer of 1 kB or more in the coding asked for, with its length and the same ETag', async () => {
    const plain = await send('/big');
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESSED_JSON_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');

    const br = await send('/big', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(BIG);
    expect(br.body.length).toBeLessThan(plain.body.length / 5);

    const gzip = await send('/big', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(BIG);
  });

  it('still answers 304 to the ETag the browser holds, compressed or not', async () => {
    const first = await send('/big', { 'Accept-Encoding': 'br' });
    const again = await send('/big', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses error answers as well', async () => {
    const refused = await send('/refused', { 'Accept-Encoding': 'gzip' });
    expect(refused.status).toBe(422);
    expect(JSON.parse(gunzipSync(refused.body).toString())).toMatchObject({ error: 'refused' });
  });

  it('sends an answer marked no-store (a session and its token) as it is', async () => {
    const session = await send('/session', { 'Accept-Encoding': 'br, gzip' });
    expect(session.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(session.body.toString())).toMatchObject({ access_token: 'secret' });
  });

  it('sends as they are small answers, other types, streamed bodies and HEAD', async () => {
    const small = await send('/small', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual(SMALL);

    const html = await send('/html', { 'Accept-Encoding': 'br' });
    expect(html.headers['content-encoding']).toBeUndefined();
    expect(html.body.toString()).toBe('<p>page</p>'.repeat(500));

    const streamed = await send('/streamed', { 'Accept-Encoding': 'br' });
    expect(streamed.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(streamed.body.toString())).toHaveLength(1001);

    const head = await send('/big', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});
