import { Logger } from '@nestjs/common';
import type { PortHealth } from '@ringcheck/projections';
import type { AnalysisOutcome, CallAnalysisInput, CallAnalysisReport, CallAnalyzer } from '../ports/call-analyzer';
import { analyzeCall } from '../rubric/analyze-call';
import { checkModelAnswer } from './answer-check';
import { chatCompletionBody } from './chat-completion';
import { type ChatEndpoint, postChatCompletion } from './chat-completions-client';
import type { ModelFailure } from './fallback-reason';
import { mergeJudgement } from './merge-judgement';
import { analysisMessages } from './prompt';
import { MODEL_ANSWER_SCHEMA_NAME, type ModelAnswer, modelAnswerJsonSchema } from './report-schema';

export interface LlmAnalyzerOptions extends ChatEndpoint {
  model: string;
}

/**
 * A chat model (any OpenAI-compatible Chat Completions endpoint) writes the judgement; the rubric computes
 * the metrics and facts. When the model times out, is unreachable, errs, refuses or answers out of shape,
 * the rubric's own report stands and the outcome says so.
 */
export class LlmCallAnalyzer implements CallAnalyzer {
  readonly adapterName = 'llm';
  private readonly logger = new Logger('LlmCallAnalyzer');
  private readonly answerSchema = { name: MODEL_ANSWER_SCHEMA_NAME, schema: modelAnswerJsonSchema() };
  private lastFailure: ModelFailure | null = null;

  constructor(private readonly options: LlmAnalyzerOptions) {}

  async analyze(input: CallAnalysisInput): Promise<AnalysisOutcome> {
    const rubric = analyzeCall(input);
    const judged = await this.judge(input, rubric);
    if (!judged.ok) {
      this.lastFailure = { reason: judged.reason, detail: judged.detail };
      this.logger.warn(`The model's analysis of call ${input.callId} is not used (${judged.reason}: ${judged.detail}); the rubric's report stands.`);
      return { report: rubric, analyzer: 'rubric', fallbackReason: judged.reason };
    }
    this.lastFailure = null;
    return { report: mergeJudgement(rubric, judged.answer, input), analyzer: this.adapterName, fallbackReason: null };
  }

  /** No request to the provider: the state is that of the last analysis. */
  async health(): Promise<PortHealth> {
    const target = `${this.options.model} at ${this.options.baseUrl}`;
    if (!this.lastFailure) return { adapter: this.adapterName, state: 'up', detail: target };
    return { adapter: this.adapterName, state: 'degraded', detail: `${target}; last analysis fell back to the rubric (${this.lastFailure.reason})` };
  }

  private async judge(input: CallAnalysisInput, rubric: CallAnalysisReport): Promise<{ ok: true; answer: ModelAnswer } | ({ ok: false } & ModelFailure)> {
    const body = chatCompletionBody(this.options.model, analysisMessages(input, rubric), this.answerSchema);
    const completion = await postChatCompletion(this.options, body);
    if (!completion.ok) return completion;
    const checked = checkModelAnswer(completion.content, input.transcript);
    return checked.ok ? checked : { ok: false, reason: 'invalid_output', detail: checked.problem };
  }
}
