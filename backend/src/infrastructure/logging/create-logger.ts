import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { LogLevelName } from '../config/app-config';
import { redact } from './redact';

export interface CreateLoggerOptions {
  /** Lowest level written; the product's default is 'warn'. */
  readonly level?: LogLevelName;
  /** Where lines go; standard output when omitted. */
  readonly destination?: DestinationStream;
}

/**
 * A JSON-lines pino logger whose every payload and child binding passes through {@link redact}.
 * pino's own `redact` option only knows exact paths; sensitive keys here are matched by name parts
 * at any depth. The message string itself is written as given: keep personal data out of it.
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const settings: LoggerOptions = {
    level: options.level ?? 'warn',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { log: (payload) => redact(payload) },
    // Errors were already turned into plain, redacted objects by the log formatter.
    serializers: { err: (value: unknown) => (value instanceof Error ? redact(value) : value) },
  };
  const logger = options.destination ? pino(settings, options.destination) : pino(settings);
  return withRedactedChildBindings(logger);
}

/**
 * pino applies `formatters.bindings` to the root's base bindings only, never to `child()` bindings,
 * so children are created from redacted bindings instead. Children inherit this method from the root.
 */
function withRedactedChildBindings(logger: Logger): Logger {
  const child = logger.child;
  logger.child = function redactedChild(this: Logger, bindings, childOptions) {
    return child.call(this, redact(bindings), childOptions);
  } as Logger['child'];
  return logger;
}
