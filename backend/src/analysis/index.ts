export * from './ports/call-analyzer';
export { analyzeCall } from './rubric/analyze-call';
export { fallbackReport, unavailableReport } from './unavailable-report';
export { RubricCallAnalyzer } from './rubric/rubric-call-analyzer';
export { LlmCallAnalyzer } from './llm/llm-call-analyzer';
export { holdPeriodsFromProgress } from './hold-periods';
export { AnalysisModule } from './analysis.module';
export { SCORE_WEIGHTS } from './rubric/overall';
export { DEAD_AIR_MIN_MS, OVERLAP_MIN_MS } from './rubric/metrics';
