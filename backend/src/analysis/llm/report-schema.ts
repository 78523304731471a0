import { z } from 'zod';
import type { CallAnalysisReport } from '../ports/call-analyzer';

const score = z.number().min(0).max(10);
const seconds = z.number().min(0);
const PRIORITIES = ['high', 'medium', 'low'] as const;
const RECOMMENDATION_CATEGORIES = ['Responsiveness', 'Customer Service', 'Sales', 'Operations', 'Availability'] as const;

/** What the model cites: a transcript segment and verbatim text of it, or (segmentIndex null) an observed fact. */
export const citationSchema = z.object({
  segmentIndex: z.int().min(0).nullable(),
  quote: z.string().min(1),
});

/** A citation as the report stores it, timed from the answer. */
export const evidenceSchema = citationSchema.extend({ atMs: z.number().nullable() });

/** The report's shape, for either kind of evidence. */
function reportShape<E extends typeof citationSchema>(evidence: E) {
  const evidenceList = z.array(evidence).min(1);
  const finding = z.object({ text: z.string().min(1), evidence: evidenceList });
  return z.object({
    summary: z.string().min(1),
    overallScore: score,
    sentiment: z.enum(['positive', 'neutral', 'negative']),
    professionalismScore: score,
    responseTimeScore: score,
    resolutionScore: score,
    observedScores: z.object({ professionalism: z.boolean(), responseTime: z.boolean(), resolution: z.boolean() }),
    scoreEvidence: z.object({ professionalism: evidenceList, responseTime: evidenceList, resolution: evidenceList }),
    keyTopics: z.array(z.string().min(1)),
    strengths: z.array(finding),
    areasForImprovement: z.array(finding),
    satisfactionIndicators: z.array(
      z.object({ indicator: z.string().min(1), present: z.boolean(), impact: z.enum(['positive', 'negative']), evidence: evidenceList }),
    ),
    recommendations: z.array(
      z.object({
        category: z.enum(RECOMMENDATION_CATEGORIES),
        priority: z.enum(PRIORITIES),
        action: z.string().min(1),
        impact: z.string().min(1),
        implementation: z.string().min(1),
        evidence: evidenceList,
      }),
    ),
    metrics: z.object({
      callDuration: seconds,
      waitTime: seconds,
      talkTimeRatio: z.number().min(0).max(1),
      interruptions: z.int().min(0),
      deadAirTime: seconds,
    }),
    afterHoursBehavior: z.string().nullable(),
  });
}

/** Every stored report, whichever analyzer produced it. */
export const reportSchema = reportShape(evidenceSchema);

/**
 * The judgement the model writes. Metrics, which scores were observable, the overall score and the
 * after-hours behaviour are computed by the rubric and merged in afterwards, so the model cannot get them wrong.
 */
export const modelAnswerSchema = reportShape(citationSchema).pick({
  summary: true,
  sentiment: true,
  professionalismScore: true,
  responseTimeScore: true,
  resolutionScore: true,
  scoreEvidence: true,
  keyTopics: true,
  strengths: true,
  areasForImprovement: true,
  satisfactionIndicators: true,
  recommendations: true,
});

export type ModelAnswer = z.infer<typeof modelAnswerSchema>;
export type Citation = z.infer<typeof citationSchema>;

/** The name the answer's JSON schema goes by in the request. */
export const MODEL_ANSWER_SCHEMA_NAME = 'call_analysis';

/** JSON Schema of the model's answer, for `response_format` (strict mode: every field required, no extras). */
export function modelAnswerJsonSchema(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(modelAnswerSchema) as Record<string, unknown>;
  return schema;
}

// The port's interfaces and this schema describe one shape: compilation fails if they drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof reportSchema>, CallAnalysisReport> = true;
void sameShape;
