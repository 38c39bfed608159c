import { isIPv6 } from 'node:net';

/** The caller's address as Express sees it (X-Forwarded-For only from TRUST_PROXY proxies). */
export function clientAddress(request: { ip?: string }): string | undefined {
  const ip = request.ip;
  return ip?.toLowerCase().startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

/**
 * What a per-IP limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
 * customer's network holds 2^64 addresses, so counting each alone counts nothing), written as
 * the network's first address (`2001:db8:1:2::`) so it stays a valid IP for the services.
 */
export function networkKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [address = ''] = ip.split('%');
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An IPv4 tail (::ffff:1.2.3.4 is handled above; 64:ff9b::1.2.3.4 and the like) is past the
  // first 64 bits, so it never matters here.
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::`;
}
