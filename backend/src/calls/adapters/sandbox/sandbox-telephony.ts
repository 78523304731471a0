import { randomBytes } from 'node:crypto';
import type { PortHealth } from '@ringcheck/projections';
import type { CallHandle, CallProgress, PlaceCallRequest, TelephonyProvider } from '../../ports/telephony';
import { SANDBOX_CALLER_NUMBER } from '../../domain/call-defaults';
import type { VoiceAgent } from '../../ports/voice-agent';
import { CallPlayback } from './call-playback';
import { type RecordingSampleRate, renderCallRecording } from './call-recording';
import type { CallScript } from './call-script';
import { writeCallScript } from './call-script-writer';
import type { Clock } from './clock';
import { EspeakSynthesizer } from './espeak-synthesizer';
import type { SpeechSynthesizer } from './speech-synthesizer';
import { SystemClock } from './system-clock';

export interface SandboxTelephonyOptions {
  /** The caller persona that talks to the simulated businesses. */
  agent: VoiceAgent;
  clock?: Clock;
  /** Speech for recordings; null for none; left out, espeak-ng is used when it is installed. */
  synthesizer?: SpeechSynthesizer | null;
  sampleRate?: RecordingSampleRate;
}

/**
 * The sandbox phone network: every business of the bundled directory answers (or does not) the way
 * its behaviour profile says, talks with the caller through the voice agent, and the call is
 * reported as a real provider would, in call-clock time, played at the request's time scale.
 */
export class SandboxTelephony implements TelephonyProvider {
  readonly adapterName = 'sandbox';
  readonly callerNumber = SANDBOX_CALLER_NUMBER;
  private readonly clock: Clock;
  private synthesizer: Promise<SpeechSynthesizer | null> | null;

  constructor(private readonly options: SandboxTelephonyOptions) {
    this.clock = options.clock ?? new SystemClock();
    this.synthesizer = options.synthesizer === undefined ? null : Promise.resolve(options.synthesizer);
  }

  async placeCall(request: PlaceCallRequest, onProgress: (progress: CallProgress) => void): Promise<CallHandle> {
    if (!(request.timeScale > 0) || !Number.isFinite(request.timeScale)) throw new Error(`timeScale must be a positive number, got ${request.timeScale}`);
    const script = this.scriptCall(request);
    const playback = new CallPlayback(script, {
      clock: this.clock,
      timeScale: request.timeScale,
      onProgress,
      record: async (ended) => renderCallRecording(ended, await this.speech(), this.options.sampleRate ?? 8000),
    });
    playback.start();
    return { providerCallId: `SB${randomBytes(16).toString('hex')}`, hangUp: () => playback.hangUp(), finished: playback.finished };
  }

  /** The whole call as it would play if dialled at `startedAt` (default: now), without playing it. */
  scriptCall(request: Pick<PlaceCallRequest, 'callId' | 'business' | 'attempt'>, startedAt = new Date(this.clock.now())): CallScript {
    return writeCallScript({ callId: request.callId, business: request.business, attempt: request.attempt ?? 1, agent: this.options.agent, startedAt });
  }

  async health(): Promise<PortHealth> {
    const speech = await this.speech();
    return {
      adapter: this.adapterName,
      state: 'up',
      detail: speech ? `simulated businesses; recordings voiced with ${speech.name}` : 'simulated businesses; no speech synthesizer installed, recordings have call tones only',
    };
  }

  private speech(): Promise<SpeechSynthesizer | null> {
    this.synthesizer ??= EspeakSynthesizer.detect();
    return this.synthesizer;
  }
}
