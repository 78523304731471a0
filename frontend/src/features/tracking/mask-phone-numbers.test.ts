// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { maskPhoneNumbers } from './mask-phone-numbers';

describe('maskPhoneNumbers', () => {
  it.each([
    ['+1 (312) 555-0147', '+1 (31*) ***-****'],
    ['312-555-0147', '312-***-****'],
    ['3125550147', '312*******'],
    ['(312) 555-0147', '(312) ***-****'],
    ['312.555.0147', '312.***.****'],
    ['1-312-555-0147', '1-31*-***-****'],
    ['+13125550147', '+131********'],
    ['+44 20 7946 0958', '+44 2* **** ****'],
  ])('masks %s after its first three digits', (input, masked) => {
    expect(maskPhoneNumbers(input)).toBe(masked);
  });

  it('masks numbers inside text and keeps the text around them', () => {
    expect(maskPhoneNumbers('Call 312-555-0147 or (773) 555-0199, ask for Sam.')).toBe('Call 312-***-**** or (773) ***-****, ask for Sam.');
    expect(maskPhoneNumbers('Request failed: to_number +1 (312) 555-0147 is not allowed')).toBe(
      'Request failed: to_number +1 (31*) ***-**** is not allowed',
    );
    expect(maskPhoneNumbers('phone:3125550147.')).toBe('phone:312*******.');
  });

  it.each([
    '2024-05-01',
    '2024-05-01T10:42:07.123Z',
    '05/01/2024 10:42',
    '$3125.50',
    '$1,234,567.89',
    '1234567890',
    '1717171717',
    '1717171717171',
    '3125550147123',
    '3.125550147',
    'call_3125550147',
    'anon_3125550147',
    '550e8400-e29b-41d4-a716-446655440000',
    '0192f3a4-3125-7550-8147-000000000001',
    'Score 9.3 of 10, 42 calls, 120 requests per minute',
    'ChIJ3125550147abcdEF',
    'version 1.2.3',
  ])('leaves %s alone', (text) => {
    expect(maskPhoneNumbers(text)).toBe(text);
  });
});
