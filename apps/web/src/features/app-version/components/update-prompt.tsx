import { applyUpdate, useUpdateWaiting } from '@/lib/pwa/service-worker';

/** A new version is installed and waiting: one click swaps it in and reloads. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <span className="version__update" role="status">
      A new version is ready.{' '}
      <button type="button" className="link-button version__link" onClick={applyUpdate}>
        Reload to update
      </button>
    </span>
  );
}
