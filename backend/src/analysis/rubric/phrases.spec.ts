import { normalize, sentencesOf } from './phrases';

describe('phrases', () => {
  it('answers the same for a text asked about again, however many texts came between', () => {
    const text = 'Thanks for calling!  We’re open   until five. How can I help you today?';
    const first = { normalized: normalize(text), sentences: [...sentencesOf(text)] };
    expect(first.normalized).toBe("thanks for calling! we're open until five. how can i help you?");
    expect(first.sentences).toEqual(['Thanks for calling!', 'We’re open   until five.', 'How can I help you today?']);
    for (let index = 0; index < 5000; index += 1) normalize(`Filler line ${index}.`) && sentencesOf(`Filler line ${index}. Another.`);
    expect(normalize(text)).toBe(first.normalized);
    expect(sentencesOf(text)).toEqual(first.sentences);
  });

  it('handles a text longer than a spoken turn without keeping it', () => {
    const long = `${'We can come out tomorrow morning. '.repeat(100)}Is that OK?`;
    expect(sentencesOf(long)).toHaveLength(101);
    expect(normalize(long)).toBe(normalize(long));
    expect(normalize(long).endsWith('is that ok?')).toBe(true);
  });
});
