import { IvrLoopDetector, normalizedUtterance } from './ivr-loop-detector';

const MENU = 'For service, press 1. For billing, press 2.';

describe('IvrLoopDetector', () => {
  it('reports the third time the same menu is heard, once', () => {
    const detector = new IvrLoopDetector();
    expect(detector.heard(MENU)).toBe(false);
    expect(detector.heard('Sorry, I did not get that.')).toBe(false);
    expect(detector.heard(MENU)).toBe(false);
    expect(detector.heard(MENU)).toBe(true);
    expect(detector.heard(MENU)).toBe(false);
  });

  it('compares words, not punctuation or case', () => {
    const detector = new IvrLoopDetector();
    detector.heard(MENU);
    detector.heard('for service press 1 for billing press 2');
    expect(detector.heard('FOR SERVICE: PRESS 1... FOR BILLING: PRESS 2!')).toBe(true);
    expect(normalizedUtterance("  Joe's  Plumbing, hi! ")).toBe('joe s plumbing hi');
  });

  it('lets short replies repeat', () => {
    const detector = new IvrLoopDetector();
    for (let time = 0; time < 5; time += 1) expect(detector.heard('Hello?')).toBe(false);
  });
});
