import type { Finding } from '../ports/call-analyzer';
import { allChecks, type AnalysisContext } from './analysis-context';

/** Strengths are the checks passed; areas for improvement the checks partly met or missed. */
export function findingsOf(context: AnalysisContext): { strengths: Finding[]; areasForImprovement: Finding[] } {
  const strengths: Finding[] = [];
  const areasForImprovement: Finding[] = [];
  const seen = new Set<string>();
  for (const check of allChecks(context)) {
    if (seen.has(check.text)) continue;
    seen.add(check.text);
    (check.status === 'pass' ? strengths : areasForImprovement).push({ text: check.text, evidence: check.evidence });
  }
  return { strengths, areasForImprovement };
}
