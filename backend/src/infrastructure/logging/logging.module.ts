import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_LOGGER } from './app-logger.token';
import { PinoLoggerService } from './pino-logger.service';

/** Shares the one pino logger main.ts created: inject {@link APP_LOGGER} or {@link PinoLoggerService}. */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      providers: [
        { provide: APP_LOGGER, useValue: logger },
        { provide: PinoLoggerService, useValue: new PinoLoggerService(logger) },
      ],
      exports: [APP_LOGGER, PinoLoggerService],
    };
  }
}
