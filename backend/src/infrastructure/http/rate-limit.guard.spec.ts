import { Controller, Get, type INestApplication, Post } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { APP_LOGGER } from '../logging/app-logger.token';
import { createLogger } from '../logging/create-logger';
import { MemoryLog } from '../logging/memory-log.fixture';
import { Client, type ClientContext } from '../request/client-context';
import { ApiExceptionFilter } from './api-exception.filter';
import { RateLimitBucket } from './rate-limit-bucket.decorator';
import { rateLimitKeysOf } from './rate-limit-keys';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimits } from './rate-limits';
import { SkipRateLimit } from './skip-rate-limit.decorator';

@Controller('api/probe')
class ProbeController {
  constructor(private readonly limits: RateLimits) {}

  @Get('rate-limits')
  rateLimits(@Client() client: ClientContext) {
    return this.limits.status(rateLimitKeysOf(client));
  }

  @RateLimitBucket('calls')
  @Post('call')
  call() {
    return { ok: true };
  }

  @SkipRateLimit()
  @Get('health')
  health() {
    return { ok: true };
  }
}

@Controller('outside')
class OutsideProbeController {
  @Get()
  get() {
    return { ok: true };
  }
}

/** Stands in for the authentication middleware: `X-Test-User` signs the request in. */
function testUser(req: Request, _res: Response, next: NextFunction) {
  const id = req.headers['x-test-user'];
  if (typeof id === 'string') (req as Request & { user?: { id: string } }).user = { id };
  next();
}

describe('RateLimitGuard', () => {
  let app: INestApplication;
  const out = new MemoryLog();

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ProbeController, OutsideProbeController],
      providers: [
        { provide: RateLimits, useValue: new RateLimits({ general: 3, searches: 2, calls: 1 }) },
        { provide: APP_LOGGER, useValue: createLogger({ destination: out }) },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    (app as NestExpressApplication).set('trust proxy', 'loopback');
    app.use(testUser);
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.init();
  });

  afterAll(() => app.close());

  const from = (address: string, headers: Record<string, string> = {}) => ({
    get: (path: string) => request(app.getHttpServer()).get(path).set({ 'X-Forwarded-For': address, ...headers }),
    post: (path: string) => request(app.getHttpServer()).post(path).set({ 'X-Forwarded-For': address, ...headers }),
  });

  it('answers 429 with Retry-After and the error body past the limit', async () => {
    const client = from('203.0.113.1');
    for (const remaining of ['2', '1', '0']) {
      const response = await client.get('/api/probe/rate-limits').expect(200);
      expect(response.headers['ratelimit-remaining']).toBe(remaining);
      expect(response.headers['ratelimit-limit']).toBe('3');
    }
    const refused = await client.get('/api/probe/rate-limits').expect(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    const unit = seconds === 1 ? 'second' : 'seconds';
    expect(refused.body).toEqual({
      error: 'rate_limited',
      detail: `Too many requests. Try again in ${seconds} ${unit}.`,
      user_message: `You're sending requests too quickly. Please wait ${seconds} ${unit} and try again.`,
    });
  });

  it('counts every request against its address, whatever user or visitor id it names', async () => {
    for (const user of ['user_a', 'user_b', 'user_c']) await from('203.0.113.2', { 'X-Test-User': user }).get('/api/probe/rate-limits').expect(200);
    await from('203.0.113.2', { 'X-Test-User': 'user_d' }).get('/api/probe/rate-limits').expect(429);
    await from('203.0.113.2', { 'X-Anonymous-ID': 'anon_6f1d2c3b-0a4e-4f5d-8e6c-7b8a9c0d1e2f' }).get('/api/probe/rate-limits').expect(429);
  });

  it('counts a signed-in user across addresses too', async () => {
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      await from(address, { 'X-Test-User': 'user_roaming' }).get('/api/probe/rate-limits').expect(200);
    }
    await from('198.51.100.4', { 'X-Test-User': 'user_roaming' }).get('/api/probe/rate-limits').expect(429);
    await from('198.51.100.4', { 'X-Test-User': 'user_other' }).get('/api/probe/rate-limits').expect(200);
  });

  it('reports the allowance of the key with least left, with a stable rate_ id', async () => {
    await from('192.0.2.10', { 'X-Test-User': 'user_status' }).get('/api/probe/rate-limits').expect(200);
    const user = await from('192.0.2.11', { 'X-Test-User': 'user_status' }).get('/api/probe/rate-limits').expect(200);
    expect(user.body).toEqual({
      id: expect.stringMatching(/^rate_[0-9a-f-]{36}$/),
      scope: 'user',
      limit: 3,
      remaining: 1,
      reset_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      window_seconds: 60,
    });
    const address = await from('192.0.2.11').get('/api/probe/rate-limits').expect(200);
    expect(address.body).toMatchObject({ scope: 'ip', remaining: 1 });
    expect(address.body.id).not.toBe(user.body.id);
    expect((await from('192.0.2.12', { 'X-Test-User': 'user_status' }).get('/api/probe/rate-limits')).body.id).toBe(user.body.id);
  });

  it('gives a bucket its own allowance and logs its refusals without personal data', async () => {
    const client = from('192.0.2.20', { 'X-Test-User': 'user_caller' });
    await client.post('/api/probe/call').expect(201);
    const refused = await client.post('/api/probe/call').expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
    await client.get('/api/probe/rate-limits').expect(200);
    expect(out.last).toMatchObject({ level: 40, msg: 'Request refused by rate limit', bucket: 'calls', refusedBy: ['user', 'ip'] });
    expect(JSON.stringify(out.lines)).not.toMatch(/192\.0\.2\.20|user_caller/);
  });

  it('skips handlers marked @SkipRateLimit() and paths outside /api', async () => {
    const client = from('203.0.113.1');
    for (let i = 0; i < 5; i += 1) {
      await client.get('/api/probe/health').expect(200);
      await client.get('/outside').expect(200);
    }
  });
});
