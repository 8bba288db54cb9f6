// Card and bank-account number helpers shared by the gateways. Full numbers only ever pass through
// these functions in memory (tokenization); what leaves them is a brand, the last four digits and an
// expiration.

import { clock } from "../../clock.ts";
import { brandLabels } from "../../shared/card-checks.ts";

export {
  brandLabels,
  CARD_BRANDS,
  type CardBrand,
  cardBrand,
  digitsOnly,
  luhnValid,
} from "../../shared/card-checks.ts";

/** ABA routing number checksum (3-7-1 weights). */
export function routingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** "MMYY" -> true when the card is still valid at `now` (valid through the end of that month). */
export function expirationValid(mmyy: string, now = clock.now()): boolean {
  const m = /^(0[1-9]|1[0-2])(\d{2})$/.exec(mmyy);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  const endOfMonth = Date.UTC(year, month, 1); // first instant after the expiry month
  return endOfMonth > now.getTime();
}

/** Accepts "MM/YY", "MMYY", "MM / YYYY" and returns "MMYY" or null. */
export function normalizeExpiration(input: string): string | null {
  const s = input.replace(/\s/g, "");
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(s);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  const yy = m[2]!.length === 4 ? m[2]!.slice(2) : m[2]!;
  return `${String(month).padStart(2, "0")}${yy}`;
}

/** "************1111" for a card of `length` digits; "******0000" for bank accounts. */
export function maskNumber(last4: string, length: number): string {
  return `${"*".repeat(Math.max(4, length - 4))}${last4}`;
}

/** A short label: "Visa ****1111", "Checking ****0000". */
export function methodLabel(m: {
  kind: "CARD" | "ACH";
  cardType?: string | null;
  accountType?: string | null;
  maskedAccountNumber: string;
}): string {
  const last4 = m.maskedAccountNumber.slice(-4);
  if (m.kind === "CARD") return `${brandLabels[m.cardType ?? ""] ?? "Card"} ****${last4}`;
  const type = m.accountType === "SAVINGS" ? "Savings" : "Checking";
  return `${type} ****${last4}`;
}
