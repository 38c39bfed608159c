import { api, stack } from '@snaptrack/testing';

/** Starts a checkout through the public API; returns the provider's session id and page. */
export async function startCheckout(
  email: string,
  extra: { platform?: 'web' | 'mobile'; return_url?: string } = {},
) {
  const { status, body } = await api('/api/subscription/create-checkout', {
    body: { email, price_type: 'monthly', platform: extra.platform ?? 'web', ...extra },
  });
  if (status !== 200) throw new Error(`create-checkout: ${status} ${JSON.stringify(body)}`);
  return {
    sessionId: body.data.session_id as string,
    checkoutUrl: body.data.checkout_url as string,
  };
}

/** A button of the local checkout or portal page, as the browser's form post would press it. */
export async function press(pageUrl: string, action: string) {
  const path = new URL(pageUrl).pathname;
  const response = await fetch(`${stack.baseUrl}${path}/${action}`, {
    method: 'POST',
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

export function verify(sessionId: string) {
  return api('/api/subscription/verify-payment', { body: { session_id: sessionId } });
}
