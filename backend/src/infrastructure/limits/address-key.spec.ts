import { addressKeyOf } from './address-key';

describe('addressKeyOf', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped ones', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts IPv6 addresses by their /64 network, however they are written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(addressKeyOf('2001:db8:85a3:42::1')).toBe(key);
    expect(addressKeyOf('2001:0DB8:85a3:0042:ffff:0:0:9')).toBe(key);
    expect(addressKeyOf('2001:db8:85a3:42:1234:5678:9abc:def0')).toBe(key);
    expect(addressKeyOf('2001:db8:85a3:43::1')).not.toBe(key);
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressKeyOf('unknown')).toBe('unknown');
  });
});
