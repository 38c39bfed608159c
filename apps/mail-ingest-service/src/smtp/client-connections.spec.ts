import { ClientConnections, clientKey } from './client-connections.js';

describe('clientKey', () => {
  it('keeps an IPv4 address, also when IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, however it is written', () => {
    expect(clientKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(clientKey('::1')).toBe('::/64');
  });
});

describe('ClientConnections', () => {
  it('admits up to the limit per client, and again once one closes', () => {
    const connections = new ClientConnections(2);
    const [a, b, c, other] = [{}, {}, {}, {}];
    expect(connections.admit(a, '2001:db8::1')).toBe(true);
    expect(connections.admit(b, '2001:db8::2')).toBe(true);
    expect(connections.admit(c, '2001:db8::3')).toBe(false);
    expect(connections.admit(other, '2001:db8:1::1')).toBe(true);
    connections.release(c); // refused: never counted, frees nothing
    expect(connections.admit(c, '2001:db8::3')).toBe(false);
    connections.release(a);
    expect(connections.admit(c, '2001:db8::3')).toBe(true);
  });
});
