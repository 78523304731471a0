import type { ModelFailure } from './fallback-reason';
import type { ChatMessage } from './prompt';

export type CompletionResult = { ok: true; content: string } | ({ ok: false } & ModelFailure);

/** The Chat Completions request body asking for an answer in `schema` (structured outputs, strict). */
export function chatCompletionBody(model: string, messages: ChatMessage[], schema: { name: string; schema: Record<string, unknown> }) {
  return {
    model,
    messages,
    temperature: 0.2,
    response_format: { type: 'json_schema', json_schema: { name: schema.name, strict: true, schema: schema.schema } },
  };
}

interface CompletionChoice {
  finish_reason?: string | null;
  message?: { content?: string | null; refusal?: string | null } | null;
}

/** The answer text of a Chat Completions response body, or why there is none to use. */
export function completionContent(body: unknown): CompletionResult {
  const choice = (body as { choices?: CompletionChoice[] } | null)?.choices?.[0];
  if (!choice?.message) return { ok: false, reason: 'invalid_output', detail: 'the response has no choices[0].message' };
  const { content, refusal } = choice.message;
  if (refusal) return { ok: false, reason: 'refusal', detail: `the model refused: ${refusal}` };
  if (choice.finish_reason === 'content_filter') return { ok: false, reason: 'refusal', detail: 'the answer was withheld by the content filter' };
  if (choice.finish_reason === 'length') return { ok: false, reason: 'invalid_output', detail: 'the answer was cut off at the token limit' };
  if (typeof content !== 'string' || content.trim() === '') return { ok: false, reason: 'invalid_output', detail: 'the answer is empty' };
  return { ok: true, content };
}
