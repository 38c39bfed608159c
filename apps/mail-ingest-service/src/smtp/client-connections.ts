import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Open SMTP connections per client, so one host cannot take every slot of `SMTP_MAX_CLIENTS`
 * (each slot may hold a DATA stream for the socket timeout). IPv6 clients count per /64: one
 * host is usually given a whole /64, so counting single addresses would not hold it back.
 */
export class ClientConnections {
  private readonly open = new Map<string, number>();
  /** Sessions counted in `open`, with their key (a refused one is never counted). */
  private readonly counted = new WeakMap<object, string>();

  constructor(private readonly perClient: number) {}

  /** Counts the session in; false (and not counted) when its client has every slot it may. */
  admit(session: object, remoteAddress: string): boolean {
    const key = clientKey(remoteAddress);
    const now = this.open.get(key) ?? 0;
    if (now >= this.perClient) return false;
    this.open.set(key, now + 1);
    this.counted.set(session, key);
    return true;
  }

  /** The session closed (whether or not it was admitted). */
  release(session: object): void {
    const key = this.counted.get(session);
    if (key === undefined) return;
    this.counted.delete(session);
    const left = (this.open.get(key) ?? 1) - 1;
    if (left > 0) this.open.set(key, left);
    else this.open.delete(key);
  }
}

/** The address itself for IPv4 (also IPv4-mapped IPv6); the /64 network for IPv6. */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [withoutZone = ''] = address.split('%');
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${withoutZone}/64`).toString()}/64`;
}
