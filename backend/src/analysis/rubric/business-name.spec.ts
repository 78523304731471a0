import { mentionsBusinessName, nameTokens } from './business-name';

describe('business name in speech', () => {
  it('keeps the distinctive words of a name', () => {
    expect(nameTokens("The Joe's Plumbing & Drain Co., LLC")).toEqual(['joe', 'plumbing', 'drain']);
  });

  it('needs at least half of them', () => {
    expect(mentionsBusinessName("Thanks for calling Joe's Plumbing!", "Joe's Plumbing & Drain")).toBe(true);
    expect(mentionsBusinessName('Plumbing, hello.', "Joe's Plumbing & Drain")).toBe(false);
    expect(mentionsBusinessName('Hello, Brightsmile.', 'BrightSmile')).toBe(true);
    expect(mentionsBusinessName('Hello?', 'BrightSmile')).toBe(false);
  });
});
