import { analyzeCall } from '../rubric/analyze-call';
import { ALL_FIXTURES, excellentCall } from '../rubric/fixtures/call-fixtures';
import { modelAnswerJsonSchema, modelAnswerSchema, reportSchema } from './report-schema';

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; additionalProperties?: boolean; items?: JsonSchema; anyOf?: JsonSchema[] };

function objectsOf(schema: JsonSchema): JsonSchema[] {
  const nested = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? [])];
  return [...(schema.type === 'object' ? [schema] : []), ...nested.flatMap(objectsOf)];
}

describe('the report schema', () => {
  it.each(Object.keys(ALL_FIXTURES))('accepts the rubric report of %s', (name) => {
    const result = reportSchema.safeParse(analyzeCall(ALL_FIXTURES[name]()));
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('refuses scores out of range, unknown enum values and evidence-less findings', () => {
    const report = analyzeCall(excellentCall());
    expect(reportSchema.safeParse({ ...report, overallScore: 11 }).success).toBe(false);
    expect(reportSchema.safeParse({ ...report, sentiment: 'ecstatic' }).success).toBe(false);
    expect(reportSchema.safeParse({ ...report, strengths: [{ text: 'Kind.', evidence: [] }] }).success).toBe(false);
    expect(reportSchema.safeParse({ ...report, metrics: { ...report.metrics, talkTimeRatio: 1.5 } }).success).toBe(false);
  });

  it('asks the model only for the judgement', () => {
    expect(Object.keys(modelAnswerSchema.shape).sort()).toEqual(
      ['areasForImprovement', 'keyTopics', 'professionalismScore', 'recommendations', 'resolutionScore', 'responseTimeScore', 'satisfactionIndicators', 'scoreEvidence', 'sentiment', 'strengths', 'summary'],
    );
  });

  it('gives a JSON schema fit for strict structured outputs: every object closed, every property required', () => {
    const schema = modelAnswerJsonSchema() as JsonSchema & { $schema?: string };
    expect(schema.$schema).toBeUndefined();
    const objects = objectsOf(schema);
    expect(objects.length).toBeGreaterThan(5);
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required ?? [])].sort()).toEqual(Object.keys(object.properties ?? {}).sort());
    }
    const citation = schema.properties!.strengths.items!.properties!.evidence.items!;
    expect(Object.keys(citation.properties!)).toEqual(['segmentIndex', 'quote']);
  });
});
