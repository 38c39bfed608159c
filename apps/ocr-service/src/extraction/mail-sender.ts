/**
 * A shop's mailbox: a role, not a person ("receipts@", "noreply@", "orders+123@"). Shops send
 * receipts from such addresses; a person's own note ("alex.morgan@") names no shop, whatever
 * its display name.
 */
const ROLE_MAILBOX =
  /^(no-?reply|do-?not-?reply|receipts?|orders?|shop|store|info|hello|support|billing|sales|service|notifications?|mailer|team|contact|invoices?|payments?|bookings?|reservations?|customer-?service|care|help|confirmations?|accounts?)(?![a-z])/i;

/** Words a shop adds to its name as a sender: "Uber Receipts", "Linen & Co Orders". */
const SENDER_WORDS =
  /\s+(receipts?|orders?|billing|team|support|notifications?|no-?reply|customer (service|care))$/i;

/** Services that send the receipt of a payment to someone else: the shop is in the text. */
const PAYMENT_SERVICE =
  /^(paypal|square|stripe|shopify|venmo|zelle|google( pay(ments)?)?|wise|revolut|klarna|sumup|zettle|toast|cash app)$/i;

/**
 * The shop a mail's From header names ("Linen & Co <orders@linenco.example>" → "Linen & Co"):
 * its display name, when the address is a shop's mailbox; null for a person's address, a name
 * that is only an address or a payment service's.
 */
export function shopOfSender(from: string | null | undefined): string | null {
  const match = /^\s*"?([^"<]*?)"?\s*<([^@>\s]+)@[^>\s]+>\s*$/.exec(from ?? '');
  if (!match || !ROLE_MAILBOX.test(match[2])) return null;
  // Not what a name never starts with (a quote, "=", "*"), as printed names are trimmed.
  const name = match[1]
    .replace(/\s+via\s+.*$/i, '')
    .replace(SENDER_WORDS, '')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .trim();
  if (!/\p{L}{2}/u.test(name) || name.includes('@') || PAYMENT_SERVICE.test(name)) return null;
  return name.slice(0, 80);
}
