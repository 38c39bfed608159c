/**
 * Runs `work` and answers no sooner than `minimumMs` after the start, whether it succeeded or
 * threw: the time of an answer then says nothing about which path ran (docs/security.md, Rate
 * limits).
 */
export async function padded<T>(
  minimumMs: number,
  work: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = defaultSleep,
): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = minimumMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
