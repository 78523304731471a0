import { checkDialable, type DialingRules } from './dialing-policy';

const OWN_NUMBER = '+12025550262';
const rules: DialingRules = { allowedCountryCodes: ['1'], ownNumbers: [OWN_NUMBER] };

// Numbers the policy lets through are by definition outside the fictional 555-01xx range; nothing here is dialled.
describe('checkDialable', () => {
  it.each([
    ['(212) 555-0234', '+12125550234'],
    ['212.555.0234', '+12125550234'],
    ['1 212 555 0234', '+12125550234'],
    ['+1 (212) 555-0234', '+12125550234'],
    ['+12125550234', '+12125550234'],
    ['  +1 415-555-0300  ', '+14155550300'],
    ['+1 800 555 0200', '+18005550200'],
    ['+1 416 555 0250', '+14165550250'],
    ['+1 212 977 0000', '+12129770000'],
    ['+1 212 900 0000', '+12129000000'],
  ])('allows %p as %s', (input, e164) => {
    expect(checkDialable(input, rules)).toEqual({ allowed: true, e164 });
  });

  it.each([
    // Emergency, service and other short codes, alone or after a 1.
    ['911', 'emergency_or_service_number'],
    ['9-1-1', 'emergency_or_service_number'],
    ['+911', 'emergency_or_service_number'],
    ['112', 'emergency_or_service_number'],
    ['999', 'emergency_or_service_number'],
    ['000', 'emergency_or_service_number'],
    ['411', 'emergency_or_service_number'],
    ['211', 'emergency_or_service_number'],
    ['988', 'emergency_or_service_number'],
    ['08', 'emergency_or_service_number'],
    ['0', 'emergency_or_service_number'],
    ['1-911', 'emergency_or_service_number'],
    ['+1 911', 'emergency_or_service_number'],
    ['1 411', 'emergency_or_service_number'],
    ['1112', 'emergency_or_service_number'],
    // N11 as area code or exchange.
    ['911-555-0234', 'emergency_or_service_number'],
    ['+1 411 555 0234', 'emergency_or_service_number'],
    ['(212) 911-0234', 'emergency_or_service_number'],
    ['+1 212 611 0234', 'emergency_or_service_number'],
    // Premium rate.
    ['1-900-555-0234', 'premium_rate'],
    ['+1 900 234 5678', 'premium_rate'],
    ['(900) 555-0234', 'premium_rate'],
    ['+1 976 555 0234', 'premium_rate'],
    ['(212) 976-0234', 'premium_rate'],
    ['+1 310 976 1234', 'premium_rate'],
    // The fictional range, in any area code, at both ends.
    ['(212) 555-0100', 'fictional_number'],
    ['(212) 555-0142', 'fictional_number'],
    ['+1 312 555 0199', 'fictional_number'],
    ['1 415 555 0150', 'fictional_number'],
    // Our own caller id, however it is written.
    [OWN_NUMBER, 'own_number'],
    ['(202) 555-0262', 'own_number'],
    // Not a number of an allowed country.
    ['+44 20 7946 0123', 'country_not_allowed'],
    ['+33 1 23 45 67 89', 'country_not_allowed'],
    ['+52 55 1234 5678', 'country_not_allowed'],
    // Not a phone number at all.
    ['', 'not_a_phone_number'],
    ['555-0234', 'not_a_phone_number'],
    ['12345', 'not_a_phone_number'],
    ['(012) 555-0234', 'not_a_phone_number'],
    ['(212) 155-0234', 'not_a_phone_number'],
    ['+1 212 555 02345', 'not_a_phone_number'],
    ['44 20 7946 0123', 'not_a_phone_number'],
    ['1234567890123456', 'not_a_phone_number'],
    ['+0 212 555 0234', 'not_a_phone_number'],
    ['call me', 'not_a_phone_number'],
  ])('refuses %p: %s', (input, reason) => {
    const decision = checkDialable(input, rules);
    expect(decision).toMatchObject({ allowed: false, reason });
    if (!decision.allowed) expect(decision.message.length).toBeGreaterThan(20);
  });

  it('refuses our own caller id however it is written', () => {
    const own: DialingRules = { allowedCountryCodes: ['1'], ownNumbers: ['+1 (415) 234-5678'] };
    for (const input of ['+14152345678', '(415) 234-5678', '1-415-234-5678']) {
      expect(checkDialable(input, own)).toMatchObject({ allowed: false, reason: 'own_number' });
    }
    expect(checkDialable('+14152345679', own)).toEqual({ allowed: true, e164: '+14152345679' });
  });

  it('allows the configured country codes only, and checks the NANP rules on +1 only', () => {
    const uk: DialingRules = { allowedCountryCodes: ['1', '44'], ownNumbers: [] };
    expect(checkDialable('+44 20 7946 0123', uk)).toEqual({ allowed: true, e164: '+442079460123' });
    expect(checkDialable('+44 7700 900555', uk)).toEqual({ allowed: true, e164: '+447700900555' });
    expect(checkDialable('+33 1 23 45 67 89', uk)).toMatchObject({ reason: 'country_not_allowed' });
    const ukOnly: DialingRules = { allowedCountryCodes: ['44'], ownNumbers: [] };
    expect(checkDialable('+1 212 555 0234', ukOnly)).toMatchObject({ reason: 'country_not_allowed' });
    expect(checkDialable('999', ukOnly)).toMatchObject({ reason: 'emergency_or_service_number' });
  });

  it('names the allowed country codes when it refuses another', () => {
    expect(checkDialable('+44 20 7946 0123', rules)).toMatchObject({ message: 'Ringcheck calls only numbers with the country code +1.' });
    const two = { allowedCountryCodes: ['1', '44'], ownNumbers: [] };
    expect(checkDialable('+33 1 23 45 67 89', two)).toMatchObject({ message: 'Ringcheck calls only numbers with the country code +1 or +44.' });
  });

  it('explains each refusal for the person who asked', () => {
    expect(checkDialable('911', rules)).toMatchObject({ message: 'Emergency and service numbers (such as 911, 112 or 411) are never called.' });
    expect(checkDialable('+1 900 234 5678', rules)).toMatchObject({ message: 'Premium-rate numbers (900 and 976) are never called.' });
    expect(checkDialable('(212) 555-0142', rules)).toMatchObject({
      message: 'Numbers from 555-0100 to 555-0199 are fictional: a real call cannot reach them.',
    });
  });
});
