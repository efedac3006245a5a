import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a webhook may be delivered to (docs/operations.md, Webhooks). `public`: only public
 * unicast addresses; `loopback` (development) also the loopback ones. Private, link-local, shared,
 * multicast and reserved ranges are never delivered to, IPv4 and IPv6 alike (an IPv4 address mapped
 * into IPv6, or embedded by NAT64 or 6to4, is judged as the IPv4 address it carries).
 */
export type WebhookAddressRule = 'public' | 'loopback';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`). */
function embeddedIpv4(address: string): string | undefined {
  const words = expandIpv6(address);
  if (words === undefined) return undefined;
  const ipv4 = (high: number, low: number) =>
    `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return ipv4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) {
    return ipv4(words[6] ?? 0, words[7] ?? 0);
  }
  if (words[0] === 0x2002) return ipv4(words[1] ?? 0, words[2] ?? 0);
  // IPv4-compatible (deprecated) `::a.b.c.d`.
  if (zeros(0, 6) && !(words[6] === 0 && (words[7] ?? 0) <= 1)) {
    return ipv4(words[6] ?? 0, words[7] ?? 0);
  }
  return undefined;
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part included). */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const missing = 8 - front.length - back.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const words = [...front, ...Array<number>(missing).fill(0), ...back];
  return words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff)
    ? words
    : undefined;
}

/**
 * Why `address` (an IP address as text) may not receive a webhook under `rule`, or undefined when it
 * may.
 */
export function refusedAddress(address: string, rule: WebhookAddressRule): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 6) {
    const carried = embeddedIpv4(address);
    if (carried !== undefined) {
      const why = refusedAddress(carried, rule);
      return why === undefined ? undefined : `${address} carries ${why}`;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (rule === 'loopback' && LOOPBACK.check(address, type)) return undefined;
  if (NOT_PUBLIC.check(address, type)) {
    return `${address} is a private, loopback, link-local or reserved address`;
  }
  return undefined;
}
