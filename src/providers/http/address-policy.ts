import ipaddr from 'ipaddr.js';

/**
 * Whether an outbound request may connect to this IP. Only global unicast addresses pass:
 * loopback, private, link-local (cloud metadata at 169.254.169.254 included), carrier-grade NAT,
 * unique-local, multicast and reserved ranges are refused. IPv4-mapped IPv6 is judged as IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}
