// Which IP addresses a customer's URL may reach: global unicast only, IPv4 and IPv6 alike.
// ipaddr.js's range() is not enough on its own: it calls IPv4-compatible addresses
// (`::127.0.0.1`, `::a9fe:a9fe`) "unicast", and it names the translation forms (NAT64, 6to4,
// Teredo) without saying what they reach. So every IPv6 form that carries an IPv4 address is
// judged by that IPv4 address, and other IPv6 addresses must lie in 2000::/3 outside the special
// ranges (IANA special-purpose address registries, as of RFC 9637).
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;
type Range<T> = [T, number];

const v4 = (cidr: string) => ipaddr.IPv4.parseCIDR(cidr);
const v6 = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);

/** IPv4 ranges that are not global unicast. */
const IPV4_REFUSED: Range<IPv4>[] = [
  '0.0.0.0/8', // "this network"; connecting to 0.0.0.0 reaches the local host on Linux
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24',
  '198.51.100.0/24',
  '203.0.113.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '198.18.0.0/15', // benchmarking
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and the broadcast address
].map(v4);

/** IPv6 ranges refused whatever follows, before any IPv4 is looked for. */
const IPV6_REFUSED: Range<IPv6>[] = [
  // NAT64 local-use prefix (RFC 8215): the operator picks where the IPv4 address sits (/48 to /96),
  // so it cannot be read reliably, and IANA marks the range not globally reachable.
  '64:ff9b:1::/48',
  '2001:db8::/32',
  '3fff::/20', // documentation
  '3ffe::/16', // the former 6bone (RFC 3701)
].map(v6);

/** IPv6 forms that carry an IPv4 address, and where it sits in the 16 bytes. */
const EMBEDDING: Array<{ range: Range<IPv6>; ipv4s: (bytes: number[]) => number[][] }> = [
  { range: v6('::/96'), ipv4s: (b) => [b.slice(12, 16)] }, // IPv4-compatible (deprecated)
  { range: v6('::ffff:0:0/96'), ipv4s: (b) => [b.slice(12, 16)] }, // IPv4-mapped
  { range: v6('::ffff:0:0:0/96'), ipv4s: (b) => [b.slice(12, 16)] }, // IPv4-translated (SIIT)
  { range: v6('64:ff9b::/96'), ipv4s: (b) => [b.slice(12, 16)] }, // NAT64 well-known prefix
  { range: v6('2002::/16'), ipv4s: (b) => [b.slice(2, 6)] }, // 6to4
  // Teredo: the server's IPv4 in bytes 4-7, the client's in bytes 12-15 with every bit inverted.
  { range: v6('2001::/32'), ipv4s: (b) => [b.slice(4, 8), b.slice(12, 16).map((x) => x ^ 0xff)] },
];

const GLOBAL_UNICAST = v6('2000::/3');
/** IETF protocol assignments inside 2000::/3 (benchmarking, ORCHID, AMT...); Teredo is judged above. */
const IETF_ASSIGNMENTS = v6('2001::/23');

const LOOPBACK_V4 = v4('127.0.0.0/8');
const LOOPBACK_V6 = ipaddr.IPv6.parse('::1');

/**
 * Whether an address may be reached. `allowLoopback` (test-only) admits 127.0.0.0/8 and ::1
 * written plainly; loopback hidden in an IPv6 form stays refused even then.
 */
export function addressAllowed(address: string, policy: { allowLoopback: boolean }): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    const ip = parsed as IPv4;
    return (policy.allowLoopback && ip.match(LOOPBACK_V4)) || ipv4Global(ip);
  }
  const ip = parsed as IPv6;
  return (policy.allowLoopback && ip.match(LOOPBACK_V6, 128)) || ipv6Global(ip);
}

function ipv4Global(ip: IPv4): boolean {
  return !IPV4_REFUSED.some((range) => ip.match(range));
}

function ipv6Global(ip: IPv6): boolean {
  if (IPV6_REFUSED.some((range) => ip.match(range))) return false;
  const embedding = EMBEDDING.find(({ range }) => ip.match(range));
  if (embedding)
    return embedding.ipv4s(ip.toByteArray()).every((octets) => ipv4Global(new ipaddr.IPv4(octets)));
  return ip.match(GLOBAL_UNICAST) && !ip.match(IETF_ASSIGNMENTS);
}
