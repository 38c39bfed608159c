import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

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
  return ipaddr.IPv6.networkAddressFromCIDR(`${address}/64`).toString();
}
