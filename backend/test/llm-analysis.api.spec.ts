import { Logger } from '@nestjs/common';
import type { EventStore } from '@ringcheck/projections';
import { type ChatStandIn, closedPortBaseUrl, type StandInMode, startChatStandIn } from '../src/analysis/llm/testing/chat-stand-in';
import { callStream } from '../src/calls/domain/call.decider';
import { EVENT_STORE } from '../src/infrastructure/storage';
import { HIGH_LIMITS } from './high-limits';
import { settledCall } from './settled';
import { type TestApp, type TestVisitor, newVisitor, startTestApp, signUpIn } from './test-app';

const FAST = { SANDBOX_TIME_SCALE: '0.01' };
const llmEnv = (baseUrl: string) => ({ ...FAST, ...HIGH_LIMITS, ANALYZER: 'llm', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseUrl, ANALYZER_MODEL: 'stand-in-model', ANALYZER_TIMEOUT_SECONDS: '0.5' });

/** A signed-in owner's browser: it sees its calls' full analysis. */
async function signedInOwner(t: TestApp) {
  const visitor = await newVisitor(t.app);
  return { visitor, auth: (await signUpIn(visitor)).auth };
}

async function analysedCall(owner: { visitor: TestVisitor; auth: Record<string, string> }) {
  const started = await owner.visitor.post('/api/call-management/mock-test-call/', {}).set(owner.auth);
  expect(started.status).toBe(201);
  const call = await settledCall((path) => owner.visitor.get(path).set(owner.auth), started.body.id);
  if (call.status !== 'completed') throw new Error(`call ${call.status}`);
  return call;
}

/** The CallAnalyzed event as stored. */
async function recordedAnalysis(t: TestApp, callId: string) {
  const events = await t.app.get<EventStore>(EVENT_STORE).readStream(callStream(callId));
  return events.find((event) => event.type === 'CallAnalyzed')?.data;
}

beforeAll(() => Logger.overrideLogger(false));

describe('analysis by a chat model (ANALYZER=llm, stand-in chat server)', () => {
  let standIn: ChatStandIn;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInOwner>>;
  beforeAll(async () => {
    standIn = await startChatStandIn('good', 2000);
    t = await startTestApp(llmEnv(standIn.baseUrl));
    owner = await signedInOwner(t);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('names the llm analyzer in /api/health', async () => {
    const health = await t.agent.get('/api/health');
    expect(health.body.ports.analysis).toMatchObject({ adapter: 'llm' });
  });

  it('stores the model’s report, citing the call’s own transcript, and names the llm analyzer', async () => {
    standIn.mode = 'good';
    standIn.requests.length = 0;
    const call = await analysedCall(owner);
    expect(call.analysis.analyzer).toBe('llm');
    expect(await recordedAnalysis(t, call.id)).toMatchObject({ analyzer: 'llm', analysis: { fallbackReason: null } });
    expect(call.analysis.report.professionalismScore).toBe(7.5);
    const [request] = standIn.requests;
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('stand-in-model');
    expect(request.body.response_format.json_schema.strict).toBe(true);
    const citation = call.analysis.report.strengths[0].evidence[0];
    expect(call.analysis.transcript[citation.segmentIndex].text).toContain(citation.quote);
    expect(request.body.messages[1].content).toContain(`[${citation.segmentIndex}] business`);
  });

  it.each<[StandInMode, string]>([
    ['not-json', 'invalid_output'],
    ['wrong-shape', 'invalid_output'],
    ['fabricated-quote', 'invalid_output'],
    ['refusal', 'refusal'],
    ['slow', 'timeout'],
    ['error', 'http_error'],
  ])(
    'keeps the rubric’s report, and says so, when the model answers %s',
    async (mode, reason) => {
      standIn.mode = mode;
      const call = await analysedCall(owner);
      expect(call.analysis.analyzer).toBe('rubric');
      expect(await recordedAnalysis(t, call.id)).toMatchObject({ analyzer: 'rubric', analysis: { fallbackReason: reason } });
      expect(call.analysis.report.overallScore).toEqual(expect.any(Number));
      expect(call.analysis.report.metrics.callDuration).toBeGreaterThan(0);
    },
  );

  it('shows the preview without the analyzer', async () => {
    standIn.mode = 'good';
    const call = await analysedCall(owner);
    const preview = await (await newVisitor(t.app)).get(`/api/call-management/calls/${call.id}/`);
    expect(preview.body.analysis).not.toHaveProperty('analyzer');
  });
});

describe('analysis by a chat model that cannot be reached', () => {
  it('keeps the rubric’s report when nothing listens at OPENAI_BASE_URL', async () => {
    const t = await startTestApp(llmEnv(await closedPortBaseUrl()));
    try {
      const call = await analysedCall(await signedInOwner(t));
      expect(call.analysis.analyzer).toBe('rubric');
      expect(await recordedAnalysis(t, call.id)).toMatchObject({ analysis: { fallbackReason: 'unreachable' } });
      expect(call.analysis.report.summary).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });

  it('refuses to start with ANALYZER=llm and no key, naming the variable', async () => {
    await expect(startTestApp({ ANALYZER: 'llm' })).rejects.toThrow(/OPENAI_API_KEY: must be set when ANALYZER=llm/);
  });
});
