/**
 * The part of the OpenAI Realtime protocol the caller uses. Server events keep their GA names; the
 * beta names of the audio events are mapped onto them by {@link normalizedEventType}.
 */
export type RealtimeServerEvent =
  | { type: 'session.created' | 'session.updated'; session?: unknown }
  | { type: 'input_audio_buffer.speech_started'; item_id: string; audio_start_ms: number }
  | { type: 'input_audio_buffer.speech_stopped'; item_id: string; audio_end_ms: number }
  | {
      type: 'conversation.item.input_audio_transcription.completed';
      item_id: string;
      transcript: string;
      logprobs?: { logprob: number }[] | null;
    }
  | { type: 'response.created'; response: { id: string } }
  | { type: 'response.output_audio.delta'; response_id: string; item_id: string; delta: string }
  | { type: 'response.output_audio_transcript.done'; item_id: string; transcript: string }
  | { type: 'response.function_call_arguments.done'; call_id: string; name: string; arguments: string }
  | { type: 'response.done'; response: { id: string; status?: string } }
  | { type: 'error'; error: { type?: string; code?: string | null; message?: string } };

export type RealtimeServerEventType = RealtimeServerEvent['type'];

const BETA_NAMES: Record<string, string> = {
  'response.audio.delta': 'response.output_audio.delta',
  'response.audio.done': 'response.output_audio.done',
  'response.audio_transcript.delta': 'response.output_audio_transcript.delta',
  'response.audio_transcript.done': 'response.output_audio_transcript.done',
};

/** The GA name of a server event, whichever version of the API sent it. */
export function normalizedEventType(type: string): string {
  return BETA_NAMES[type] ?? type;
}

export interface FunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: { type: 'object'; properties: Record<string, { type: 'string'; description: string; enum?: readonly string[] }>; required: string[] };
}

export interface SessionSettings {
  model: string;
  instructions: string;
  voice: string;
  tools: readonly FunctionTool[];
}

/** Audio in and out as G.711 mu-law, the media stream's own format, so nothing is transcoded. */
export function sessionUpdate({ model, instructions, voice, tools }: SessionSettings) {
  return {
    type: 'session.update',
    session: {
      type: 'realtime',
      model,
      instructions,
      output_modalities: ['audio'],
      audio: {
        input: {
          format: { type: 'audio/pcmu' },
          turn_detection: { type: 'server_vad' },
          transcription: { model: 'gpt-4o-transcribe' },
        },
        output: { format: { type: 'audio/pcmu' }, voice },
      },
      tools,
      tool_choice: 'auto',
    },
  } as const;
}

/** `input_audio_buffer.append`, written by hand: base64 needs no escaping and this runs 50 times a second. */
export function appendAudioMessage(base64: string): string {
  return `{"type":"input_audio_buffer.append","audio":"${base64}"}`;
}

export const truncateItem = (itemId: string, audioEndMs: number) =>
  ({ type: 'conversation.item.truncate', item_id: itemId, content_index: 0, audio_end_ms: audioEndMs }) as const;

export const functionCallOutput = (callId: string, output: unknown) =>
  ({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: callId, output: JSON.stringify(output) } }) as const;

export const createResponse = (instructions?: string) =>
  instructions ? ({ type: 'response.create', response: { instructions, tool_choice: 'none' } } as const) : ({ type: 'response.create' } as const);
