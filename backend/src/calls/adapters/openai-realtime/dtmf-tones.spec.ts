import { dtmfMuLaw, keypadDigits } from './dtmf-tones';
import { pcmFromMuLaw } from './mu-law';
import { detectDtmf } from './testing/dtmf-detector';

describe('dtmfMuLaw', () => {
  it('lasts 100 ms of tone and 80 ms of gap per key, at 8 kHz', () => {
    expect(dtmfMuLaw('1')).toHaveLength(1440);
    expect(dtmfMuLaw('123')).toHaveLength(3 * 1440);
  });

  it('sends every key of the keypad so that a Goertzel detector hears it', () => {
    const keys = '123456789*0#';
    expect(detectDtmf(pcmFromMuLaw(dtmfMuLaw(keys)))).toBe(keys);
  });

  it('keeps repeated keys apart', () => {
    expect(detectDtmf(pcmFromMuLaw(dtmfMuLaw('1100')))).toBe('1100');
  });

  it('drops what a keypad cannot send', () => {
    expect(keypadDigits('1, 2 then #w')).toBe('12#');
    expect(dtmfMuLaw('pressing')).toHaveLength(0);
  });

  it('hears nothing in silence or in a single tone', () => {
    expect(detectDtmf(new Int16Array(8000))).toBe('');
    const tone = Int16Array.from({ length: 8000 }, (_, index) => 8000 * Math.sin((2 * Math.PI * 697 * index) / 8000));
    expect(detectDtmf(tone)).toBe('');
  });
});
