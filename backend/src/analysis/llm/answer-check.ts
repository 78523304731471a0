import type { TranscriptSegment } from '../../calls/ports/telephony';
import { type Citation, type ModelAnswer, modelAnswerSchema } from './report-schema';

export type AnswerCheck = { ok: true; answer: ModelAnswer } | { ok: false; problem: string };

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every citation in the answer, with where it sits (for the problem message). */
function citationsOf(answer: ModelAnswer): Array<{ path: string; citation: Citation }> {
  const listed = (path: string, items: readonly { evidence: Citation[] }[]) =>
    items.flatMap((item, i) => item.evidence.map((citation, j) => ({ path: `${path}.${i}.evidence.${j}`, citation })));
  return [
    ...Object.entries(answer.scoreEvidence).flatMap(([name, list]) =>
      list.map((citation, j) => ({ path: `scoreEvidence.${name}.${j}`, citation })),
    ),
    ...listed('strengths', answer.strengths),
    ...listed('areasForImprovement', answer.areasForImprovement),
    ...listed('satisfactionIndicators', answer.satisfactionIndicators),
    ...listed('recommendations', answer.recommendations),
  ];
}

/** Why a citation does not point at real transcript text; null when it does (or states a fact). */
export function citationProblem(citation: Citation, transcript: readonly TranscriptSegment[]): string | null {
  if (citation.segmentIndex === null) return null;
  const segment = transcript[citation.segmentIndex];
  if (!segment || normalized(segment.text) === '') return `cites segment ${citation.segmentIndex}, which does not exist`;
  if (!normalized(segment.text).includes(normalized(citation.quote))) return `quotes text that is not in segment ${citation.segmentIndex}`;
  return null;
}

/** Parses the model's content and accepts it only when it has the answer's shape and cites the real transcript. */
export function checkModelAnswer(content: string, transcript: readonly TranscriptSegment[]): AnswerCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'the answer is not JSON' };
  }
  const parsed = modelAnswerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${issue.path.join('.') || 'answer'}: ${issue.message}` };
  }
  for (const { path, citation } of citationsOf(parsed.data)) {
    const problem = citationProblem(citation, transcript);
    if (problem) return { ok: false, problem: `${path} ${problem}` };
  }
  return { ok: true, answer: parsed.data };
}
