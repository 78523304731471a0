import { Controller, Get, type INestApplication, Req } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ApiExceptionFilter } from './api-exception.filter';
import { rateLimitClientOf } from './rate-limit-client';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';
import type { HttpRequest } from './request-types';
import { SkipRateLimit } from './skip-rate-limit.decorator';

const ANON_A = 'anon_6f1d2c3b-0a4e-4f5d-8e6c-7b8a9c0d1e2f';
const ANON_B = 'anon_7a2e3d4c-1b5f-4a6e-9f7d-8c9b0a1e2f3a';

@Controller('api/analytics')
class AnalyticsProbeController {
  constructor(private readonly limiter: RateLimiter) {}

  @Get('rate-limits')
  rateLimits(@Req() request: HttpRequest) {
    return this.limiter.status(rateLimitClientOf(request).key);
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

describe('RateLimitGuard', () => {
  let app: INestApplication;
  const limiter = new RateLimiter({ limit: 3 });

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [AnalyticsProbeController, OutsideProbeController],
      providers: [
        { provide: RateLimiter, useValue: limiter },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.init();
  });

  afterAll(() => app.close());

  const get = (path: string, anonymousId?: string) => {
    const pending = request(app.getHttpServer()).get(path);
    return anonymousId ? pending.set('X-Anonymous-ID', anonymousId) : pending;
  };

  it('answers 429 with Retry-After and the error body past the limit', async () => {
    for (const remaining of ['2', '1', '0']) {
      const response = await get('/api/analytics/rate-limits', ANON_A).expect(200);
      expect(response.headers['ratelimit-remaining']).toBe(remaining);
      expect(response.headers['ratelimit-limit']).toBe('3');
    }
    const refused = await get('/api/analytics/rate-limits', ANON_A).expect(429);
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

  it('counts another anonymous id separately and reports its status', async () => {
    const response = await get('/api/analytics/rate-limits', `anon_${ANON_B.slice(5).toUpperCase()}`).expect(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^rate_[0-9a-f-]{36}$/),
      scope: 'anonymous',
      limit: 3,
      remaining: 2,
      reset_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      window_seconds: 60,
    });
  });

  it('falls back to the IP address for requests without a valid anonymous id', async () => {
    const first = await get('/api/analytics/rate-limits', 'not-an-id').expect(200);
    expect(first.body.scope).toBe('ip');
    const second = await get('/api/analytics/rate-limits').expect(200);
    expect(second.body.remaining).toBe(first.body.remaining - 1);
  });

  it('skips handlers marked @SkipRateLimit() and paths outside /api', async () => {
    for (let i = 0; i < 5; i += 1) {
      await get('/api/analytics/health', ANON_A).expect(200);
      await get('/outside', ANON_A).expect(200);
    }
  });
});

describe('rateLimitClientOf', () => {
  const requestWith = (headers: Record<string, string>, ip?: string) =>
    ({ headers, ip, socket: { remoteAddress: '198.51.100.7' } }) as unknown as HttpRequest;

  it('prefers a well-formed anonymous id, bare or prefixed', () => {
    expect(rateLimitClientOf(requestWith({ 'x-anonymous-id': ANON_A }, '203.0.113.1'))).toEqual({
      key: `anonymous:${ANON_A}`,
      scope: 'anonymous',
    });
    expect(rateLimitClientOf(requestWith({ 'x-anonymous-id': ANON_A.slice(5) })).key).toBe(`anonymous:${ANON_A}`);
  });

  it("uses Express's req.ip, else the socket address", () => {
    expect(rateLimitClientOf(requestWith({ 'x-anonymous-id': 'user_x' }, '203.0.113.1'))).toEqual({
      key: 'ip:203.0.113.1',
      scope: 'ip',
    });
    expect(rateLimitClientOf(requestWith({})).key).toBe('ip:198.51.100.7');
  });
});
