/** Why the model's judgement was not used and the rubric's report stands. */
export type FallbackReason = 'timeout' | 'unreachable' | 'http_error' | 'refusal' | 'invalid_output';

export interface ModelFailure {
  reason: FallbackReason;
  /** For the log: what exactly went wrong. */
  detail: string;
}
