import type { VerifyPaymentResponse } from '../api/verify-payment';

/**
 * The mobile success page's link back into the app: a new account's one-time exchange code
 * (the app trades it with a POST; a token never travels in a URL), or `sign_in=required` when
 * the address already had an account and its owner has to sign in to finish.
 */
export function appDeepLink(data: VerifyPaymentResponse['data']): string {
  const base = data.deep_link_return_url ?? 'snaptrack://signup/success';
  const param = data.exchange_code
    ? `code=${encodeURIComponent(data.exchange_code)}`
    : data.sign_in_required
      ? 'sign_in=required'
      : '';
  return param ? `${base}${base.includes('?') ? '&' : '?'}${param}` : base;
}
