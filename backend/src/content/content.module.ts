import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { EmbeddedContentSource } from './adapters/embedded-content-source';
import { SanityHostedContent } from './adapters/sanity-hosted-content';
import { ContentQueryController } from './api/content-query.controller';
import { CONTENT_SOURCE } from './ports/content-source';

/** Marketing content (FAQ, pricing, comparisons): the bundled dataset answered with GROQ, or a pointer to Sanity. */
@Module({
  controllers: [ContentQueryController],
  providers: [
    {
      provide: CONTENT_SOURCE,
      inject: [APP_CONFIG],
      // Loaded once at start-up: a broken dataset stops the server with the file and line at fault.
      useFactory: ({ content }: AppConfig) =>
        content.sanityProjectId ? new SanityHostedContent(content.sanityProjectId) : EmbeddedContentSource.fromFile(content.dataset),
    },
  ],
  exports: [CONTENT_SOURCE],
})
export class ContentModule {}
