import { maskDigitsAfterThree, maskPhoneNumbers } from './phone-numbers';

describe('maskPhoneNumbers', () => {
  it.each([
    ['+1 (312) 555-0147', '+1 (31*) ***-****'],
    ['312-555-0147', '312-***-****'],
    ['3125550147', '312*******'],
    ['13125550147', '131********'],
    ['(312) 555.0147', '(312) ***.****'],
    ['+44 20 7946 0958', '+44 2* **** ****'],
  ])('masks %s after its first 3 digits', (number, masked) => {
    expect(maskPhoneNumbers(number)).toBe(masked);
  });

  it('masks numbers inside text and leaves the text alone', () => {
    expect(maskPhoneNumbers('Call to +1 312-555-0147 failed: busy')).toBe('Call to +1 31*-***-**** failed: busy');
    expect(maskPhoneNumbers('pizza near 312 555 0147, open late')).toBe('pizza near 312 *** ****, open late');
  });

  it.each([
    '2026-11-22',
    '2026-11-22 10:00:00',
    '11/22/2026 10:30',
    '$1,299.00',
    'call_0b6c9f3e-1234-4abc-8def-012345678901',
    '0b6c9f3e-1234-4abc-8def-0123456789ab',
    'order 555-0147',
    'visitors: 1234567',
    '1732274400000',
    'Room 12, floor 3',
  ])('leaves %s as it is', (text) => {
    expect(maskPhoneNumbers(text)).toBe(text);
  });

  it('takes time in proportion to the text, however it is built', () => {
    const hostile = [`${'1 '.repeat(15_000)}a`, `${'1-'.repeat(15_000)}x`, `${'9'.repeat(30_000)}z`, `(${' 1'.repeat(15_000)}`, `1${' '.repeat(30_000)}1`, `1${'-'.repeat(30_000)}`];
    const started = performance.now();
    for (const text of hostile) expect(maskPhoneNumbers(text)).toHaveLength(text.length);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('maskDigitsAfterThree', () => {
  it('keeps the first 3 digits and every separator', () => {
    expect(maskDigitsAfterThree('+1 312 555 0147')).toBe('+1 31* *** ****');
    expect(maskDigitsAfterThree('12')).toBe('12');
  });
});
