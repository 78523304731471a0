import { EspeakSynthesizer } from './espeak-synthesizer';
import { rms, resample } from './pcm-audio';

describe('EspeakSynthesizer', () => {
  it('is not available when the program is missing', async () => {
    await expect(EspeakSynthesizer.detect('espeak-ng-that-is-not-installed')).resolves.toBeNull();
  });

  it('speaks text as mono 16-bit audio, longer for more words and faster at a higher pace', async () => {
    const espeak = await EspeakSynthesizer.detect();
    if (!espeak) {
      console.warn('espeak-ng is not installed: skipping the speech synthesis check (apt-get install espeak-ng).');
      return;
    }
    const voice = { role: 'person' as const, gender: 'female' as const, pitch: 60, wordsPerMinute: 160 };
    const short = await espeak.synthesize('Thank you for calling.', voice);
    const long = await espeak.synthesize("Thank you for calling Joe's Plumbing, this is Maria, how can I help you today?", voice);
    const fast = await espeak.synthesize("Thank you for calling Joe's Plumbing, this is Maria, how can I help you today?", { ...voice, wordsPerMinute: 320 });
    expect(short.sampleRate).toBe(22050);
    expect(long.samples.length).toBeGreaterThan(short.samples.length * 2);
    expect(fast.samples.length).toBeLessThan(long.samples.length * 0.75);
    expect(rms(resample(long.samples, long.sampleRate, 8000))).toBeGreaterThan(0.02);
  });
});
