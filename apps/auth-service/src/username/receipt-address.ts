/** Which account a receipt address would belong to, read from the address alone. */
export type ReceiptAddressKey =
  { kind: 'username'; username: string } | { kind: 'legacy'; subdomain: string };

/**
 * `{username}@{mailDomain}` or the legacy `expense@{subdomain}.{mailDomain}`, compared without
 * case. Anything else (another domain, a deeper subdomain, an empty local part) is nobody's.
 */
export function parseReceiptAddress(address: string, mailDomain: string): ReceiptAddressKey | null {
  const at = address.trim().toLowerCase().lastIndexOf('@');
  if (at <= 0) return null;
  const normalized = address.trim().toLowerCase();
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  const ours = mailDomain.toLowerCase();
  if (domain === ours) return { kind: 'username', username: local };
  const suffix = `.${ours}`;
  if (local === 'expense' && domain.endsWith(suffix)) {
    const subdomain = domain.slice(0, -suffix.length);
    if (subdomain && !subdomain.includes('.')) return { kind: 'legacy', subdomain };
  }
  return null;
}
