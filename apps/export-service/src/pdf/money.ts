/** `1234.5` as `1,234.50`; with a currency code, `$1,234.50` or `EUR 1,234.50`. */
export function formatMoney(amount: number | string, currency?: string): string {
  const value = Number(amount);
  const plain = value.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  if (!currency) return plain;
  return currency === 'USD' ? `$${plain}` : `${currency} ${plain}`;
}
