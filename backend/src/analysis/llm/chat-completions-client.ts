import { type CompletionResult, completionContent } from './chat-completion';
import type { ModelFailure } from './fallback-reason';

export interface ChatEndpoint {
  /** e.g. https://api.openai.com/v1 (no trailing slash). */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** POSTs one Chat Completions request; every way it can fail comes back as a {@link ModelFailure}, never thrown. */
export async function postChatCompletion(endpoint: ChatEndpoint, body: object): Promise<CompletionResult> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${endpoint.apiKey}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (error) {
    return { ok: false, ...requestFailure(error, endpoint.timeoutMs) };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { ok: false, ...requestFailure(error, endpoint.timeoutMs) };
  }
  if (!response.ok) return { ok: false, reason: 'http_error', detail: `HTTP ${response.status}: ${errorMessageOf(text)}` };
  try {
    return completionContent(JSON.parse(text));
  } catch {
    return { ok: false, reason: 'invalid_output', detail: 'the response body is not JSON' };
  }
}

function requestFailure(error: unknown, timeoutMs: number): ModelFailure {
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return { reason: 'timeout', detail: `no answer within ${timeoutMs / 1000} s` };
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return { reason: 'unreachable', detail: cause?.code ?? cause?.message ?? (error as Error).message };
}

/** The provider's own message (`{ error: { message } }`), shortened; never the request, which holds the transcript. */
function errorMessageOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message.slice(0, 200);
  } catch {
    // not JSON: fall through
  }
  return text.slice(0, 200) || 'no body';
}
