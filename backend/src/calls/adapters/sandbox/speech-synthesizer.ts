/** The voice an utterance is said in. */
export interface SynthesisVoice {
  /** The caller, the person at the business, or a recorded system voice. */
  role: 'caller' | 'person' | 'machine';
  gender: 'female' | 'male';
  /** 0–99, 50 is the synthesizer's normal pitch. */
  pitch: number;
  wordsPerMinute: number;
}

/** Mono 16-bit PCM. */
export interface PcmAudio {
  sampleRate: number;
  samples: Int16Array;
}

/** The speech synthesizer port: text to audio, offline. */
export interface SpeechSynthesizer {
  readonly name: string;
  synthesize(text: string, voice: SynthesisVoice): Promise<PcmAudio>;
}
