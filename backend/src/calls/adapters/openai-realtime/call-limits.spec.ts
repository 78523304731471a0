import { wrapUpReason, type ConversationClock } from './call-limits';

const clock = (overrides: Partial<ConversationClock>): ConversationClock => ({
  nowMs: 0,
  maxDurationMs: 180_000,
  silenceMs: 12_000,
  lastActivityMs: 0,
  businessSpeaking: false,
  callerPlaying: false,
  ...overrides,
});

describe('wrapUpReason', () => {
  it('wraps up a silent line once the silence lasts long enough', () => {
    expect(wrapUpReason(clock({ nowMs: 11_999 }))).toBeNull();
    expect(wrapUpReason(clock({ nowMs: 20_000, lastActivityMs: 8_000 }))).toBe('silence');
  });

  it('does not count silence while either side is talking', () => {
    expect(wrapUpReason(clock({ nowMs: 30_000, businessSpeaking: true }))).toBeNull();
    expect(wrapUpReason(clock({ nowMs: 30_000, callerPlaying: true }))).toBeNull();
  });

  it('wraps up at the maximum length, even mid-sentence', () => {
    expect(wrapUpReason(clock({ nowMs: 180_000, lastActivityMs: 179_000, businessSpeaking: true }))).toBe('max_length');
  });
});
