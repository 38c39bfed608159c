/** A fixed-window limit: `limit` hits per `windowMs`, counted from the first hit. */
export interface RateRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

export interface WindowState {
  windowStart: Date;
  windowEnd: Date;
  count: number;
}

export interface RateDecision {
  allowed: boolean;
  count: number;
  /** When the window ends: the earliest moment a refused caller may try again. */
  retryAt: Date;
}

/** The window after one more hit at `now`: an ended window starts over. */
export function afterHit(state: WindowState | null, now: Date, rule: RateRule): WindowState {
  if (!state || state.windowEnd.getTime() <= now.getTime()) {
    return { windowStart: now, windowEnd: new Date(now.getTime() + rule.windowMs), count: 1 };
  }
  return { ...state, count: state.count + 1 };
}

/** Whether a window (as it stands after the hit) still allows the call. */
export function decide(state: WindowState | null, now: Date, rule: RateRule): RateDecision {
  if (!state || state.windowEnd.getTime() <= now.getTime()) {
    return { allowed: true, count: 0, retryAt: now };
  }
  return { allowed: state.count <= rule.limit, count: state.count, retryAt: state.windowEnd };
}

/** Whole seconds until the refused caller may try again (at least one: HTTP's Retry-After). */
export function retryAfterSeconds(decisions: readonly RateDecision[], now: Date): number {
  const latest = Math.max(...decisions.map((decision) => decision.retryAt.getTime()));
  return Math.max(1, Math.ceil((latest - now.getTime()) / 1000));
}
