/** The original message inside a forward: its header lines and its own body. */
export interface ForwardedPart {
  from: string | null;
  subject: string | null;
  date: Date | null;
  body: string;
}

/** Lines that open a forwarded or quoted original in Gmail, Outlook and Apple Mail. */
const MARKERS = [
  /^-{5,}\s*Forwarded message\s*-{5,}\s*$/im, // Gmail
  /^Begin forwarded message:\s*$/im, // Apple Mail
  /^-{3,}\s*Original Message\s*-{3,}\s*$/im, // Outlook (classic)
  /^_{10,}\s*$/m, // Outlook (new): a rule, then From:/Sent:
];

const HEADER_LINE = /^\s*(From|Sent|Date|To|Cc|Subject|Reply-To)\s*:\s*(.*)$/i;

/**
 * Finds the first forwarded original in a plain-text body and reads its From, Date (or
 * Sent) and Subject, so the receipt is dated and attributed as the shop sent it, not as the
 * user forwarded it. Returns null when the body is not a forward.
 */
export function unwrapForwarded(text: string): ForwardedPart | null {
  const normalized = text.replace(/\r\n?/g, '\n');
  for (const marker of MARKERS) {
    const match = marker.exec(normalized);
    if (!match) continue;
    const rest = normalized.slice(match.index + match[0].length).split('\n');
    const part = readHeaderBlock(rest.map(unquote));
    if (part) return part;
  }
  // No marker: a message attached to the forward (mailparser writes it inline as its From:,
  // Subject: and Date: lines, then its body), or a client that writes none.
  const bare = /(?:^|\n\n)(From:[^\n]*\n(?:(?:Subject|Date|Sent|To|Cc):[^\n]*\n)+)/.exec(
    normalized,
  );
  if (bare && /^(Date|Sent):/m.test(bare[1])) {
    return readHeaderBlock(normalized.slice(bare.index).split('\n'));
  }
  return null;
}

function readHeaderBlock(lines: string[]): ForwardedPart | null {
  const headers = new Map<string, string>();
  let index = 0;
  while (index < lines.length && lines[index].trim() === '') index += 1;
  for (; index < lines.length; index += 1) {
    const line = lines[index];
    const header = HEADER_LINE.exec(line);
    if (header) {
      const name = header[1].toLowerCase();
      if (!headers.has(name)) headers.set(name, header[2].trim());
      continue;
    }
    if (line.trim() === '') break;
    // A wrapped header value (Outlook folds long To: lines).
    if (headers.size > 0 && /^\s/.test(line)) continue;
    break;
  }
  if (!headers.has('from')) return null;
  return {
    from: headers.get('from') || null,
    subject: headers.get('subject') || null,
    date: parseForwardedDate(headers.get('date') ?? headers.get('sent') ?? null),
    body: lines.slice(index).join('\n').trim(),
  };
}

/** `> ` quoting, which some clients add to every line of the original. */
function unquote(line: string): string {
  return line.replace(/^>\s?/, '');
}

/**
 * The date forms mail clients write in forward headers: RFC 2822, Gmail's
 * "Mon, Nov 16, 2026 at 10:02 AM", Apple's "16 November 2026 at 10:02:13 GMT".
 */
export function parseForwardedDate(value: string | null): Date | null {
  if (!value) return null;
  const cleaned = value
    .replace(/\s+at\s+/i, ' ')
    .replace(/\s+\([^)]*\)\s*$/, '')
    .trim();
  const parsed = new Date(cleaned);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** "Fwd: Fw: Your receipt" → "Your receipt". */
export function stripForwardPrefixes(subject: string | null | undefined): string | null {
  if (!subject) return null;
  const stripped = subject.replace(/^(\s*(fwd?|fw|tr|wg|rv)\s*:\s*)+/i, '').trim();
  return stripped || null;
}
