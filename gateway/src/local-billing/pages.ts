import {
  isLiveSubscription,
  type LocalCheckoutView,
  type LocalPortalView,
} from '@snaptrack/contracts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#1f2937;margin:0;
display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:32px;max-width:420px;width:100%}
h1{font-size:1.4rem;margin:0 0 4px}.note{color:#6b7280;font-size:.9rem}
.price{font-size:2rem;font-weight:700;margin:16px 0}.row{display:flex;gap:12px;margin-top:24px}
button{flex:1;padding:12px;border-radius:8px;border:1px solid #d1d5db;background:#fff;font-size:1rem;cursor:pointer}
button.primary{background:#2563eb;border-color:#2563eb;color:#fff}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;background:#e5e7eb;font-size:.85rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The `local` provider's checkout page: Stripe's hosted page, minus the card form. */
export function checkoutPage(sessionId: string, view: LocalCheckoutView): string {
  const base = `/api/billing/local/checkout/${encodeURIComponent(sessionId)}`;
  const closed =
    view.state === 'open'
      ? ''
      : `<p class="note">This checkout is already ${view.state === 'paid' ? 'paid' : 'cancelled'}.</p>`;
  return page(
    'SnapTrack checkout',
    `<p class="note">SnapTrack test checkout (local billing, no card is charged)</p>
<h1>Subscribe to ${escapeHtml(view.plan)}</h1>
<div class="price">${escapeHtml(view.amount)}<span class="note"> per month</span></div>
<p>Email: <strong data-testid="checkout-email">${escapeHtml(view.email)}</strong></p>${closed}
<div class="row">
<form method="post" action="${base}/cancel" style="flex:1;display:flex"><button type="submit">Cancel</button></form>
<form method="post" action="${base}/pay" style="flex:1;display:flex"><button class="primary" type="submit">Pay ${escapeHtml(view.amount)}</button></form>
</div>`,
  );
}

function date(value: string | null): string {
  return value ? new Date(value).toUTCString().slice(0, 16) : '—';
}

/** The `local` provider's billing portal: cancel at period end, or keep the subscription. */
export function portalPage(portalId: string, view: LocalPortalView): string {
  const base = `/api/billing/local/portal/${encodeURIComponent(portalId)}`;
  const { subscription } = view;
  const live = isLiveSubscription(subscription.status);
  const action = !live
    ? ''
    : subscription.cancel_at
      ? `<form method="post" action="${base}/resume" style="flex:1;display:flex"><button class="primary" type="submit">Renew subscription</button></form>`
      : `<form method="post" action="${base}/cancel" style="flex:1;display:flex"><button type="submit">Cancel subscription</button></form>`;
  const ends = subscription.cancel_at
    ? `<p>Cancels on <strong>${date(subscription.cancel_at)}</strong>; access continues until then.</p>`
    : `<p>Renews on <strong>${date(subscription.current_period_end)}</strong>.</p>`;
  return page(
    'SnapTrack billing',
    `<p class="note">SnapTrack billing (local billing, no card is charged)</p>
<h1>${escapeHtml(subscription.plan ?? 'SnapTrack Pro')}</h1>
<p>${escapeHtml(view.email)} · <span class="badge" data-testid="portal-status">${escapeHtml(subscription.status)}</span></p>
<div class="price">$4.99<span class="note"> per month</span></div>${live ? ends : ''}
<div class="row">${action}
<form method="post" action="${base}/return" style="flex:1;display:flex"><button type="submit">Return to SnapTrack</button></form>
</div>`,
  );
}

export function errorPage(message: string): string {
  return page(
    'SnapTrack billing',
    `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>
<p><a href="/signup">Back to signup</a></p>`,
  );
}
