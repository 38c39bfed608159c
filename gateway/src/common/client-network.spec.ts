import { describe, expect, it } from '@jest/globals';
import { clientAddress, networkKey } from './client-network.js';

describe('networkKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys every address of an IPv6 /64 alike, however it is written', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::',
    ].map(networkKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::']));
  });

  it('tells different /64s apart', () => {
    expect(networkKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::');
    expect(networkKey('2001:db8::1')).toBe('2001:db8::');
    expect(networkKey('::1')).toBe('::');
    expect(networkKey('fe80::1%eth0')).toBe('fe80::');
  });
});

describe('clientAddress', () => {
  it('unwraps an IPv4-mapped address', () => {
    expect(clientAddress({ ip: '::ffff:198.51.100.4' })).toBe('198.51.100.4');
    expect(clientAddress({ ip: '2001:db8::5' })).toBe('2001:db8::5');
    expect(clientAddress({})).toBeUndefined();
  });
});
