import { Module } from '@nestjs/common';
import { CALL_ANALYZER } from './ports/call-analyzer';
import { RubricCallAnalyzer } from './rubric/rubric-call-analyzer';

/** Provides the call analyzer port (the rubric analyzer; a chat-model adapter can replace it by configuration). */
@Module({
  providers: [{ provide: CALL_ANALYZER, useClass: RubricCallAnalyzer }],
  exports: [CALL_ANALYZER],
})
export class AnalysisModule {}
