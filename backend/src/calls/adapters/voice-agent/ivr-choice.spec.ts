import { chooseIvrDigit, ivrOptionsOf } from './ivr-choice';

describe('ivrOptionsOf', () => {
  it('uses the listed options when the menu has them', () => {
    const options = [{ digit: '1', label: 'for sales' }];
    expect(ivrOptionsOf({ kind: 'ivr_menu', text: 'For sales, press 1.', options })).toBe(options);
  });

  it('reads options out of the words in both common phrasings', () => {
    const text = 'For billing questions, press 1. To schedule service or a repair, press 2. Press 9 to hear these options again. Press star for the directory.';
    expect(ivrOptionsOf({ kind: 'ivr_menu', text })).toEqual([
      { digit: '1', label: 'For billing questions' },
      { digit: '2', label: 'To schedule service or a repair' },
      { digit: '9', label: 'to hear these options again' },
      { digit: '*', label: 'for the directory' },
    ]);
  });
});

describe('chooseIvrDigit', () => {
  const options = [
    { digit: '1', label: 'for billing questions' },
    { digit: '2', label: 'to schedule service or a repair' },
    { digit: '3', label: 'for employment opportunities' },
    { digit: '0', label: 'for anything else' },
  ];

  it('picks the option sharing the most words with the goal', () => {
    expect(chooseIvrDigit(options, ['service', 'repair', 'schedule'])).toBe('2');
  });

  it('falls back to the operator option, then to 0, then gives up', () => {
    expect(chooseIvrDigit(options, ['reservation'])).toBe('0');
    expect(chooseIvrDigit(options.slice(0, 3), ['reservation'])).toBe('0');
    expect(chooseIvrDigit(options.slice(0, 3), ['reservation'], ['0'])).toBeNull();
  });

  it('skips keys already tried on the same menu', () => {
    expect(chooseIvrDigit(options, ['service', 'repair'], ['2'])).toBe('0');
  });
});
