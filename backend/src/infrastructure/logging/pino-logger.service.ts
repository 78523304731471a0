import type { LoggerService, LogLevel } from '@nestjs/common';
import type { Level, Logger } from 'pino';

const NEST_TO_PINO: Record<LogLevel, Level> = {
  verbose: 'trace',
  debug: 'debug',
  log: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
};
const VERBOSITY: readonly LogLevel[] = ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'];
const STACK_FORMAT = /\n[ \t]+at .+:\d+:\d+/;

/**
 * Sends Nest's own logs (and `new Logger(context)` calls in the app) through pino, keeping Nest's
 * argument conventions: a trailing string is the context, and for errors a stack-shaped string is the stack.
 */
export class PinoLoggerService implements LoggerService {
  constructor(readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params, false);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params, true);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params, false);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params, false);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params, false);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params, true);
  }

  setLogLevels(levels: LogLevel[]): void {
    const mostVerbose = VERBOSITY.find((level) => levels.includes(level));
    this.logger.level = mostVerbose ? NEST_TO_PINO[mostVerbose] : 'silent';
  }

  private write(level: Level, message: unknown, params: unknown[], mayHaveStack: boolean): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const rest = [...params];
    const payload: Record<string, unknown> = {};

    const last = rest[rest.length - 1];
    if (typeof last === 'string' && !(mayHaveStack && STACK_FORMAT.test(last))) {
      payload.context = last;
      rest.pop();
    }
    const extras: unknown[] = [];
    for (const param of rest) {
      if (param === undefined) continue;
      if (mayHaveStack && typeof param === 'string' && STACK_FORMAT.test(param)) payload.stack = param;
      else if (isPlainObject(param)) Object.assign(payload, param);
      else extras.push(param);
    }
    if (extras.length > 0) payload.params = extras;

    let text: string | undefined;
    if (message instanceof Error) {
      payload.err = message;
      text = message.message;
    } else if (isPlainObject(message)) {
      Object.assign(payload, message);
    } else {
      text = typeof message === 'string' ? message : String(message);
    }
    this.logger[level](payload, text);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
