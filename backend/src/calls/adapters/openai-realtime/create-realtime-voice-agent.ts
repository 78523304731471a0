import type { Provider } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../../infrastructure/config';
import { REALTIME_VOICE_AGENT, type RealtimeVoiceAgent } from '../../ports/media-stream';
import { OpenAiRealtimeVoiceAgent } from './openai-realtime-voice-agent';

export type RealtimeVoiceAgentConfig = Pick<AppConfig, 'openAiApiKey' | 'openAiRealtimeUrl' | 'openAiRealtimeModel' | 'openAiRealtimeVoice'>;

/** The OpenAI Realtime caller when OPENAI_API_KEY is set, else null (real calls have no voice). */
export function createRealtimeVoiceAgent(config: RealtimeVoiceAgentConfig): RealtimeVoiceAgent | null {
  const apiKey = config.openAiApiKey?.trim();
  if (!apiKey) return null;
  return new OpenAiRealtimeVoiceAgent({ apiKey, url: config.openAiRealtimeUrl, model: config.openAiRealtimeModel, voice: config.openAiRealtimeVoice });
}

/** Provides {@link REALTIME_VOICE_AGENT} (null without a key) from the app's configuration. */
export const realtimeVoiceAgentProvider: Provider = {
  provide: REALTIME_VOICE_AGENT,
  useFactory: (config: AppConfig) => createRealtimeVoiceAgent(config),
  inject: [APP_CONFIG],
};
