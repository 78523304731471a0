export { APP_LOGGER } from './app-logger.token';
export { createLogger, type CreateLoggerOptions } from './create-logger';
export { logStartup } from './log-startup';
export { LoggingModule } from './logging.module';
export { PinoLoggerService } from './pino-logger.service';
export { maskPhone, redact, REDACTED } from './redact';
export { keySensitivity, keyWords, type KeySensitivity } from './sensitive-keys';
