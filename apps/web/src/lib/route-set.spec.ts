import { describe, expect, it } from '@jest/globals';
import { chooseRouteSet, isAppHost, loginHref } from './route-set';

describe('chooseRouteSet', () => {
  it('shows the marketing set on localhost and the marketing host', () => {
    expect(chooseRouteSet({ hostname: 'localhost', search: '', remembered: false })).toEqual({
      routeSet: 'marketing',
      remember: null,
    });
    expect(
      chooseRouteSet({ hostname: 'snaptrack.example', search: '', remembered: false }).routeSet,
    ).toBe('marketing');
  });

  it('shows the app set on a host starting with app.', () => {
    expect(chooseRouteSet({ hostname: 'app.localhost', search: '', remembered: false })).toEqual({
      routeSet: 'app',
      remember: null,
    });
    expect(
      chooseRouteSet({ hostname: 'APP.snaptrack.example', search: '', remembered: false }).routeSet,
    ).toBe('app');
  });

  it('forces the app set with ?app=true and remembers it for the tab', () => {
    expect(
      chooseRouteSet({ hostname: 'localhost', search: '?app=true', remembered: false }),
    ).toEqual({
      routeSet: 'app',
      remember: true,
    });
    expect(
      chooseRouteSet({
        hostname: 'localhost',
        search: '?mode=resetPassword&app=true',
        remembered: false,
      }).routeSet,
    ).toBe('app');
  });

  it('keeps the remembered app set without the query parameter', () => {
    expect(chooseRouteSet({ hostname: 'localhost', search: '', remembered: true })).toEqual({
      routeSet: 'app',
      remember: null,
    });
  });

  it('ignores other values of app and forgets the choice with app=false', () => {
    expect(
      chooseRouteSet({ hostname: 'localhost', search: '?app=1', remembered: false }).routeSet,
    ).toBe('marketing');
    expect(
      chooseRouteSet({ hostname: 'localhost', search: '?app=false', remembered: true }),
    ).toEqual({
      routeSet: 'marketing',
      remember: false,
    });
  });

  it('does not treat hosts merely containing app as app hosts', () => {
    expect(isAppHost('myapp.example')).toBe(false);
    expect(isAppHost('apps.example')).toBe(false);
    expect(isAppHost('app.example')).toBe(true);
  });
});

describe('loginHref', () => {
  it('stays on /login in the app set', () => {
    expect(loginHref('app')).toBe('/login');
  });

  it('hands over to the app set from the marketing set', () => {
    expect(loginHref('marketing')).toBe('/login?app=true');
    expect(loginHref('marketing', 'https://app.snaptrack.example/')).toBe(
      'https://app.snaptrack.example/login',
    );
  });
});

describe('chooseRouteSet on a single host', () => {
  const base = { hostname: 'localhost', search: '', remembered: false };

  it('opens an app route in a new tab of a device that chose the app, and remembers it', () => {
    expect(chooseRouteSet({ ...base, pathname: '/dashboard', deviceChoseApp: true })).toEqual({
      routeSet: 'app',
      remember: true,
    });
    expect(
      chooseRouteSet({ ...base, pathname: '/account-settings/', deviceChoseApp: true }).routeSet,
    ).toBe('app');
  });

  it('keeps the landing page and marketing routes on the marketing set', () => {
    expect(chooseRouteSet({ ...base, pathname: '/', deviceChoseApp: true }).routeSet).toBe(
      'marketing',
    );
    expect(chooseRouteSet({ ...base, pathname: '/pricing', deviceChoseApp: true }).routeSet).toBe(
      'marketing',
    );
    expect(
      chooseRouteSet({ ...base, pathname: '/dashboard', deviceChoseApp: false }).routeSet,
    ).toBe('marketing');
  });

  it('lets ?app=false win over the device', () => {
    expect(
      chooseRouteSet({
        ...base,
        search: '?app=false',
        pathname: '/dashboard',
        deviceChoseApp: true,
      }),
    ).toEqual({ routeSet: 'marketing', remember: false });
  });
});
