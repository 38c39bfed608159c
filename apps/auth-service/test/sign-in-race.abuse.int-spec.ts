import { afterAll, describe, expect, it } from '@jest/globals';
import { api } from '@snaptrack/testing';
import { closeBus, newAccount, newIp } from './accounts.js';

afterAll(closeBus);

/**
 * A guesser who sends many passwords for one account at the same moment (issue 14, item 9).
 * The limiter used to look before the hash and count after it, so every guess in flight passed
 * the look: 30 concurrent guesses were 30 checked passwords against a limit of 10.
 */
describe('concurrent wrong guesses for one account', () => {
  it('never check more passwords than the failure limit allows', async () => {
    const { email, password } = await newAccount();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api('/api/auth/login', {
          body: { email, password: `guess-${i}` },
          headers: { 'x-forwarded-for': newIp() },
        }),
      ),
    );
    const checked = guesses.filter((answer) => answer.body.error?.code === 'INVALID_CREDENTIALS');
    const refused = guesses.filter((answer) => answer.status === 429);
    process.stdout.write(
      `30 concurrent guesses: ${checked.length} checked, ${refused.length} refused\n`,
    );
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.length + refused.length).toBe(30);
    // The owner is locked out too until the window ends (the limit is per address).
    const owner = await api('/api/auth/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(owner.status).toBe(429);
  });

  it('gives a successful sign-in its reserved slot back', async () => {
    const { email, password } = await newAccount();
    const ip = newIp();
    const signIn = () =>
      api('/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });
    // Forty good sign-ins from one address (more than its failure limit of 30): all served.
    for (let i = 0; i < 4; i += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, signIn));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    }
  });
});
