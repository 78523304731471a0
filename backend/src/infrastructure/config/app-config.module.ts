import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from './app-config';
import { APP_CONFIG } from './app-config.token';
import { loadConfig } from './load-config';

/**
 * Provides {@link APP_CONFIG} everywhere. Pass the config main.ts already loaded (so a bad value
 * stops start-up before Nest boots), or omit it to read process.env here.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: AppConfigModule,
      providers: [{ provide: APP_CONFIG, useFactory: () => config ?? loadConfig() }],
      exports: [APP_CONFIG],
    };
  }
}
