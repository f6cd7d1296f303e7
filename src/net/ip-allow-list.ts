import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4, as dual-stack sockets report) counts as IPv4. */
function normalize(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

const DECIMAL_BITS = /^(?:0|[1-9]\d{0,2})$/;

/** An address as people write it: IPv4 in four decimal parts without leading zeros (ipaddr.js
 * would also read 0177.0.0.1 as octal 127.0.0.1, 2130706433 as one number and 127.1 as
 * 127.0.0.1, so an entry meant for one address would admit another), IPv6 without a zone. */
function parseAddress(text: string): Address {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  const embedded = text.includes('.') ? text.slice(text.lastIndexOf(':') + 1) : null;
  if (
    ipaddr.IPv6.isValid(text) &&
    !text.includes('%') &&
    (embedded === null || ipaddr.IPv4.isValidFourPartDecimal(embedded))
  )
    return ipaddr.IPv6.parse(text);
  throw new Error(`not an IP address: ${text}`);
}

function parseRange(entry: string): [Address, number] {
  const slash = entry.indexOf('/');
  if (slash === -1) {
    const address = parseAddress(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  }
  const address = parseAddress(entry.slice(0, slash));
  const bits = entry.slice(slash + 1);
  if (!DECIMAL_BITS.test(bits) || Number(bits) > (address.kind() === 'ipv4' ? 32 : 128))
    throw new Error(`not a prefix length: ${bits}`);
  return [address, Number(bits)];
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
