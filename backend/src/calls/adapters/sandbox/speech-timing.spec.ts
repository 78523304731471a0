import { speechDurationMs, spokenWordCount, wordsSpokenBy } from './speech-timing';

describe('spokenWordCount', () => {
  it('counts words, phone digits one by one, and numbers as the few words they take', () => {
    expect(spokenWordCount('Thank you for calling, how can I help you?')).toBe(9);
    expect(spokenWordCount("It's 312-555-0147.")).toBe(11);
    expect(spokenWordCount('The service call is $89.')).toBe(4 + 3);
    expect(spokenWordCount('A 2016 Honda Civic')).toBe(1 + 3 + 2);
    expect(spokenWordCount('— , .')).toBe(0);
  });
});

describe('speechDurationMs', () => {
  it('lasts as long as the words take at the pace', () => {
    const ten = 'one two three four five six seven eight nine ten';
    expect(speechDurationMs(ten, 150)).toBe(4000);
    expect(speechDurationMs(`${ten} ${ten}`, 150)).toBe(8000);
    expect(speechDurationMs(ten, 200)).toBe(3000);
  });

  it('adds short pauses at commas and between sentences, and has a floor', () => {
    expect(speechDurationMs('one, two.', 120)).toBe(1000 + 120);
    expect(speechDurationMs('One. Two.', 120)).toBe(1000 + 250);
    expect(speechDurationMs('Let me see... okay.', 120)).toBe(2000 + 600);
    expect(speechDurationMs('Hi', 600)).toBe(350);
  });
});

describe('wordsSpokenBy', () => {
  it('keeps the words said before a cut', () => {
    expect(wordsSpokenBy('one two three four', 4000, 2000)).toBe('one two');
    expect(wordsSpokenBy('one two three four', 4000, 5000)).toBe('one two three four');
    expect(wordsSpokenBy('one two three four', 4000, 0)).toBe('');
  });
});
