import { z } from "zod";
import type { Retailer } from "../../generated/prisma/enums.ts";
import { STAND_IN_PATH } from "../../integrations/retailer/stand-in.ts";

// What a retailer connection accepts. The feed's address is an http(s) URL (https in production), or,
// outside production, the path of the server's own stand-in (/retailer-stand-in).

export const RETAILER_NAMES: Record<Retailer, string> = { COSTCO: "Costco", HOME_DEPOT: "Home Depot", LOWES: "Lowe's" };
export const RETAILER_LIMITS = { ids: 1000, reason: 500 } as const;

export function credentialsSchema(production: boolean) {
  return z.object({
    baseUrl: z
      .string()
      .trim()
      .min(1, "Enter the feed's address.")
      .max(300, "The feed's address must be at most 300 characters.")
      .refine(
        (v) => {
          if (v === STAND_IN_PATH) return !production;
          try {
            const u = new URL(v);
            return u.protocol === "https:" || (!production && u.protocol === "http:");
          } catch {
            return false;
          }
        },
        production
          ? "The feed's address must be an https:// URL."
          : "The feed's address must be an http:// or https:// URL, or /retailer-stand-in.",
      ),
    accountId: z
      .string()
      .trim()
      .min(1, "Enter the dealer account id the retailer gave you.")
      .max(100, "The account id must be at most 100 characters.")
      .regex(/^[A-Za-z0-9_.-]+$/, "The account id may hold only letters, digits, dots, dashes and underscores."),
    secret: z
      .string()
      .trim()
      .min(8, "The secret must be at least 8 characters.")
      .max(500, "The secret must be at most 500 characters.")
      .optional(),
  });
}

export const settingsPatchSchema = z.object({
  enabled: z.boolean().optional(),
  pollMinutes: z
    .number()
    .int("Minutes between polls must be a whole number.")
    .min(1, "Poll at least every 5 minutes and at most every minute.")
    .max(5, "Poll at least every 5 minutes and at most every minute.")
    .optional(),
  autoImport: z.boolean().optional(),
  defaultLeadSourceId: z.string().max(100).nullable().optional(),
});

export const idsSchema = z
  .array(z.string().max(100))
  .max(RETAILER_LIMITS.ids, `Choose at most ${RETAILER_LIMITS.ids} referrals at once.`);

export const discardReasonSchema = z
  .string()
  .trim()
  .max(RETAILER_LIMITS.reason, `The reason must be at most ${RETAILER_LIMITS.reason} characters.`);

/** Outcomes of a feed item, NEW until someone (or auto-import) decides. */
export const FEED_OUTCOMES = [
  "NEW",
  "IMPORTED",
  "DUPLICATE",
  "DISCARDED",
  "INVALID",
  "NOT_OFFERED",
  "ALREADY_OPENED",
] as const;
export type FeedOutcome = (typeof FEED_OUTCOMES)[number];
