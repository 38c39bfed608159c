/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { stubApi, type FakeServer } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';

// Vite's import.meta.env is not there under jest: this build is 1.0.0.
jest.unstable_mockModule('@/config/env', () => ({
  env: { appOrigin: null, appVersion: '1.0.0' },
}));
const { VersionDisplay } = await import('./version-display');

// "Check for Updates" and "What's New" answer in the page with the spec's alert texts: a
// browser alert can be suppressed, and then the click seemed to do nothing.

const version = {
  version: '1.0.0',
  buildNumber: '100',
  releaseDate: '2026-11-01',
  releaseNotesUrl: '',
  isLatest: true,
  platform: 'web',
  hasReleaseNotes: true,
  fallback: false,
};

function serve(checkUpdate: FakeServer): void {
  stubApi((request) => {
    if (request.path === '/api/app/version') return { body: version };
    if (request.path === '/api/app/check-update') return checkUpdate(request);
    return undefined;
  });
}

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('VersionDisplay', () => {
  it('says the version is the latest, in the page and without a browser alert', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    serve(() => ({ body: { updateAvailable: false, currentVersion: '1.0.0' } }));
    renderWithQuery(<VersionDisplay compact />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check for Updates' }));
    const status = await screen.findByText('You have the latest version of SnapTrack.');
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(alert).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('You have the latest version of SnapTrack.')).toBeNull();
  });

  it('names the newer version, or says the check failed', async () => {
    let answer = { status: 200, body: { updateAvailable: true, currentVersion: '1.2.0' } };
    serve(() => answer);
    renderWithQuery(<VersionDisplay />);
    const check = await screen.findByRole('button', { name: 'Check for Updates' });
    fireEvent.click(check);
    await screen.findByText(
      'A new version (1.2.0) is available. Please refresh your browser to update.',
      { exact: false },
    );
    answer = { status: 503, body: { updateAvailable: false, currentVersion: '' } };
    fireEvent.click(check);
    await screen.findByText('Unable to check for updates at this time.', { exact: false });
  });

  it("says so when What's New has no notes for this version", async () => {
    serve(() => undefined);
    renderWithQuery(<VersionDisplay />);
    fireEvent.click(await screen.findByRole('button', { name: "What's New" }));
    await screen.findByText('No release notes available for this version.', { exact: false });
  });
});
