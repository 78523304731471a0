import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { VisitorProof } from './visitor-proof';
import { loadVisitorProofKey } from './visitor-proof-key';

@Global()
@Module({
  providers: [
    {
      provide: VisitorProof,
      useFactory: (config: AppConfig) => new VisitorProof(loadVisitorProofKey({ secret: config.visitorProofSecret, dataDir: config.dataDir })),
      inject: [APP_CONFIG],
    },
  ],
  exports: [VisitorProof],
})
export class VisitorProofModule {}
