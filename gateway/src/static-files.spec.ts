import { describe, expect, it } from '@jest/globals';
import { wantsLandingPage } from './static-files.js';

describe('which page `/` serves', () => {
  it('is the prerendered landing page on the marketing host', () => {
    expect(wantsLandingPage('/', 'snaptrack.example', undefined)).toBe(true);
    expect(wantsLandingPage('/', 'localhost', 'false')).toBe(true);
  });

  it('is the empty app shell for the app route set and for any other path', () => {
    expect(wantsLandingPage('/', 'localhost', 'true')).toBe(false);
    expect(wantsLandingPage('/', 'App.snaptrack.example', undefined)).toBe(false);
    expect(wantsLandingPage('/pricing', 'localhost', undefined)).toBe(false);
  });
});
