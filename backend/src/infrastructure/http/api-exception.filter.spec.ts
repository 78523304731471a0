import {
  type ArgumentsHost,
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpException,
  type INestApplication,
  NotFoundException,
  Post,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { StoreUnavailableError } from '@ringcheck/projections';
import request from 'supertest';
import { createLogger } from '../logging/create-logger';
import { MemoryLog } from '../logging/memory-log.fixture';
import { ApiException } from './api.exception';
import { ApiExceptionFilter } from './api-exception.filter';

@Controller('api/probe')
class ProbeController {
  @Get('missing')
  missing() {
    throw new NotFoundException('Call not found.');
  }

  @Get('shaped')
  shaped() {
    throw new ApiException(409, {
      error: 'call_in_progress',
      detail: 'The call is already in progress.',
      user_message: 'This call is already running.',
    });
  }

  @Get('twilio')
  twilio() {
    throw new ApiException(502, { error: 'twilio_error', detail: 'The number is not reachable.' });
  }

  @Get('list')
  list() {
    throw new BadRequestException(['first problem', 'second problem']);
  }

  @Get('plain-http')
  plainHttp() {
    throw new HttpException('Gone for good', 410);
  }

  @Get('crash')
  crash() {
    throw new TypeError("Cannot read properties of undefined (reading 'to_number') at /srv/app/secret-path.ts");
  }

  @Get('rejects')
  async rejects() {
    throw Object.assign(new Error('db down'), { phone_number: '+15550111' });
  }

  @Get('store-down')
  storeDown() {
    throw new StoreUnavailableError('event_store', 'sqlite', 'database is locked (SQLITE_BUSY)');
  }

  @Post('echo')
  echo(@Body() body: unknown) {
    return body;
  }
}

describe('ApiExceptionFilter', () => {
  let app: INestApplication;
  const out = new MemoryLog();

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ProbeController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalFilters(new ApiExceptionFilter(createLogger({ destination: out })));
    await app.init();
  });

  afterAll(() => app.close());
  beforeEach(() => out.lines.splice(0));

  const http = () => request(app.getHttpServer());

  it("maps Nest's exceptions to a short code and the message as detail", async () => {
    const response = await http()
      .get('/api/probe/missing')
      .expect(404)
      .expect('Content-Type', /application\/json/);
    expect(response.body).toEqual({ error: 'not_found', detail: 'Call not found.' });
  });

  it('sends an ApiException body as it is', async () => {
    const response = await http().get('/api/probe/shaped').expect(409);
    expect(response.body).toEqual({
      error: 'call_in_progress',
      detail: 'The call is already in progress.',
      user_message: 'This call is already running.',
    });
  });

  it('keeps the detail of a deliberate 5xx and logs it', async () => {
    const response = await http().get('/api/probe/twilio').expect(502);
    expect(response.body).toEqual({ error: 'twilio_error', detail: 'The number is not reachable.' });
    expect(out.lines).toHaveLength(1);
  });

  it('joins a list of messages into the detail', async () => {
    const response = await http().get('/api/probe/list').expect(400);
    expect(response.body).toEqual({ error: 'bad_request', detail: 'first problem; second problem' });
  });

  it('uses a string response as the detail', async () => {
    const response = await http().get('/api/probe/plain-http').expect(410);
    expect(response.body).toEqual({ error: 'gone', detail: 'Gone for good' });
    expect(out.lines).toHaveLength(0);
  });

  it('answers unknown errors with a generic 500, leaking nothing, and logs them with their stack', async () => {
    const response = await http().get('/api/probe/crash').expect(500);
    expect(response.body).toEqual({
      error: 'internal_error',
      detail: 'An unexpected error occurred.',
      user_message: 'Something went wrong on our side. Please try again.',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/secret-path|TypeError|at /);
    expect(out.lines).toHaveLength(1);
    expect(out.last).toMatchObject({
      level: 50,
      msg: 'Request failed',
      method: 'GET',
      path: '/api/probe/crash',
      status: 500,
      err: { type: 'TypeError' },
    });
    expect(out.last!.err.stack).toContain('TypeError');
  });

  it('answers a store outage with 503 and Retry-After, logging one warning without a stack for many requests', async () => {
    const first = await http().get('/api/probe/store-down').expect(503).expect('Retry-After', '30');
    expect(first.body).toMatchObject({ error: 'service_unavailable', detail: 'The event store is unavailable.' });
    await http().get('/api/probe/store-down').expect(503);
    expect(out.lines).toHaveLength(1);
    expect(out.last).toMatchObject({ level: 40, msg: 'The event store (sqlite) is unavailable: database is locked (SQLITE_BUSY)' });
    expect(out.last!.err).toBeUndefined();
  });

  it('redacts the fields of a logged error', async () => {
    await http().get('/api/probe/rejects').expect(500);
    expect(out.last!.err).toMatchObject({ message: 'db down', phone_number: '+15****11' });
  });

  it('answers an unknown route with the error body', async () => {
    const response = await http().get('/api/nowhere').expect(404);
    expect(response.body).toEqual({ error: 'not_found', detail: 'Cannot GET /api/nowhere' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await http()
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .send('{"business_name": "Sunrise",')
      .expect(400);
    expect(response.body).toEqual({ error: 'invalid_json', detail: 'The request body is not valid JSON.' });
    expect(out.lines).toHaveLength(0);
  });

  it('answers an oversized body with 413 and the limit', async () => {
    const response = await http()
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ notes: 'x'.repeat(200 * 1024) }))
      .expect(413);
    expect(response.body).toEqual({
      error: 'payload_too_large',
      detail: 'The request body is too large (limit 100 kB).',
    });
  });

  it('answers an unsupported body encoding with 415', async () => {
    const response = await http()
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'compress-x')
      .send('{}')
      .expect(415);
    expect(response.body.error).toBe('unsupported_media_type');
  });

  it('lets valid requests through untouched', async () => {
    const response = await http().post('/api/probe/echo').send({ business_name: 'Sunrise Plumbing' }).expect(201);
    expect(response.body).toEqual({ business_name: 'Sunrise Plumbing' });
  });
});

describe('ApiExceptionFilter outside HTTP', () => {
  it('sends a socket client the same body on its exception event', () => {
    const emitted: [string, unknown][] = [];
    const client = { emit: (event: string, data: unknown) => emitted.push([event, data]) };
    const host = {
      getType: () => 'ws',
      switchToWs: () => ({ getClient: () => client }),
    } as unknown as ArgumentsHost;
    const out = new MemoryLog();
    new ApiExceptionFilter(createLogger({ destination: out })).catch(new Error('socket broke'), host);
    expect(emitted).toEqual([
      [
        'exception',
        {
          status: 500,
          error: 'internal_error',
          detail: 'An unexpected error occurred.',
          user_message: 'Something went wrong on our side. Please try again.',
        },
      ],
    ]);
    expect(out.last).toMatchObject({ msg: 'Unhandled error', context: 'ws', err: { message: 'socket broke' } });
  });
});
