import { Body, Controller, Get, type INestApplication, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsNotEmpty } from 'class-validator';
import request from 'supertest';
import { AppConfigModule } from '../config/app-config.module';
import { loadConfig } from '../config/load-config';
import { createLogger } from '../logging/create-logger';
import { LoggingModule } from '../logging/logging.module';
import { MemoryLog } from '../logging/memory-log.fixture';
import { csrfCookieMiddleware } from './csrf-cookie.middleware';
import { HttpPlatformModule } from './http-platform.module';
import { RateLimits } from './rate-limits';

class SaveLocationProbeDto {
  @IsNotEmpty({ message: 'Place search result is required' })
  place_search_result_id!: string;
}

@Controller('api/users/locations')
class LocationsProbeController {
  @Post('save')
  save(@Body() body: SaveLocationProbeDto) {
    return body;
  }

  @Get('crash')
  crash() {
    throw new Error('store unavailable');
  }
}

const TOKEN = 'k3S9v0yXw2Qn5bT8rLm1Zp4Hc7Df6Ga0Jx2Ee9Uo1Ri';

describe('HttpPlatformModule', () => {
  let app: INestApplication;
  const out = new MemoryLog();

  beforeAll(async () => {
    const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '4' });
    const moduleRef = await Test.createTestingModule({
      imports: [
        AppConfigModule.forRoot(config),
        LoggingModule.forRoot(createLogger({ destination: out })),
        HttpPlatformModule,
      ],
      controllers: [LocationsProbeController],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.use(csrfCookieMiddleware());
    await app.init();
  });

  afterAll(() => app.close());

  const post = (body: object) =>
    request(app.getHttpServer())
      .post('/api/users/locations/save')
      .set('Cookie', `csrftoken=${TOKEN}`)
      .set('X-CSRFToken', TOKEN)
      .send(body);

  it('wires validation, CSRF, the error filter with its logger, and the configured rate limit', async () => {
    await post({ place_search_result_id: 'plsr_1' }).expect(201);

    const invalid = await post({}).expect(400);
    expect(invalid.body.detail).toBe('place_search_result_id: Place search result is required');

    const forged = await request(app.getHttpServer())
      .post('/api/users/locations/save')
      .send({ place_search_result_id: 'x' })
      .expect(403);
    expect(forged.body.error).toBe('csrf_failed');

    const crashed = await request(app.getHttpServer()).get('/api/users/locations/crash').expect(500);
    expect(crashed.body.error).toBe('internal_error');
    expect(out.last).toMatchObject({ msg: 'Request failed', err: { message: 'store unavailable' } });

    const limited = await post({ place_search_result_id: 'plsr_1' }).expect(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('exports the rate limits as configured', () => {
    expect(app.get(RateLimits).perMinute).toEqual({ general: 4, searches: 20, calls: 5 });
  });
});
