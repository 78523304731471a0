import { speakableText } from './speakable-text';

describe('speakableText', () => {
  it('reads phone numbers digit by digit, in their groups', () => {
    expect(speakableText("Sure, it's Jordan Avery, 312-555-0147.")).toBe("Sure, it's Jordan Avery, 3 1 2, 5 5 5, 0 1 4 7.");
  });

  it('puts the currency after the amount', () => {
    expect(speakableText('The service call is $89, and a cake is $27.50.')).toBe('The service call is 89 dollars, and a cake is 27.50 dollars.');
  });

  it('leaves other text alone', () => {
    expect(speakableText('We can do Monday at nine.')).toBe('We can do Monday at nine.');
  });
});
