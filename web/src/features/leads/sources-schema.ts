import { leadSourceFields } from "@shared/lead-source-fields.ts";
import { z } from "zod";
import type { LeadSourceRow } from "./sources-api";

// The lead source form (new and edit): name, code, the retail store link. The server checks that names
// and codes are unique in the branch; its refusals land on the field they name.

export const RETAILERS: Record<string, string> = { COSTCO: "Costco", HOME_DEPOT: "Home Depot", LOWES: "Lowe's" };
export const NO_RETAILER = "none";

export const sourceSchema = z
  .object({
    name: leadSourceFields.name,
    code: leadSourceFields.code,
    retailStoreType: z.string(),
    retailStoreId: leadSourceFields.retailStoreId,
  })
  .refine((v) => v.retailStoreType === NO_RETAILER || v.retailStoreId, {
    path: ["retailStoreId"],
    message: "Enter the retail store's id, or clear the retailer.",
  })
  .refine((v) => v.retailStoreType !== NO_RETAILER || !v.retailStoreId, {
    path: ["retailStoreType"],
    message: "Choose the retailer of the retail store.",
  });
export type SourceValues = z.infer<typeof sourceSchema>;

export const valuesOf = (s: LeadSourceRow | null): SourceValues => ({
  name: s?.name ?? "",
  code: s?.code ?? "",
  retailStoreType: s?.retailStoreType ?? NO_RETAILER,
  retailStoreId: s?.retailStoreId ?? "",
});

export const inputOf = (v: SourceValues) => ({
  name: v.name,
  code: v.code,
  retailStoreType: v.retailStoreType === NO_RETAILER ? "" : v.retailStoreType,
  retailStoreId: v.retailStoreType === NO_RETAILER ? "" : v.retailStoreId,
});

/** "Costco #1042", or null without a link. */
export const storeLabel = (s: Pick<LeadSourceRow, "retailStoreType" | "retailStoreId">) =>
  s.retailStoreType && s.retailStoreId
    ? `${RETAILERS[s.retailStoreType] ?? s.retailStoreType} #${s.retailStoreId}`
    : null;

/** The curl command that posts one lead with the key (to this site's /api/leads). */
export const curlExample = (key: string, origin: string) =>
  [
    `curl -X POST ${origin}/api/leads \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"firstName":"Ada","lastName":"Lovelace","phone":"512-555-0142","email":"ada@example.com","idempotencyKey":"order-1001"}'`,
  ].join("\n");
