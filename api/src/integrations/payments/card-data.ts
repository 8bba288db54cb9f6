// Card and bank-account number helpers shared by the gateways. Full numbers only ever pass through
// these functions in memory (tokenization); what leaves them is a brand, the last four digits and an
// expiration.

export const CARD_BRANDS = ["VISA", "MASTERCARD", "AMEX", "DISCOVER"] as const;

import { clock } from "../../clock.ts";
export type CardBrand = (typeof CARD_BRANDS)[number] | "OTHER";

export const brandLabels: Record<string, string> = {
  VISA: "Visa",
  MASTERCARD: "Mastercard",
  AMEX: "American Express",
  DISCOVER: "Discover",
  OTHER: "Card",
};

export const digitsOnly = (s: string) => s.replace(/[\s-]/g, "");

/** The Luhn check every card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return "VISA";
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return "MASTERCARD";
  if (/^3[47]/.test(number)) return "AMEX";
  if (/^(6011|65|64[4-9]|622)/.test(number)) return "DISCOVER";
  return "OTHER";
}

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
