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

/** Polls until `check` passes (state that another service updates in the background). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
