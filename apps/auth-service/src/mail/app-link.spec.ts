import { describe, expect, it } from '@jest/globals';
import { appLink } from './app-link.js';

describe('appLink', () => {
  it('builds links on the configured host with the parameters encoded', () => {
    expect(
      appLink('http://localhost:8080', '/setup-password', { token: 'a+b', email: 'x@y.z' }),
    ).toBe('http://localhost:8080/setup-password?token=a%2Bb&email=x%40y.z');
  });

  it('asks for the app route set unless the host is the app host', () => {
    expect(
      appLink('http://localhost:8080', '/login', { mode: 'resetPassword' }, { appRoute: true }),
    ).toBe('http://localhost:8080/login?mode=resetPassword&app=true');
    expect(appLink('https://app.snaptrack.example', '/login', {}, { appRoute: true })).toBe(
      'https://app.snaptrack.example/login',
    );
  });
});
