import { spawn } from 'node:child_process';
import { speakableText } from './speakable-text';
import type { PcmAudio, SpeechSynthesizer, SynthesisVoice } from './speech-synthesizer';
import { decodeWav } from './wav-file';

const TIMEOUT_MS = 15_000;

/** espeak-ng voice variants: a different timbre for each role, so the two sides are told apart. */
const VARIANTS: Record<SynthesisVoice['role'], Record<SynthesisVoice['gender'], string>> = {
  caller: { female: 'en-us+f2', male: 'en-us+m3' },
  person: { female: 'en-us+f3', male: 'en-us+m1' },
  machine: { female: 'en-us+f4', male: 'en-us+m2' },
};

/**
 * Speech from Debian's `espeak-ng` (GPL-3.0, run as a separate program, not linked): text on stdin,
 * a WAV stream on stdout.
 */
export class EspeakSynthesizer implements SpeechSynthesizer {
  readonly name = 'espeak-ng';

  constructor(private readonly command = 'espeak-ng') {}

  /** The synthesizer when `espeak-ng` runs on this machine, else null. */
  static async detect(command = 'espeak-ng'): Promise<EspeakSynthesizer | null> {
    try {
      const { code, stdout } = await run(command, ['--version'], '');
      return code === 0 && stdout.toString().includes('eSpeak') ? new EspeakSynthesizer(command) : null;
    } catch {
      return null;
    }
  }

  async synthesize(text: string, voice: SynthesisVoice): Promise<PcmAudio> {
    const speed = Math.round(Math.min(450, Math.max(80, voice.wordsPerMinute)));
    const pitch = Math.round(Math.min(99, Math.max(0, voice.pitch)));
    const args = ['--stdout', '-v', VARIANTS[voice.role][voice.gender], '-s', String(speed), '-p', String(pitch)];
    const { code, stdout, stderr } = await run(this.command, args, speakableText(text));
    if (code !== 0) throw new Error(`espeak-ng exited with ${code}: ${stderr.toString().trim()}`);
    const wav = decodeWav(stdout);
    if (wav.channels !== 1) throw new Error('espeak-ng produced more than one channel');
    return { sampleRate: wav.sampleRate, samples: wav.samples };
  }
}

function run(command: string, args: string[], input: string): Promise<{ code: number | null; stdout: Buffer; stderr: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr) });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
