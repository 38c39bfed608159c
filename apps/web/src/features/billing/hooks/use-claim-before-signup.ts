import { useEffect, useState } from 'react';
import { isLiveSubscription } from '@snaptrack/contracts/core';
import { claimCheckouts, type ClaimResponse } from '../api/claim';

type ClaimState = { asked: boolean; done: boolean; claimedAt: string | null };

/**
 * A payment attached now, or one attached moments ago that the account does not show yet (auth
 * hears of it from billing over the bus; a page reloaded in those seconds claims nothing more).
 */
function attached(response: ClaimResponse): boolean {
  const { claimed, subscription } = response.data;
  return claimed > 0 || isLiveSubscription(subscription.status);
}

/**
 * Before a signed-in account without a subscription is sent to /signup, it claims what was
 * paid for its address while it already had an account (a checkout never attaches that by
 * itself). Asked once per page load; `claimedAt` lets the caller wait for the subscription as
 * it does for a brand-new account.
 */
export function useClaimBeforeSignup(wanted: boolean): {
  pending: boolean;
  claimedAt: string | null;
} {
  const [state, setState] = useState<ClaimState>({ asked: false, done: false, claimedAt: null });
  useEffect(() => {
    if (!wanted || state.asked) return;
    setState((current) => ({ ...current, asked: true }));
    claimCheckouts().then(
      (response) =>
        setState({
          asked: true,
          done: true,
          claimedAt: attached(response) ? new Date().toISOString() : null,
        }),
      () => setState({ asked: true, done: true, claimedAt: null }),
    );
  }, [wanted, state.asked]);
  return { pending: wanted && !state.done, claimedAt: state.claimedAt };
}
