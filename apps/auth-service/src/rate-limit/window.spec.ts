import { describe, expect, it } from '@jest/globals';
import { afterHit, decide, retryAfterSeconds, type WindowState } from './window.js';

const rule = { bucket: 'reset', limit: 3, windowMs: 3_600_000 };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 12, minutes));

describe('fixed-window rate limit', () => {
  it('allows three hits in an hour and refuses the fourth until the window ends', () => {
    let state: WindowState | null = null;
    const decisions = [0, 10, 20, 30].map((minute) => {
      state = afterHit(state, at(minute), rule);
      return decide(state, at(minute), rule);
    });
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]?.retryAt).toEqual(at(60));
  });

  it('starts a fresh window once the hour from the first hit is over', () => {
    let state: WindowState | null = null;
    for (const minute of [0, 1, 2, 3]) state = afterHit(state, at(minute), rule);
    expect(decide(state, at(59), rule).allowed).toBe(false);
    state = afterHit(state, at(60), rule);
    expect(state.count).toBe(1);
    expect(decide(state, at(60), rule).allowed).toBe(true);
  });

  it('treats an ended window as no window at all (what the hourly sweep removes)', () => {
    const ended: WindowState = { windowStart: at(0), windowEnd: at(60), count: 9 };
    expect(decide(ended, at(61), rule)).toEqual({ allowed: true, count: 0, retryAt: at(61) });
  });

  it('tells a refused caller the seconds until the last of its spent windows ends', () => {
    const spent = (minutes: number) => ({ allowed: false, count: 4, retryAt: at(minutes) });
    expect(retryAfterSeconds([spent(60)], at(30))).toBe(1_800);
    expect(retryAfterSeconds([spent(20), spent(45)], at(0))).toBe(2_700);
    // A window ending this very moment still asks for a second, never "retry after 0".
    expect(retryAfterSeconds([spent(30)], at(30))).toBe(1);
  });
});
