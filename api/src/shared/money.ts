// Money as people read it, written once for the API (messages, receipts, mail) and the browser (every
// screen). Amounts are integer cents. No imports: the web bundles this file as it is.

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Integer cents as US dollars: 123450 -> "$1,234.50", -500 -> "-$5.00"; "" for what is not a number. */
export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) return "";
  const rounded = Math.round(cents);
  const text = usd.format(Math.abs(rounded) / 100);
  return rounded < 0 ? `-${text}` : text;
}
