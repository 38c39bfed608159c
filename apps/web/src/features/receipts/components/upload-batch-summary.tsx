import type { BatchSummary } from './upload-batch';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** '100 files: 97 added (2 flagged as possible duplicates), 3 refused.' */
export function summaryLine(summary: BatchSummary): string {
  const parts = [`${summary.added} added`];
  if (summary.duplicates > 0) {
    parts[0] += ` (${summary.duplicates} flagged as possible duplicates)`;
  }
  if (summary.kept > 0) parts.push(`${summary.kept} kept on this device to upload later`);
  if (summary.refused.length > 0) parts.push(`${summary.refused.length} refused`);
  return `${plural(summary.total, 'file')}: ${parts.join(', ')}.`;
}

/**
 * A batch of more than one file: the overall progress while it runs, then what became of
 * every file (added, flagged as possible duplicates, refused with the reason).
 */
export function UploadBatchSummary({ summary }: { summary: BatchSummary }) {
  if (summary.total < 2) return null;
  return (
    <div className="upload-summary">
      {summary.running ? (
        <>
          <p className="upload-summary__count">
            Uploading: {summary.finished} of {summary.total} done
          </p>
          <progress
            className="upload-summary__progress"
            max={1}
            value={summary.progress}
            aria-label="All uploads"
          />
        </>
      ) : null}
      {/* Live, and empty until the batch ends: one announcement, not one per file. */}
      <div role="status" className="upload-summary__result">
        {summary.running ? null : (
          <>
            <p className="upload-summary__line">{summaryLine(summary)}</p>
            {summary.refused.length > 0 ? (
              <ul className="upload-summary__refused" aria-label="Refused files">
                {summary.refused.map((refusal, index) => (
                  <li key={`${refusal.name}-${index}`}>
                    <span className="upload-summary__name">{refusal.name}</span>: {refusal.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
