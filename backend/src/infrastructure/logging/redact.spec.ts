import { maskPhone, REDACTED, redact } from './redact';
import { keySensitivity } from './sensitive-keys';

describe('maskPhone', () => {
  it('keeps the first 3 and last 2 characters', () => {
    expect(maskPhone('+15550100')).toBe('+15****00');
    expect(maskPhone('+15555550142')).toBe('+15*******42');
  });

  it('masks short values entirely', () => {
    expect(maskPhone('12345')).toBe('*****');
    expect(maskPhone('')).toBe('');
  });
});

describe('keySensitivity', () => {
  it.each([
    ['phone', 'phone'],
    ['phone_number', 'phone'],
    ['phoneNumber', 'phone'],
    ['to_number', 'phone'],
    ['fromNumber', 'phone'],
    ['To', 'phone-like'],
    ['From', 'phone-like'],
    ['email', 'secret'],
    ['primaryEmailVerified', 'secret'],
    ['password', 'secret'],
    ['access_token', 'secret'],
    ['Authorization', 'secret'],
    ['x-csrf-token', 'secret'],
    ['X-CSRFToken', 'secret'],
    ['set-cookie', 'secret'],
    ['session_id', 'secret'],
    ['fingerprint', 'secret'],
    ['api_key', 'secret'],
    ['apiKey', 'secret'],
    ['GOOGLE_PLACES_API_KEY', 'secret'],
    ['writeKey', 'secret'],
    ['key', 'secret'],
    ['client_secret', 'secret'],
    ['user_id', 'identifier'],
    ['userId', 'identifier'],
    ['clerk_user_id', 'identifier'],
    ['user', 'identifier'],
    ['call_id', 'identifier'],
    ['CallSid', 'identifier'],
    ['twilio_sid', 'identifier'],
    ['discovery_id', 'identifier'],
    ['business_discovery', 'identifier'],
    ['place_result_id', 'identifier'],
    ['business_id', 'identifier'],
    ['anon_id', 'identifier'],
    ['x-anonymous-id', 'identifier'],
  ])('treats %s as %s', (key, expected) => {
    expect(keySensitivity(key)).toBe(expected);
  });

  it.each([
    'id',
    'status',
    'business_name',
    'key_topics',
    'user_agent',
    'keyboard',
    'rating',
    'time_to_answer',
    'rings_before_pickup',
    'context',
    'numbers',
  ])('leaves %s alone', (key) => {
    expect(keySensitivity(key)).toBeUndefined();
  });
});

describe('redact', () => {
  it('masks phones and redacts secrets in a nested payload with arrays', () => {
    const payload = {
      msg: 'call placed',
      call: {
        id: 'call_0b6c9f3e-4a1d-4e2b-8c3f-5d6e7f8a9b0c',
        status: 'queued',
        to_number: '+15550100',
        from_number: '+15550199',
        user: 'user_9d1f2c3b-0a4e-4f5d-8e6c-7b8a9c0d1e2f',
        business_discovery: 'disc_1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        twilio_sid: 'CA0123456789abcdef',
      },
      headers: {
        authorization: 'Bearer abc.def.ghi',
        cookie: 'csrftoken=xyz',
        'x-csrftoken': 'xyz',
        accept: 'application/json',
      },
      results: [
        { name: 'Sunrise Plumbing', phone_number: '+1 555-0142', place_id: 'plsr_x' },
        { name: 'Harbor Dental', phone_number: null },
      ],
      analysis: { key_topics: ['pricing'], rings_before_pickup: 2 },
    };

    expect(redact(payload)).toEqual({
      msg: 'call placed',
      call: {
        id: 'call_0b6c9f3e-4a1d-4e2b-8c3f-5d6e7f8a9b0c',
        status: 'queued',
        to_number: '+15****00',
        from_number: '+15****99',
        user: REDACTED,
        business_discovery: REDACTED,
        twilio_sid: REDACTED,
      },
      headers: { authorization: REDACTED, cookie: REDACTED, 'x-csrftoken': REDACTED, accept: 'application/json' },
      results: [
        { name: 'Sunrise Plumbing', phone_number: '+1 ******42', place_id: REDACTED },
        { name: 'Harbor Dental', phone_number: null },
      ],
      analysis: { key_topics: ['pricing'], rings_before_pickup: 2 },
    });
  });

  it('does not change its input', () => {
    const payload = { user: { email: 'owner@example.com' } };
    redact(payload);
    expect(payload.user.email).toBe('owner@example.com');
  });

  it('walks an object held under an identifier key instead of hiding it', () => {
    expect(redact({ user: { id: 'user_1', email: 'owner@example.com', firstName: 'Ada' } })).toEqual({
      user: { id: 'user_1', email: REDACTED, firstName: 'Ada' },
    });
  });

  it('hides whole objects and arrays under secret keys, but keeps absent values visible', () => {
    expect(
      redact({ tokens: ['a', 'b'], session: { id: 1 }, password: null, token: undefined, cookie_enabled: true }),
    ).toEqual({
      tokens: REDACTED,
      session: REDACTED,
      password: null,
      token: undefined,
      cookie_enabled: true,
    });
  });

  it('masks every value under a phone key, including lists and numbers', () => {
    expect(redact({ phones: ['+15550101', '+15550102'], phone: 15550103 })).toEqual({
      phones: ['+15****01', '+15****02'],
      phone: '155***03',
    });
  });

  it("masks Twilio's To and From only when they hold a number", () => {
    expect(redact({ To: '+15550104', From: '+15550105', transition: { from: 'queued', to: 'in_progress' } })).toEqual({
      To: '+15****04',
      From: '+15****05',
      transition: { from: 'queued', to: 'in_progress' },
    });
  });

  it('turns errors into plain objects and redacts their fields and causes', () => {
    const cause = Object.assign(new Error('upstream refused'), { api_key: 'sk-live-123' });
    const error = Object.assign(new Error('call failed', { cause }), { to_number: '+15550106', code: 'E_DIAL' });
    const result = redact({ err: error }) as { err: Record<string, any> };
    expect(result.err).toMatchObject({
      type: 'Error',
      message: 'call failed',
      to_number: '+15****06',
      code: 'E_DIAL',
      cause: { type: 'Error', message: 'upstream refused', api_key: REDACTED },
    });
    expect(result.err.stack).toContain('call failed');
  });

  it('survives cycles, dates, maps and binary data', () => {
    const node: Record<string, unknown> = { name: 'loop' };
    node.self = node;
    const at = new Date('2024-05-01T12:00:00.000Z');
    expect(redact({ node, at, lookup: new Map([['email', 'a@example.com']]), audio: Buffer.alloc(4) })).toEqual({
      node: { name: 'loop', self: '[Circular]' },
      at: '2024-05-01T12:00:00.000Z',
      lookup: { email: REDACTED },
      audio: '[Binary 4 bytes]',
    });
  });

  it('keeps a value that appears twice (not a cycle)', () => {
    const shared = { status: 'ok' };
    expect(redact({ a: shared, b: shared })).toEqual({ a: { status: 'ok' }, b: { status: 'ok' } });
  });
});
