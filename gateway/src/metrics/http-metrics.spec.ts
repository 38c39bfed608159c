import { describe, expect, it } from '@jest/globals';
import { methodLabel, routeLabel } from './http-metrics.js';

describe('routeLabel', () => {
  it('is the template Express matched, never the path with its ids', () => {
    expect(routeLabel({ baseUrl: '', route: { path: '/api/expenses/:id/image' } })).toBe(
      '/api/expenses/:id/image',
    );
    expect(routeLabel({ baseUrl: '/api', route: { path: '/parse' } })).toBe('/api/parse');
  });

  it('puts every request no route matched under one label', () => {
    expect(routeLabel({ baseUrl: '' })).toBe('unmatched');
    expect(routeLabel({ baseUrl: '', route: { path: /regex/ } })).toBe('unmatched');
  });
});

describe('methodLabel', () => {
  it('keeps the standard methods and folds invented ones', () => {
    expect(methodLabel('POST')).toBe('POST');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect(methodLabel(undefined)).toBe('OTHER');
  });
});
