/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReleaseNotes } from '../api/get-release-notes';
import { ReleaseNotesDialog } from './release-notes-dialog';

// Release notes: the version in the title, type and date, highlights, and the body as
// markdown with raw HTML dropped (or as plain text).

const notes = (change: Partial<ReleaseNotes> = {}): ReleaseNotes => ({
  version: '2.4.0',
  buildNumber: '240',
  highlights: ['Faster uploads'],
  content: '**Bold** news <script>alert(1)</script>',
  contentType: 'markdown',
  releaseType: 'minor',
  releaseDate: '2026-11-20',
  ...change,
});

afterEach(cleanup);

describe('ReleaseNotesDialog', () => {
  it('shows the version, the date, the highlights and the markdown without raw HTML', () => {
    render(<ReleaseNotesDialog notes={notes()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: "What's New in v2.4.0" });
    expect(dialog.textContent).toContain('minor release');
    expect(dialog.textContent).toContain('November 20, 2026');
    expect(screen.getByRole('listitem').textContent).toBe('Faster uploads');
    expect(dialog.querySelector('strong')?.textContent).toBe('Bold');
    expect(dialog.querySelector('script')).toBeNull();
  });

  it('shows plain notes as text and leaves out an empty highlights list', () => {
    render(
      <ReleaseNotesDialog
        notes={notes({ contentType: 'plain', content: '**not bold**', highlights: [] })}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('**not bold**')).toBeTruthy();
    expect(screen.queryByText('Highlights')).toBeNull();
  });

  it('renders nothing while there are no notes', () => {
    render(<ReleaseNotesDialog notes={null} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
