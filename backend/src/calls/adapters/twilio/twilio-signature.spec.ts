import { isValidTwilioSignature, twilioSignature } from './twilio-signature';

describe('X-Twilio-Signature', () => {
  // The example of Twilio's security documentation and helper libraries.
  const token = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };

  it("matches Twilio's documented example", () => {
    expect(twilioSignature(token, url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('refuses a changed parameter, another URL, a missing or foreign signature', () => {
    const signature = twilioSignature(token, url, params);
    expect(isValidTwilioSignature(token, url, params, signature)).toBe(true);
    expect(isValidTwilioSignature(token, url, { ...params, Digits: '9' }, signature)).toBe(false);
    expect(isValidTwilioSignature(token, `${url}&x=1`, params, signature)).toBe(false);
    expect(isValidTwilioSignature(token, url, params, undefined)).toBe(false);
    expect(isValidTwilioSignature('other-token', url, params, signature)).toBe(false);
  });

  it('signs a repeated parameter once per value, values sorted', () => {
    expect(twilioSignature(token, url, { Event: ['ringing', 'answered'] })).toBe(twilioSignature(token, url, { Event: ['answered', 'ringing'] }));
  });
});
