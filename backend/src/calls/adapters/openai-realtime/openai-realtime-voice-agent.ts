import { Logger } from '@nestjs/common';
import type { PortHealth } from '@ringcheck/projections';
import type { RealtimeCallerSession, RealtimeCallSetup, RealtimeVoiceAgent } from '../../ports/media-stream';
import { DEFAULT_SILENCE_MS } from './call-limits';
import { OpenAiRealtimeSession, type SessionLogger } from './realtime-caller-session';

export interface OpenAiRealtimeConfig {
  apiKey: string;
  /** e.g. wss://api.openai.com/v1/realtime */
  url: string;
  model: string;
  voice: string;
  /** The caller says goodbye after this long without hearing the business. Default 12 s. */
  silenceMs?: number;
  logger?: SessionLogger;
}

/** The realtime voice agent on OpenAI Realtime: one model session per call, opened while the phone rings. */
export class OpenAiRealtimeVoiceAgent implements RealtimeVoiceAgent {
  readonly adapterName = 'openai-realtime';
  private readonly logger: SessionLogger;

  constructor(private readonly config: OpenAiRealtimeConfig) {
    if (!config.apiKey.trim()) throw new Error('OpenAiRealtimeVoiceAgent needs an API key');
    this.logger = config.logger ?? new Logger('OpenAiRealtime');
  }

  prepare(setup: RealtimeCallSetup): RealtimeCallerSession {
    const { apiKey, url, model, voice, silenceMs = DEFAULT_SILENCE_MS } = this.config;
    return new OpenAiRealtimeSession(setup, { endpoint: { url, model, apiKey: apiKey.trim() }, voice, silenceMs, logger: this.logger });
  }

  /** Configured, not probed: a session is only opened for a call. */
  async health(): Promise<PortHealth> {
    return { adapter: this.adapterName, state: 'up', detail: `${this.config.model}, voice ${this.config.voice} (not probed)` };
  }
}
