import type { PdfExportState } from './use-pdf-export';

/** The PDF job's bar and words while it runs and once downloaded; a failure shows elsewhere. */
export function PdfExportProgress({ state }: { state: PdfExportState }) {
  if (state.phase === 'idle' || state.phase === 'failed') return null;
  const progress =
    state.phase === 'processing'
      ? state.progress
      : state.phase === 'downloading' || state.phase === 'completed'
        ? 100
        : 0;
  return (
    <div className="export__progress">
      <progress max={100} value={progress} aria-label="PDF progress" />
      <span>
        {state.phase === 'completed'
          ? 'PDF downloaded.'
          : state.phase === 'downloading'
            ? 'Downloading…'
            : `Generating PDF… ${progress}%`}
      </span>
    </div>
  );
}
