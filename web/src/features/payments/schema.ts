import { digitsOnly, luhnValid } from "@shared/card-checks.ts";
import { z } from "zod";
import { RequestError } from "@/lib/graphql";
import { dollarsToCents } from "@/lib/money";
import { describeRequestError, isServerFault } from "@/lib/query-client";
import { brandLabels, cardBrandOf } from "./tokenize";

// Form rules for payments; the server checks the same things again.

/** "12/29" or "1229" -> "1229", else null. */
export function normalizeExpiration(v: string): string | null {
  const m = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(v.trim());
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return `${String(month).padStart(2, "0")}${m[2]!.slice(-2)}`;
}

export function expired(mmyy: string, now = new Date()) {
  const month = Number(mmyy.slice(0, 2));
  const year = 2000 + Number(mmyy.slice(2));
  return Date.UTC(year, month, 1) <= now.getTime();
}

export const acceptedCardsText = (allowed: string[]) => allowed.map((t) => brandLabels[t] ?? t).join(", ");

export function cardSchema(allowedCardTypes: string[]) {
  return z.object({
    number: z
      .string()
      .transform(digitsOnly)
      .refine(luhnValid, "Enter a valid card number.")
      .superRefine((n, ctx) => {
        const brand = cardBrandOf(n);
        if (!/^\d{12,19}$/.test(n) || allowedCardTypes.includes(brand)) return;
        ctx.addIssue({
          code: "custom",
          message: `${brand === "OTHER" ? "This card type is" : `${brandLabels[brand]} cards are`} not accepted. Accepted cards: ${acceptedCardsText(allowedCardTypes)}.`,
        });
      }),
    expiration: z
      .string()
      .refine((v) => normalizeExpiration(v) !== null, "Enter the expiration date as MM/YY.")
      .refine((v) => !expired(normalizeExpiration(v) ?? "0100"), "This card has expired."),
    cvv: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, "Enter the 3 or 4 digit security code."),
    nameOnAccount: z.string().trim().max(100, "Use at most 100 characters."),
  });
}
export type CardValues = z.input<ReturnType<typeof cardSchema>>;

export const bankSchema = z.object({
  routingNumber: z
    .string()
    .transform(digitsOnly)
    .refine((v) => /^\d{9}$/.test(v), "Enter a valid 9-digit routing number."),
  accountNumber: z
    .string()
    .transform(digitsOnly)
    .refine((v) => /^\d{4,17}$/.test(v), "Enter the account number (4 to 17 digits)."),
  accountType: z.enum(["CHECKING", "SAVINGS"]),
  nameOnAccount: z.string().trim().min(1, "Enter the name on the account.").max(100, "Use at most 100 characters."),
});
export type BankValues = z.input<typeof bankSchema>;

/** Dollars typed by the customer ("25", "25.5", "$1,025.00") -> cents, or null when empty or not an amount. */
export function parseDollars(v: string): number | null {
  const cents = dollarsToCents(v);
  return cents === null || Number.isNaN(cents) ? null : cents;
}

/**
 * The message of a failed request, without the "Operation:" detail; a failure on our side reads as
 * what to do, with the request id for support (describeRequestError).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof RequestError)
    return isServerFault(error) ? describeRequestError(error) : (error.errors[0]?.message ?? error.message);
  return error instanceof Error ? error.message : String(error);
}

/** A fresh idempotency key for one payment. */
export function newIdempotencyKey(): string {
  return `web-${crypto.randomUUID()}`;
}
