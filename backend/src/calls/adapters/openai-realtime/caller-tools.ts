import type { CallerHangUpReason } from '../../ports/media-stream';
import type { FunctionTool } from './realtime-protocol';

/** Reasons the model may give for ending the call; silence and the time limit are ours to notice. */
const MODEL_END_REASONS = ['goal_reached', 'voicemail', 'closed', 'ivr_loop'] as const satisfies readonly CallerHangUpReason[];

export const CALLER_TOOLS: readonly FunctionTool[] = [
  {
    type: 'function',
    name: 'press_keys',
    description: 'Press keys on the phone keypad, e.g. to choose an option of an automated menu.',
    parameters: {
      type: 'object',
      properties: { digits: { type: 'string', description: 'The keys to press, in order: 0-9, * and #.' } },
      required: ['digits'],
    },
  },
  {
    type: 'function',
    name: 'end_call',
    description: 'Hang up. Say your goodbye first, in the same reply.',
    parameters: {
      type: 'object',
      properties: { reason: { type: 'string', description: 'Why the call ends.', enum: MODEL_END_REASONS } },
      required: ['reason'],
    },
  },
];

export const TOOL_GUIDANCE = [
  'To press keys on the phone, call press_keys with the digits; saying the numbers out loud does not press them. After pressing, listen without speaking.',
  'To hang up, say your goodbye, then call end_call with the reason: goal_reached, voicemail, closed or ivr_loop.',
].join('\n');

export type CallerToolCall = { name: 'press_keys'; digits: string } | { name: 'end_call'; reason: CallerHangUpReason } | { name: 'unknown'; tool: string };

/** A function call of the model as the caller acts on it; malformed arguments count as empty. */
export function callerToolCall(name: string, argumentsJson: string): CallerToolCall {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    if (parsed && typeof parsed === 'object') args = parsed as Record<string, unknown>;
  } catch {
    // Streamed arguments can be cut off; the defaults below apply.
  }
  if (name === 'press_keys') return { name, digits: typeof args.digits === 'string' ? args.digits : '' };
  if (name === 'end_call') {
    const reason = MODEL_END_REASONS.find((candidate) => candidate === args.reason) ?? 'goal_reached';
    return { name, reason };
  }
  return { name: 'unknown', tool: name };
}
