import Markdown from 'react-markdown';
import { Dialog } from '@/components/ui/dialog';
import type { ReleaseNotes } from '../api/get-release-notes';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'What's New in v{version}': highlights, details, release type and date; scrolls. */
export function ReleaseNotesDialog({
  notes,
  onClose,
}: {
  notes: ReleaseNotes | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={notes !== null}
      onClose={onClose}
      title={notes ? `What's New in v${notes.version}` : ''}
      size="lg"
      closeLabel="Close release notes"
    >
      {notes ? (
        <div className="release-notes">
          <p className="release-notes__meta">
            <span className="release-notes__type">{notes.releaseType} release</span>
            {' · '}
            <time dateTime={notes.releaseDate}>
              {dateFormat.format(new Date(`${notes.releaseDate}T00:00:00Z`))}
            </time>
          </p>
          {notes.highlights.length ? (
            <>
              <h3 className="release-notes__heading">Highlights</h3>
              <ul className="release-notes__highlights">
                {notes.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </ul>
            </>
          ) : null}
          <h3 className="release-notes__heading">Details</h3>
          {notes.contentType === 'plain' ? (
            <p className="release-notes__body">{notes.content}</p>
          ) : (
            <div className="release-notes__body">
              <Markdown skipHtml>{notes.content}</Markdown>
            </div>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
