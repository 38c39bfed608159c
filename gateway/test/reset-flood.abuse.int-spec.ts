import { describe, expect, it, jest } from '@jest/globals';
import { createTestAccount, metricValue, newEmail, scrapeMetrics, stack } from '@snaptrack/testing';

/**
 * The attacker: one address asking for reset links 200 times a second for 10 seconds (issue 14,
 * item 4). Before edge limits every request held one of auth-service's 20 slots for a second,
 * and the gateway's token checks queued behind them, so every signed-in request stalled.
 */
const RATE_PER_SECOND = 200;
const FLOOD_SECONDS = 10;

/** Reset requests auth-service has handled so far (its bus handler's counter). */
async function resetsHandled(): Promise<number> {
  const { samples } = await scrapeMetrics('auth');
  return metricValue(samples, 'snaptrack_bus_handler_duration_seconds_count', {
    pattern: 'auth.password-reset.request.v1',
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function resetRequest(ip: string) {
  try {
    const response = await fetch(`${stack.baseUrl}/api/auth/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email: newEmail('flood') }),
    });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, retryAfter: null };
  }
}

describe('a password-reset flood from one address', () => {
  // One more try (a new attacker address and user): the runs share one Postgres server, and
  // another suite's DROP DATABASE forces a checkpoint that can hold every query on a slow disk
  // for seconds. The code this test guards against failed every time (9 s, with 503s).
  jest.retryTimes(1, { logErrorsBeforeRetry: true });

  it('is refused with 429 and Retry-After while a signed-in user keeps working', async () => {
    const user = await createTestAccount('flood-victim');
    const attacker = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const handledBefore = await resetsHandled();
    const deadline = Date.now() + FLOOD_SECONDS * 1_000;

    // The user: one list request after another for as long as the flood lasts.
    const userTimes: number[] = [];
    const userStatuses: number[] = [];
    const userWork = (async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const response = await fetch(`${stack.baseUrl}/api/expenses`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        await response.arrayBuffer();
        userTimes.push(performance.now() - started);
        userStatuses.push(response.status);
      }
    })();

    // The attacker: a request every 5 ms, not waiting for answers (bounded: 10 s, 2000 requests).
    const floods: Promise<{ status: number; retryAfter: string | null }>[] = [];
    const started = Date.now();
    for (let i = 0; i < RATE_PER_SECOND * FLOOD_SECONDS; i += 1) {
      const due = started + (i * 1_000) / RATE_PER_SECOND;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      floods.push(resetRequest(attacker));
    }
    const answers = await Promise.all(floods);
    await userWork;

    const refused = answers.filter((answer) => answer.status === 429);
    const statuses = [...new Set(answers.map((answer) => answer.status))].sort();
    const p95 = percentile(userTimes, 95);
    process.stdout.write(
      `reset flood: ${answers.length} requests, ${refused.length} refused, statuses ${statuses.join(',')}; ` +
        `user: ${userTimes.length} requests, p50 ${percentile(userTimes, 50).toFixed(0)} ms, ` +
        `p95 ${p95.toFixed(0)} ms, max ${Math.max(...userTimes).toFixed(0)} ms\n`,
    );
    // Only the first few (the per-IP allowance) get through; every refusal says when to retry.
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(refused.length).toBeGreaterThanOrEqual(answers.length - 50);
    for (const answer of refused) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    // Refused at the edge: only the requests let through reached auth-service, whose slots the
    // user's token checks share (the attack held them for a second each).
    expect((await resetsHandled()) - handledBefore).toBe(answers.length - refused.length);
    // The signed-in user never noticed: every request answered (it was 503s after 9 s). How fast
    // is printed above, not asserted: on a loaded 2-core machine that measures the neighbours.
    expect(userStatuses.every((status) => status === 200)).toBe(true);
    expect(userTimes.length).toBeGreaterThan(0);
  });
});
