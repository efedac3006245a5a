import ipaddr from 'ipaddr.js';

/**
 * The bucket a client's address counts in, for throttling: the address in one canonical form, an
 * IPv4-mapped IPv6 address as its IPv4 address, a port a proxy appended dropped, and IPv6 clients by
 * their /64 (one subscriber's network: a client can pick any of its 2^64 addresses). Text that is no
 * address at all counts as itself.
 */
export function addressBucket(raw: string): string {
  const address = parseAddress(raw);
  if (address === undefined) return `other:${raw.trim().toLowerCase()}`;
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`);
  return `${network.toString()}/64`;
}

function parseAddress(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1] !== undefined) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.split('%', 1)[0] ?? text;
  if (!ipaddr.isValid(text)) return undefined;
  const address = ipaddr.parse(text);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) {
    return address.toIPv4Address();
  }
  return address;
}

/** Whether `raw` is an IPv4 or IPv6 address, or a CIDR range of either (TRUSTED_PROXIES). */
export function isAddressOrRange(raw: string): boolean {
  if (raw.includes('/')) {
    try {
      ipaddr.parseCIDR(raw);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(raw) && (ipaddr.IPv4.isValidFourPartDecimal(raw) || raw.includes(':'));
}
