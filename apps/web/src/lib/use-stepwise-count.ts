import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

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
