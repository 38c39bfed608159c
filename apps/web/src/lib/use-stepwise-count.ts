import { startTransition, useEffect, useState } from 'react';

/** Runs `callback` when the browser is idle (at the latest after `timeout` ms); returns a cancel. */
export function whenIdle(callback: () => void, timeout = 300): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}

/**
 * How many of a list's `total` items to render: `first` at once, then `step` more whenever the
 * browser is idle (each step a low-priority update), until all are there; from then on, every
 * item at once (a later page or page size is not drawn in steps). A long list's first paint then
 * costs a screenful of items, and no long task blocks the page while the rest arrive.
 */
export function useStepwiseCount(total: number, { first = 6, step = 6 } = {}): number {
  const [shown, setShown] = useState(first);
  const complete = shown === Infinity;
  useEffect(() => {
    if (complete || total === 0) return;
    if (shown >= total) {
      setShown(Infinity);
      return;
    }
    return whenIdle(() =>
      startTransition(() => setShown((count) => (count + step >= total ? Infinity : count + step))),
    );
  }, [complete, shown, step, total]);
  return Math.min(shown, total);
}
