import { Body, Controller, type INestApplication, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ApiExceptionFilter } from './api-exception.filter';
import { JSON_LIMITS } from './json-shape';
import { JSON_BODY_OPTIONS } from './verify-json-body';

@Controller('api/echo')
class EchoProbeController {
  @Post()
  echo(@Body() body: unknown) {
    return { body };
  }
}

const { maxDepth, maxValues } = JSON_LIMITS;
const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('JSON body verification', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [EchoProbeController] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, bodyParser: false });
    (app as NestExpressApplication).useBodyParser('json', JSON_BODY_OPTIONS);
    app.useGlobalFilters(new ApiExceptionFilter({ error: () => undefined }));
    await app.init();
  });

  afterAll(() => app.close());

  const post = (body: string, contentType = 'application/json') =>
    request(app.getHttpServer()).post('/api/echo').set('Content-Type', contentType).send(body);

  it('reads a body nested to the limit', async () => {
    const response = await post(`{"event_data":${deep(maxDepth - 1)}}`).expect(201);
    expect(JSON.stringify(response.body)).toContain('"a":1');
  });

  it('answers 400 naming the top-level field of a body nested deeper', async () => {
    const response = await post(`{"event_type":"x","event_data":${deep(maxDepth)}}`).expect(400);
    expect(response.body).toEqual({
      error: 'validation_error',
      detail: `event_data: nested deeper than ${maxDepth} levels`,
      fields: { event_data: [`nested deeper than ${maxDepth} levels`] },
    });
  });

  it('answers a quarter megabyte of brackets with 400, not a stack overflow', async () => {
    const response = await post(`{"a":${'['.repeat(120_000)}${']'.repeat(120_000)}}`).expect(400);
    expect(response.body.detail).toBe(`a: nested deeper than ${maxDepth} levels`);
  });

  it('answers a body of too many values with 400, before any of them is parsed or validated', async () => {
    const response = await post(`{"ids":[${'0,'.repeat(maxValues)}0]}`).expect(400);
    expect(response.body.detail).toBe(`ids: too many values (at most ${maxValues} in a body)`);
  });

  it('answers a body that is not an object with 400', async () => {
    const response = await post('[{"a":1}]').expect(400);
    expect(response.body).toEqual({ error: 'validation_error', detail: 'body: must be a JSON object', fields: { body: ['must be a JSON object'] } });
  });

  it('keeps the 256 kB limit', async () => {
    const response = await post(JSON.stringify({ text: 'x'.repeat(300 * 1024) })).expect(413);
    expect(response.body.error).toBe('payload_too_large');
  });

  it.each(['utf-16', 'utf-16le', 'utf-7'])('refuses the %s charset with 415', async (charset) => {
    const response = await post('{}', `application/json; charset=${charset}`).expect(415);
    expect(response.body).toEqual({ error: 'unsupported_media_type', detail: `JSON bodies must be UTF-8 (got charset ${charset}).` });
  });

  it('accepts an explicit UTF-8 charset', async () => {
    await post('{"a":"é"}', 'application/json; charset=UTF-8').expect(201, { body: { a: 'é' } });
  });
});
