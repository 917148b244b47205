// Which addresses customer URLs may reach: global unicast only, and every IPv6 form that carries
// an IPv4 address judged by that IPv4 address (issue 15: `::127.0.0.1` and `::a9fe:a9fe` got through).
import { describe, expect, it } from 'vitest';
import { addressAllowed } from '../../src/http/address-policy.ts';

const strict = { allowLoopback: false };
const allowed = (address: string) => addressAllowed(address, strict);

describe('IPv4: global unicast only', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '192.0.0.8',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '192.88.99.1',
    '198.18.0.1',
    '198.19.255.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
  ])('%s is refused', (address) => expect(allowed(address)).toBe(false));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '192.169.0.1',
    '223.255.255.1',
  ])('%s is allowed', (address) => expect(allowed(address)).toBe(true));
});

describe('IPv6 without an IPv4 address: 2000::/3 outside the special ranges', () => {
  it.each([
    ['unspecified', '::'],
    ['loopback', '::1'],
    ['unique local', 'fc00::1'],
    ['unique local', 'fd12:3456::1'],
    ['link-local', 'fe80::1'],
    ['link-local with a zone', 'fe80::1%eth0'],
    ['site-local', 'fec0::1'],
    ['multicast', 'ff02::1'],
    ['multicast', 'ff0e::1'],
    ['documentation', '2001:db8::1'],
    ['documentation', '3fff::1'],
    ['benchmarking', '2001:2::1'],
    ['ORCHIDv2', '2001:20::1'],
    ['6bone', '3ffe::1'],
    ['discard', '100::1'],
    ['SRv6 SIDs', '5f00::1'],
    ['unallocated', '4000::1'],
  ])('%s %s is refused', (_name, address) => expect(allowed(address)).toBe(false));

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2620:4f:8000::1'])(
    '%s is allowed',
    (address) => expect(allowed(address)).toBe(true),
  );
});

describe('IPv6 forms that carry an IPv4 address are judged by it', () => {
  it.each([
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['IPv4-compatible loopback, hex', '::7f00:1'],
    ['IPv4-compatible metadata', '::a9fe:a9fe'],
    ['IPv4-compatible private', '::10.0.0.1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped metadata, hex', '::ffff:a9fe:a9fe'],
    ['IPv4-mapped CGNAT', '::ffff:100.64.0.1'],
    ['IPv4-translated private', '::ffff:0:192.168.0.1'],
    ['NAT64 loopback', '64:ff9b::127.0.0.1'],
    ['NAT64 metadata', '64:ff9b::a9fe:a9fe'],
    ['NAT64 private', '64:ff9b::c0a8:101'],
    ['NAT64 local-use, any IPv4', '64:ff9b:1::808:808'],
    ['NAT64 local-use /48 form', '64:ff9b:1:7f00:1::'],
    ['6to4 loopback', '2002:7f00:1::1'],
    ['6to4 metadata', '2002:a9fe:a9fe::'],
    ['6to4 private', '2002:c0a8:101::1'],
    ['Teredo client loopback (XOR-ed)', '2001:0:808:808:0:0:80ff:fffe'],
    ['Teredo client metadata (XOR-ed)', '2001:0:808:808::5601:5601'],
    ['Teredo server private', '2001:0:a00:1::f7f7:f7f7'],
  ])('%s: %s is refused', (_name, address) => expect(allowed(address)).toBe(false));

  it.each([
    ['IPv4-compatible public', '::8.8.8.8'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['NAT64 public', '64:ff9b::808:808'],
    ['6to4 public', '2002:808:808::1'],
    ['Teredo, public server and client', '2001:0:808:808::f7f7:f7f7'],
  ])('%s: %s is allowed', (_name, address) => expect(allowed(address)).toBe(true));
});

describe('the test-only loopback allowance', () => {
  const loose = { allowLoopback: true };
  it('admits 127.0.0.0/8 and ::1 written plainly, and nothing else', () => {
    expect(addressAllowed('127.0.0.1', loose)).toBe(true);
    expect(addressAllowed('127.0.0.2', loose)).toBe(true);
    expect(addressAllowed('::1', loose)).toBe(true);
    for (const address of [
      '10.0.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::',
      '::127.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'fc00::1',
    ]) {
      expect(addressAllowed(address, loose), address).toBe(false);
    }
  });

  it('refuses what is not an address', () => {
    expect(addressAllowed('not an ip', loose)).toBe(false);
    expect(addressAllowed('', loose)).toBe(false);
  });
});
