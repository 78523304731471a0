import { Logger } from '@nestjs/common';
import { describeCallAnalyzerContract } from '../call-analyzer.contract';
import { excellentCall } from '../rubric/fixtures/call-fixtures';
import { analyzeCall } from '../rubric/analyze-call';
import { LlmCallAnalyzer } from './llm-call-analyzer';
import { modelAnswerJsonSchema } from './report-schema';
import { type ChatStandIn, closedPortBaseUrl, type StandInMode, startChatStandIn } from './testing/chat-stand-in';

const analyzerAt = (baseUrl: string, timeoutMs = 2000) => new LlmCallAnalyzer({ baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs });

beforeAll(() => Logger.overrideLogger(false));

describeCallAnalyzerContract('llm (stand-in, good answers)', async () => {
  const standIn = await startChatStandIn('good');
  return { analyzer: analyzerAt(standIn.baseUrl), cleanup: () => standIn.close() };
});

describe('LlmCallAnalyzer', () => {
  let standIn: ChatStandIn;
  beforeAll(async () => {
    standIn = await startChatStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.mode = 'good';
  });

  it('asks the Chat Completions endpoint for the answer schema, with the transcript numbered', async () => {
    const input = excellentCall();
    const outcome = await analyzerAt(standIn.baseUrl).analyze(input);
    expect(outcome).toMatchObject({ analyzer: 'llm', fallbackReason: null });
    expect(standIn.requests).toHaveLength(1);
    const [{ path, authorization, body }] = standIn.requests;
    expect(path).toBe('/v1/chat/completions');
    expect(authorization).toBe('Bearer test-key');
    expect(body.model).toBe('test-model');
    expect(body.temperature).toBeLessThanOrEqual(0.3);
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'call_analysis', strict: true, schema: modelAnswerJsonSchema() } });
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0].content).toMatch(/Evidence rule/);
    expect(body.messages[1].content).toContain(`[0] business @0.4 s: ${input.transcript[0].text}`);
    expect(body.messages[1].content).toContain(`[10] business`);
  });

  it('keeps the model judgement and the rubric metrics', async () => {
    const input = excellentCall();
    const { report } = await analyzerAt(standIn.baseUrl).analyze(input);
    expect(report.professionalismScore).toBe(7.5);
    expect(report.summary).toMatch(/^The business answered/);
    expect(report.metrics).toEqual(analyzeCall(input).metrics);
  });

  it.each<[StandInMode, string]>([
    ['not-json', 'invalid_output'],
    ['wrong-shape', 'invalid_output'],
    ['fabricated-quote', 'invalid_output'],
    ['refusal', 'refusal'],
    ['error', 'http_error'],
    ['slow', 'timeout'],
  ])('falls back to the rubric report when the stand-in answers %s', async (mode, reason) => {
    standIn.mode = mode;
    standIn.slowMs = 1500;
    const analyzer = analyzerAt(standIn.baseUrl, 300);
    const input = excellentCall();
    expect(await analyzer.analyze(input)).toEqual({ report: analyzeCall(input), analyzer: 'rubric', fallbackReason: reason });
    expect(await analyzer.health()).toMatchObject({ adapter: 'llm', state: 'degraded' });

    standIn.mode = 'good';
    await analyzer.analyze(input);
    expect(await analyzer.health()).toMatchObject({ adapter: 'llm', state: 'up' });
  });

  it('falls back when nothing listens at the base URL', async () => {
    const analyzer = analyzerAt(await closedPortBaseUrl());
    const input = excellentCall();
    expect(await analyzer.analyze(input)).toEqual({ report: analyzeCall(input), analyzer: 'rubric', fallbackReason: 'unreachable' });
  });
});
