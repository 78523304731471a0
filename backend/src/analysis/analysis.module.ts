import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { LlmCallAnalyzer } from './llm/llm-call-analyzer';
import { CALL_ANALYZER, type CallAnalyzer } from './ports/call-analyzer';
import { RubricCallAnalyzer } from './rubric/rubric-call-analyzer';

export function createCallAnalyzer(config: AppConfig): CallAnalyzer {
  if (config.analyzer === 'rubric') return new RubricCallAnalyzer();
  return new LlmCallAnalyzer({
    baseUrl: config.openAiBaseUrl,
    // loadConfig refuses ANALYZER=llm without a key.
    apiKey: config.openAiApiKey!,
    model: config.analyzerModel,
    timeoutMs: config.analyzerTimeoutSeconds * 1000,
  });
}

/** Provides the call analyzer port: the rubric analyzer, or a chat model (ANALYZER=llm) falling back to it. */
@Module({
  providers: [{ provide: CALL_ANALYZER, inject: [APP_CONFIG], useFactory: createCallAnalyzer }],
  exports: [CALL_ANALYZER],
})
export class AnalysisModule {}
