import { lazy, Suspense, useState } from 'react';
import { checkForUpdateMessage } from '../api/check-update';
import { getReleaseNotes, ReleaseNotesError, type ReleaseNotes } from '../api/get-release-notes';
import { useVersion } from '../api/get-version';
import { UpdatePrompt } from './update-prompt';
import '../version.css';

// The notes are Markdown: its renderer loads with the first notes opened, not with every page
// (the footer is on the landing page too).
const loadReleaseNotesDialog = () =>
  import('./release-notes-dialog').then((module) => ({ default: module.ReleaseNotesDialog }));
const ReleaseNotesDialog = lazy(loadReleaseNotesDialog);

/**
 * The version, an update dot (compact) or 'Update Available' badge when this build is not the
 * newest, 'What's New', 'Check for Updates', and 'Local version' when the server could not be
 * asked.
 */
export function VersionDisplay({ compact = false }: { compact?: boolean }) {
  const version = useVersion();
  const [notes, setNotes] = useState<ReleaseNotes | null>(null);
  const [busy, setBusy] = useState(false);
  // The spec's alerts, shown beside the version: a browser's window.alert can be suppressed
  // (or dismissed unseen by automation), and then the click seemed to do nothing.
  const [message, setMessage] = useState<string | null>(null);

  if (version.isPending) {
    return <span className="version version--loading">Loading version…</span>;
  }
  const info = version.data;
  if (!info) return null;

  const openNotes = async () => {
    setMessage(null);
    if (!info.releaseNotesUrl) {
      setMessage('No release notes available for this version.');
      return;
    }
    try {
      const [loaded] = await Promise.all([
        getReleaseNotes(info.releaseNotesUrl),
        loadReleaseNotesDialog(),
      ]);
      setNotes(loaded);
    } catch (error) {
      setMessage(
        error instanceof ReleaseNotesError
          ? error.message
          : 'Unable to load release notes at this time.',
      );
    }
  };

  const checkUpdates = async () => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage(await checkForUpdateMessage());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`version${compact ? ' version--compact' : ''}`}>
      <span className="version__number">
        v{info.version}
        {info.buildNumber ? (
          <span className="version__build"> (build {info.buildNumber})</span>
        ) : null}
      </span>
      {!info.isLatest ? (
        compact ? (
          <span
            className="version__dot"
            role="img"
            aria-label="Update available"
            title="Update available"
          />
        ) : (
          <span className="version__badge">Update Available</span>
        )
      ) : null}
      {info.fallback ? <span className="version__local">Local version</span> : null}
      <UpdatePrompt />
      {info.hasReleaseNotes ? (
        <button
          type="button"
          className="link-button version__link"
          onClick={() => void openNotes()}
        >
          What&apos;s New
        </button>
      ) : null}
      <button
        type="button"
        className="link-button version__link"
        onClick={() => void checkUpdates()}
        disabled={busy}
      >
        Check for Updates
      </button>
      {/* Always in the page, so a screen reader hears each new message. */}
      <span className="version__message" role="status">
        {message ? (
          <>
            {message}{' '}
            <button
              type="button"
              className="link-button version__link"
              onClick={() => setMessage(null)}
            >
              Dismiss
            </button>
          </>
        ) : null}
      </span>
      {notes ? (
        <Suspense fallback={null}>
          <ReleaseNotesDialog notes={notes} onClose={() => setNotes(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
