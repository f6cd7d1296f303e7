import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4, as dual-stack sockets report) counts as IPv4. */
function normalize(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function parseRange(entry: string): [Address, number] {
  if (entry.includes('/')) {
    const [address, bits] = ipaddr.parseCIDR(entry);
    return [address, bits];
  }
  const address = ipaddr.parse(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** Whether `entry` is an IPv4 or IPv6 address or CIDR range. */
export function isValidIpOrCidr(entry: string): boolean {
  try {
    parseRange(entry);
    return true;
  } catch {
    return false;
  }
}

/** Whether the client address falls in any of the allowed addresses or ranges. */
export function isIpAllowed(clientIp: string, allowed: readonly string[]): boolean {
  let client: Address;
  try {
    client = normalize(ipaddr.parse(clientIp));
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    try {
      const [range, bits] = parseRange(entry);
      const target = normalize(range);
      if (target.kind() !== client.kind()) return false;
      // A mapped range (::ffff:10.0.0.0/104) narrows by 96 bits once it is seen as IPv4.
      const prefix = range.kind() === 'ipv6' && target.kind() === 'ipv4' ? Math.max(0, bits - 96) : bits;
      return client.match(target, prefix);
    } catch {
      return false;
    }
  });
}
