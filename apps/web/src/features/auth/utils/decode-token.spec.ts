import { describe, expect, it } from '@jest/globals';
import { decodeTokenClaims, timeLeft } from './decode-token';

function token(claims: object): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

describe('decodeTokenClaims', () => {
  it('reads the payload of a JWT', () => {
    expect(decodeTokenClaims(token({ user_id: 'u-1', auth_version: 3, exp: 100 }))).toEqual({
      user_id: 'u-1',
      auth_version: 3,
      exp: 100,
    });
  });

  it('is null for text that is not a JWT', () => {
    expect(decodeTokenClaims('not-a-token')).toBeNull();
    expect(decodeTokenClaims('a.@@@.c')).toBeNull();
  });
});

describe('timeLeft', () => {
  it('counts down in hours, minutes and seconds', () => {
    expect(timeLeft(3_725, 0)).toBe('1h 2m 5s');
    expect(timeLeft(65, 0)).toBe('1m 5s');
    expect(timeLeft(10, 20_000)).toBe('expired');
  });
});
