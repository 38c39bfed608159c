const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML bodies: template values never become markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The shared look of every SnapTrack mail: paragraphs and an optional button link. Inputs are
 * plain text; everything is escaped here.
 */
export function renderMail(options: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): { text: string; html: string } {
  const { heading, paragraphs, action, footer } = options;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer ?? 'SnapTrack: Snap it, Track it.',
  ].join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#64748b">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => `<p style="line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
<p style="font-size:12px;color:#94a3b8;margin-top:32px">${escapeHtml(footer ?? 'SnapTrack: Snap it, Track it.')}</p>
</body></html>`;
  return { text, html };
}
