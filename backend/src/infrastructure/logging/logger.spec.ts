import { Controller, Get, type INestApplication, Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { createLogger } from './create-logger';
import { logStartup } from './log-startup';
import { MemoryLog } from './memory-log.fixture';
import { PinoLoggerService } from './pino-logger.service';

describe('createLogger', () => {
  it('defaults to warn and writes JSON lines with redacted payloads', () => {
    const out = new MemoryLog();
    const logger = createLogger({ destination: out });
    logger.info({ phone: '+15550100' }, 'not written at warn');
    logger.warn({ call: { to_number: '+15550100', status: 'failed' }, token: 'abc' }, 'call failed');
    expect(out.lines).toHaveLength(1);
    expect(out.last).toMatchObject({
      level: 40,
      msg: 'call failed',
      call: { to_number: '+15****00', status: 'failed' },
      token: '[REDACTED]',
    });
    expect(typeof out.last!.time).toBe('string');
  });

  it('redacts child bindings and logged errors', () => {
    const out = new MemoryLog();
    const logger = createLogger({ destination: out, level: 'info' }).child({ user_id: 'user_1', component: 'calls' });
    logger.error(Object.assign(new Error('dial failed'), { to_number: '+15550107' }));
    expect(out.last).toMatchObject({
      user_id: '[REDACTED]',
      component: 'calls',
      msg: 'dial failed',
      err: { type: 'Error', message: 'dial failed', to_number: '+15****07' },
    });
  });
  it('redacts the bindings of grandchildren too', () => {
    const out = new MemoryLog();
    const logger = createLogger({ destination: out }).child({ component: 'calls' }).child({ call_id: 'call_1' });
    logger.warn({ to_number: '+15550109' }, 'retrying');
    expect(out.last).toMatchObject({ component: 'calls', call_id: '[REDACTED]', to_number: '+15****09' });
  });
});

describe('logStartup', () => {
  const ports = { eventStore: 'sqlite', readStore: 'memory', telephony: 'sandbox' };

  it('writes one line naming every adapter, even at the default level warn', () => {
    const out = new MemoryLog();
    logStartup(createLogger({ destination: out }), ports, { url: 'http://0.0.0.0:3000' });
    expect(out.lines).toHaveLength(1);
    expect(out.last).toMatchObject({
      level: 30,
      msg: 'Ringcheck started: eventStore=sqlite, readStore=memory, telephony=sandbox',
      ports,
      url: 'http://0.0.0.0:3000',
    });
  });

  it('shows at level error too, but not when logging is silent', () => {
    const out = new MemoryLog();
    logStartup(createLogger({ destination: out, level: 'error' }), ports);
    logStartup(createLogger({ destination: out, level: 'silent' }), ports);
    expect(out.lines).toHaveLength(1);
  });

  it('leaves the logger at its own level', () => {
    const out = new MemoryLog();
    const logger = createLogger({ destination: out });
    logStartup(logger, ports);
    logger.info('still hidden');
    expect(out.lines).toHaveLength(1);
    expect(logger.level).toBe('warn');
  });
});

describe('PinoLoggerService', () => {
  function service(level: 'trace' | 'warn' = 'trace') {
    const out = new MemoryLog();
    return { out, nest: new PinoLoggerService(createLogger({ destination: out, level })) };
  }

  it('maps Nest levels and a trailing context', () => {
    const { out, nest } = service();
    nest.log('Mapped route', 'RouterExplorer');
    nest.verbose('details');
    nest.warn({ phone_number: '+15550108' }, 'CallsService');
    expect(out.lines.map((line) => [line.level, line.msg, line.context])).toEqual([
      [30, 'Mapped route', 'RouterExplorer'],
      [10, 'details', undefined],
      [40, undefined, 'CallsService'],
    ]);
    expect(out.lines[2].phone_number).toBe('+15****08');
  });

  it("reads an error's stack and context the way Nest passes them", () => {
    const { out, nest } = service();
    const stack = new Error('boom').stack!;
    nest.error('Unhandled', stack, 'ExceptionsHandler');
    nest.error('No stack', undefined, 'ExceptionsHandler');
    nest.error(new Error('as error'));
    expect(out.lines[0]).toMatchObject({ level: 50, msg: 'Unhandled', stack, context: 'ExceptionsHandler' });
    expect(out.lines[1]).toMatchObject({ msg: 'No stack', context: 'ExceptionsHandler' });
    expect(out.lines[2]).toMatchObject({ msg: 'as error', err: { message: 'as error' } });
  });

  it('follows setLogLevels', () => {
    const { out, nest } = service('warn');
    nest.setLogLevels(['error', 'warn', 'log']);
    nest.log('now visible');
    nest.debug('still hidden');
    expect(out.lines.map((line) => line.msg)).toEqual(['now visible']);
  });

  it("carries Nest's own logs once installed as the app logger", async () => {
    @Controller('probe')
    class ProbeController {
      private readonly logger = new Logger('ProbeController');

      @Get()
      probe() {
        this.logger.warn({ email: 'owner@example.com', step: 'probe' });
        return { ok: true };
      }
    }
    const { out, nest } = service('trace');
    const moduleRef = await Test.createTestingModule({ controllers: [ProbeController] }).compile();
    const app: INestApplication = moduleRef.createNestApplication({ logger: nest });
    await app.init();
    await request(app.getHttpServer()).get('/probe').expect(200);
    await app.close();
    expect(out.lines.some((line) => line.context === 'RoutesResolver' || line.context === 'RouterExplorer')).toBe(true);
    expect(out.lines).toContainEqual(
      expect.objectContaining({ level: 40, context: 'ProbeController', email: '[REDACTED]', step: 'probe' }),
    );
  });
});
