import { Injectable } from '@nestjs/common';
import type { PortHealth } from '@ringcheck/projections';
import type { AnalysisOutcome, CallAnalysisInput, CallAnalyzer } from '../ports/call-analyzer';
import { analyzeCall } from './analyze-call';

/** The default analyzer: a transparent rubric over the timed transcript, no outside service. */
@Injectable()
export class RubricCallAnalyzer implements CallAnalyzer {
  readonly adapterName = 'rubric';

  async analyze(input: CallAnalysisInput): Promise<AnalysisOutcome> {
    return { report: analyzeCall(input), analyzer: this.adapterName, fallbackReason: null };
  }

  async health(): Promise<PortHealth> {
    return { adapter: this.adapterName, state: 'up' };
  }
}
