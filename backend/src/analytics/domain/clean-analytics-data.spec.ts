import { cleanAnalyticsData, cleanUrl } from './clean-analytics-data';

describe('cleanAnalyticsData', () => {
  it('drops credentials, sessions, fingerprints and e-mail addresses at any depth', () => {
    const cleaned = cleanAnalyticsData({
      method: 'email',
      password: 'hunter2',
      access_token: 'eyJ',
      sessionId: 'abc',
      fingerprint: 'fp-1',
      email: 'dana@example.com',
      nested: { apiKey: 'k', csrfToken: 't', keep: 'yes', list: [{ authorization: 'Bearer x', ok: 1 }] },
    });
    expect(cleaned).toEqual({ method: 'email', nested: { keep: 'yes', list: [{ ok: 1 }] } });
  });

  it('masks phone fields whole and phone numbers in any text', () => {
    expect(
      cleanAnalyticsData({ phone: '+13125550147', phoneNumber: 3125550147, query: 'plumber 312-555-0147', tags: ['555-0199 ext', '(312) 555-0100'] }),
    ).toEqual({ phone: '+131********', phoneNumber: '312*******', query: 'plumber 312-***-****', tags: ['555-0199 ext', '(312) ***-****'] });
  });

  it('cuts error messages to 500 characters, masking first', () => {
    const cleaned = cleanAnalyticsData({ errorType: 'api', errorMessage: `Dialing 312-555-0147 failed ${'x'.repeat(900)}`, error_message: 'short' });
    expect(String(cleaned.errorMessage)).toHaveLength(500);
    expect(String(cleaned.errorMessage).startsWith('Dialing 312-***-**** failed')).toBe(true);
    expect(cleaned.error_message).toBe('short');
    expect(cleaned.errorType).toBe('api');
  });

  it('takes little time over long field names', () => {
    const started = performance.now();
    const name = 'A'.repeat(30_000);
    expect(cleanAnalyticsData({ [name]: 1, [`${name}Token`]: 'x' })).toHaveProperty([name], 1);
    expect(cleanUrl(`/p?${name}=1`)).toBe(`/p?${name}=1`);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('keeps the product ids the events are about', () => {
    const props = { callId: 'call_0b6c9f3e-1234-4abc-8def-0123456789ab', businessId: 'plsr_1', userId: 'user_2', duration: 42, outcome: 'answered' };
    expect(cleanAnalyticsData(props)).toEqual(props);
  });
});

describe('cleanUrl', () => {
  it('removes sensitive query parameters and masks numbers', () => {
    expect(cleanUrl('https://app.example.com/reset?token=abc&utm_source=mail&to=3125550147#top')).toBe(
      'https://app.example.com/reset?utm_source=mail&to=312*******#top',
    );
    expect(cleanUrl('/search?q=312-555-0147&email=a%40b.c')).toBe('/search?q=312-***-****');
    expect(cleanUrl('/call/call_0b6c9f3e-1234-4abc-8def-0123456789ab')).toBe('/call/call_0b6c9f3e-1234-4abc-8def-0123456789ab');
  });
});
