/** Runs `callback` when the browser is idle (at the latest after `timeout` ms); returns a cancel. */
export function whenIdle(callback: () => void, timeout = 300): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}
