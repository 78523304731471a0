import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ModelAnswer } from '../report-schema';

/**
 * How the stand-in answers: `good` a valid judgement quoting the request's own transcript; `not-json`,
 * `wrong-shape` and `fabricated-quote` malformed answers; `refusal` a refusal; `slow` a good answer after
 * `slowMs`; `error` HTTP 500.
 */
export type StandInMode = 'good' | 'not-json' | 'wrong-shape' | 'fabricated-quote' | 'refusal' | 'slow' | 'error';

export interface RecordedChatRequest {
  authorization: string | undefined;
  path: string;
  body: {
    model: string;
    temperature?: number;
    messages: Array<{ role: string; content: string }>;
    response_format: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
  };
}

export interface ChatStandIn {
  /** e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string;
  requests: RecordedChatRequest[];
  mode: StandInMode;
  slowMs: number;
  close(): Promise<void>;
}

interface SpokenSegment {
  index: number;
  speaker: string;
  text: string;
}

/** The numbered transcript lines of the user message: `[3] business @12.4 s: text`. */
function segmentsOf(userMessage: string): SpokenSegment[] {
  return [...userMessage.matchAll(/^\[(\d+)\] (\w+) @[^:]*: (.*)$/gm)].map((m) => ({ index: Number(m[1]), speaker: m[2], text: m[3] }));
}

/** A valid judgement built from whatever transcript the request carries (a fact when there is none). */
export function goodAnswer(userMessage: string): ModelAnswer {
  const segments = segmentsOf(userMessage);
  const business = segments.find((s) => s.speaker === 'business') ?? segments[0];
  const cite = business
    ? { segmentIndex: business.index, quote: business.text.split(/(?<=[.!?])\s+/)[0] }
    : { segmentIndex: null, quote: 'Nobody spoke on the call.' };
  const evidence = [cite];
  return {
    summary: business ? `The business answered: "${cite.quote}"` : 'Nobody could be reached.',
    sentiment: 'neutral',
    professionalismScore: 7.5,
    responseTimeScore: 6,
    resolutionScore: 5.5,
    scoreEvidence: { professionalism: evidence, responseTime: evidence, resolution: evidence },
    keyTopics: ['availability'],
    strengths: [{ text: 'The business identified itself.', evidence }],
    areasForImprovement: [{ text: 'Offer a clear next step.', evidence }],
    satisfactionIndicators: [{ indicator: 'Prompt greeting', present: Boolean(business), impact: 'positive', evidence }],
    recommendations: [
      {
        category: 'Customer Service',
        priority: 'medium',
        action: 'Offer to book the visit during the call.',
        impact: 'More callers become customers.',
        implementation: 'Give the front desk a booking script.',
        evidence,
      },
    ],
  };
}

function answerContent(mode: StandInMode, userMessage: string): string {
  const good = goodAnswer(userMessage);
  switch (mode) {
    case 'not-json':
      return '{"summary": "cut off';
    case 'wrong-shape':
      return JSON.stringify({ ...good, professionalismScore: 14, sentiment: 'ecstatic' });
    case 'fabricated-quote':
      return JSON.stringify({ ...good, strengths: [{ text: 'Friendly.', evidence: [{ segmentIndex: 0, quote: 'We would be delighted to help!' }] }] });
    default:
      return JSON.stringify(good);
  }
}

function completion(message: { content: string | null; refusal: string | null }) {
  return {
    id: 'chatcmpl-standin',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'stand-in',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A Chat Completions server on 127.0.0.1 that records every request and answers as its current mode says. */
export async function startChatStandIn(mode: StandInMode = 'good', slowMs = 3000): Promise<ChatStandIn> {
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return send(response, 404, { error: { message: 'not found' } });
    const parsed = JSON.parse(body) as RecordedChatRequest['body'];
    standIn.requests.push({ authorization: request.headers.authorization, path: request.url, body: parsed });
    const userMessage = parsed.messages.find((m) => m.role === 'user')?.content ?? '';
    if (standIn.mode === 'error') return send(response, 500, { error: { message: 'The server had an error processing your request.', type: 'server_error' } });
    if (standIn.mode === 'refusal') return send(response, 200, completion({ content: null, refusal: "I'm sorry, I can't help with that." }));
    const answer = () => send(response, 200, completion({ content: answerContent(standIn.mode, userMessage), refusal: null }));
    if (standIn.mode !== 'slow') return answer();
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!response.destroyed) answer();
    }, standIn.slowMs);
    pending.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: ChatStandIn = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: [],
    mode,
    slowMs,
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

/** A base URL nothing listens on (connection refused): a port the system gave out and took back. */
export async function closedPortBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
