export type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  /** Text read by screen readers (and shown when showLabel is set). */
  label?: string;
  showLabel?: boolean;
  /** Inside a control that already announces its busy state: no status role. */
  decorative?: boolean;
  className?: string;
};

export function Spinner({
  size = 'md',
  label = 'Loading…',
  showLabel = false,
  decorative = false,
  className,
}: SpinnerProps) {
  const ring = <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  if (decorative) return ring;
  return (
    <span role="status" className={['spinner-wrap', className].filter(Boolean).join(' ')}>
      {ring}
      <span className={showLabel ? 'spinner-label' : 'sr-only'}>{label}</span>
    </span>
  );
}

/** Centered spinner filling the viewport: route checks and lazy route loading. */
export function FullPageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="full-page-center">
      <Spinner size="lg" label={label} showLabel />
    </div>
  );
}
