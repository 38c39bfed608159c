import { useEffect, useState } from 'react';
import { claimCheckouts } from '../api/claim';

type ClaimState = { asked: boolean; done: boolean; claimedAt: string | null };

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
          claimedAt: response.data.claimed > 0 ? new Date().toISOString() : null,
        }),
      () => setState({ asked: true, done: true, claimedAt: null }),
    );
  }, [wanted, state.asked]);
  return { pending: wanted && !state.done, claimedAt: state.claimedAt };
}
