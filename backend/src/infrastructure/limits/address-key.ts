import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address that limits count against: an IPv4 address as it is (an IPv4-mapped IPv6
 * address included), an IPv6 address by its /64 network, since one subscriber is routinely given a
 * whole /64 and could otherwise pick a fresh address for every request.
 */
export function addressKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head, tail = null] = address.split('%')[0].toLowerCase().split('::');
  const groupsOf = (part: string | null) => (part ? part.split(':') : []);
  const left = groupsOf(head);
  const right = tail === null ? [] : groupsOf(tail);
  const missing = tail === null ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
