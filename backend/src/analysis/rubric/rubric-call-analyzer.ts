import { Injectable } from '@nestjs/common';
import type { PortHealth } from '@ringcheck/projections';
import type { CallAnalysisInput, CallAnalysisReport, CallAnalyzer } from '../ports/call-analyzer';
import { analyzeCall } from './analyze-call';

/** The default analyzer: a transparent rubric over the timed transcript, no outside service. */
@Injectable()
export class RubricCallAnalyzer implements CallAnalyzer {
  readonly adapterName = 'rubric';

  async analyze(input: CallAnalysisInput): Promise<CallAnalysisReport> {
    return analyzeCall(input);
  }

  async health(): Promise<PortHealth> {
    return { adapter: this.adapterName, state: 'up' };
  }
}
