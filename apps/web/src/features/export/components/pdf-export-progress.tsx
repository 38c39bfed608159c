import type { ExportJobState } from './use-export-job';

/** What the bar says for each kind of background export. */
export const JOB_PROGRESS_WORDS = {
  pdf: { label: 'PDF progress', making: 'Generating PDF…', done: 'PDF downloaded.' },
  pack: {
    label: 'Accountant pack progress',
    making: 'Building accountant pack…',
    done: 'Accountant pack downloaded.',
  },
} as const;

/** A background export's bar and words while it runs and once downloaded; a failure shows elsewhere. */
export function PdfExportProgress({
  state,
  words = JOB_PROGRESS_WORDS.pdf,
}: {
  state: ExportJobState;
  words?: (typeof JOB_PROGRESS_WORDS)[keyof typeof JOB_PROGRESS_WORDS];
}) {
  if (state.phase === 'idle' || state.phase === 'failed') return null;
  const progress =
    state.phase === 'processing'
      ? state.progress
      : state.phase === 'downloading' || state.phase === 'completed'
        ? 100
        : 0;
  return (
    <div className="export__progress">
      <progress max={100} value={progress} aria-label={words.label} />
      <span>
        {state.phase === 'completed'
          ? words.done
          : state.phase === 'downloading'
            ? 'Downloading…'
            : `${words.making} ${progress}%`}
      </span>
    </div>
  );
}
