import { Controller, Delete, Get, type INestApplication, Post } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ApiExceptionFilter } from './api-exception.filter';
import { parseCookies } from './cookies';
import { csrfCookieMiddleware } from './csrf-cookie.middleware';
import { CsrfExempt } from './csrf-exempt.decorator';
import { CsrfGuard } from './csrf.guard';

@Controller('api/items')
class ItemsProbeController {
  @Get()
  list() {
    return { items: [] };
  }

  @Post()
  create() {
    return { created: true };
  }

  @Delete()
  remove() {
    return { removed: true };
  }
}

@CsrfExempt()
@Controller('api/webhooks')
class WebhooksProbeController {
  @Post('status')
  status() {
    return { received: true };
  }
}

@Controller('outside')
class OutsideProbeController {
  @Post()
  create() {
    return { created: true };
  }
}

const TOKEN = 'k3S9v0yXw2Qn5bT8rLm1Zp4Hc7Df6Ga0Jx2Ee9Uo1Ri';
const CSRF_FAILED = { error: 'csrf_failed', detail: 'CSRF token missing or incorrect.' };

function setCookies(response: request.Response): string[] {
  const header = response.headers['set-cookie'] as unknown;
  return Array.isArray(header) ? header : header ? [String(header)] : [];
}

describe('CSRF protection', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ItemsProbeController, WebhooksProbeController, OutsideProbeController],
      providers: [{ provide: APP_GUARD, useClass: CsrfGuard }],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.use(csrfCookieMiddleware());
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.init();
  });

  afterAll(() => app.close());

  const http = () => request(app.getHttpServer());

  describe('cookie', () => {
    it('is set on a first response: readable by scripts, SameSite=Lax, site-wide', async () => {
      const response = await http().get('/api/items').expect(200);
      const [cookie] = setCookies(response);
      expect(cookie).toMatch(/^csrftoken=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; SameSite=Lax$/);
      expect(cookie).not.toMatch(/HttpOnly/i);
    });

    it('is set on error responses too, so a rejected client can retry', async () => {
      const response = await http().post('/api/items').expect(403);
      expect(setCookies(response)[0]).toMatch(/^csrftoken=/);
    });

    it('is not replaced while the request carries a valid one', async () => {
      const response = await http().get('/api/items').set('Cookie', `csrftoken=${TOKEN}`).expect(200);
      expect(setCookies(response)).toEqual([]);
    });

    it('is replaced when the request carries a malformed one', async () => {
      const response = await http().get('/api/items').set('Cookie', 'csrftoken=short').expect(200);
      expect(setCookies(response)[0]).toMatch(/^csrftoken=[A-Za-z0-9_-]{43};/);
    });

    it('differs between visitors', async () => {
      const [a, b] = await Promise.all([http().get('/api/items'), http().get('/api/items')]);
      expect(setCookies(a)[0]).not.toBe(setCookies(b)[0]);
    });

    it('is marked Secure when asked', async () => {
      const moduleRef = await Test.createTestingModule({ controllers: [ItemsProbeController] }).compile();
      const secureApp = moduleRef.createNestApplication({ logger: false });
      secureApp.use(csrfCookieMiddleware({ secure: true }));
      await secureApp.init();
      const response = await request(secureApp.getHttpServer()).get('/api/items');
      await secureApp.close();
      expect(setCookies(response)[0]).toMatch(/; Secure$/);
    });
  });

  describe('guard', () => {
    it('lets safe methods through without a header', async () => {
      await http().get('/api/items').expect(200);
      await http().head('/api/items').expect(200);
    });

    it('accepts a POST whose X-CSRFToken matches the cookie', async () => {
      await http().post('/api/items').set('Cookie', `csrftoken=${TOKEN}`).set('X-CSRFToken', TOKEN).expect(201);
    });

    it('accepts the X-CSRF-Token spelling', async () => {
      await http().delete('/api/items').set('Cookie', `csrftoken=${TOKEN}`).set('X-CSRF-Token', TOKEN).expect(200);
    });

    it('works with the cookie it issued itself', async () => {
      const first = await http().get('/api/items');
      const token = parseCookies(setCookies(first)[0].split(';')[0]).csrftoken;
      await http().post('/api/items').set('Cookie', `csrftoken=${token}`).set('X-CSRFToken', token).expect(201);
    });

    it.each([
      ['no cookie and no header', {}],
      ['a cookie but no header', { Cookie: `csrftoken=${TOKEN}` }],
      ['a header but no cookie', { 'X-CSRFToken': TOKEN }],
      [
        'a header that differs from the cookie',
        { Cookie: `csrftoken=${TOKEN}`, 'X-CSRFToken': `${TOKEN.slice(0, -1)}x` },
      ],
      ['a header of another length', { Cookie: `csrftoken=${TOKEN}`, 'X-CSRFToken': 'abc' }],
      ['a cookie and header that match but are too short', { Cookie: 'csrftoken=abc', 'X-CSRFToken': 'abc' }],
      ['a cookie and header that match but hold other characters', { Cookie: `csrftoken=${TOKEN}!`, 'X-CSRFToken': `${TOKEN}!` }],
      ['a cookie and header that match but are too long', { Cookie: `csrftoken=${'a'.repeat(129)}`, 'X-CSRFToken': 'a'.repeat(129) }],
    ])('rejects a POST with %s', async (_case, headers: Record<string, string>) => {
      const response = await http().post('/api/items').set(headers).expect(403);
      expect(response.body).toEqual(CSRF_FAILED);
    });

    it('rejects DELETE as well', async () => {
      const response = await http().delete('/api/items').expect(403);
      expect(response.body).toEqual(CSRF_FAILED);
    });

    it('skips handlers marked @CsrfExempt()', async () => {
      await http().post('/api/webhooks/status').expect(201);
    });

    it('only guards paths under /api', async () => {
      await http().post('/outside').expect(201);
    });
  });
});
