import { z } from "zod";
import { dollarsToCents } from "@/lib/money";

// Form schemas of the inventory screens. Messages match the server's, so a user sees the same words
// whether the browser or the API catches the mistake.

const MAX_DOLLARS = 1_000_000;

const amount = (label: string, required: boolean) =>
  z.string().superRefine((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null) {
      if (required) ctx.addIssue({ code: "custom", message: `${label} is required.` });
      return;
    }
    if (Number.isNaN(cents)) ctx.addIssue({ code: "custom", message: `${label}: enter an amount like 12.50.` });
    else if (cents > MAX_DOLLARS * 100)
      ctx.addIssue({ code: "custom", message: `${label} must be at most $1,000,000.00.` });
  });

export const pricesSchema = z
  .object({ retail: amount("Retail price", true), sale: amount("Sale price", false) })
  .superRefine((v, ctx) => {
    const retail = dollarsToCents(v.retail);
    const sale = dollarsToCents(v.sale);
    if (retail !== null && sale !== null && !Number.isNaN(retail) && !Number.isNaN(sale) && sale >= retail)
      ctx.addIssue({
        code: "custom",
        path: ["sale"],
        message: "Sale price must be lower than the retail price (leave it empty for no sale).",
      });
  });
export type PricesValues = z.infer<typeof pricesSchema>;

export const LISTING_STATUSES = ["LISTED_AND_PURCHASABLE", "LISTED_BUT_NOT_PURCHASABLE", "NOT_LISTED"] as const;

export const detailsSchema = z
  .object({
    partNumber: z
      .string()
      .trim()
      .min(1, "Part number is required.")
      .max(40, "Part number must be at most 40 characters."),
    description: z
      .string()
      .trim()
      .min(1, "Description is required.")
      .max(200, "Description must be at most 200 characters."),
    taxable: z.boolean(),
    inactive: z.boolean(),
    ecommerceStatus: z.enum(LISTING_STATUSES),
    eCommerceTitle: z.string().trim().max(120, "Shop title must be at most 120 characters."),
    eCommerceDescription: z.string().trim().max(4000, "Shop description must be at most 4,000 characters."),
  })
  .superRefine((v, ctx) => {
    if (v.ecommerceStatus !== "NOT_LISTED" && !v.eCommerceTitle)
      ctx.addIssue({
        code: "custom",
        path: ["eCommerceTitle"],
        message: "A shop title is required to list an item in the shop.",
      });
    if (v.ecommerceStatus !== "NOT_LISTED" && v.inactive)
      ctx.addIssue({ code: "custom", path: ["inactive"], message: "An inactive item can't be listed in the shop." });
  });
export type DetailsValues = z.infer<typeof detailsSchema>;

export const STOCK_MODES = ["ADD", "REMOVE", "COUNT"] as const;
export const adjustSchema = z.object({
  mode: z.enum(STOCK_MODES),
  quantity: z
    .string()
    .trim()
    .min(1, "Quantity is required.")
    .regex(/^\d+$/, "Enter a whole number.")
    .refine((v) => Number(v) <= 1_000_000, "Quantities are limited to 1,000,000."),
});
export type AdjustValues = z.infer<typeof adjustSchema>;

export const warehouseSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Warehouse name is required.")
    .max(80, "Warehouse name must be at most 80 characters."),
  externalId: z.string().trim().max(40, "The code must be at most 40 characters."),
});
export type WarehouseValues = z.infer<typeof warehouseSchema>;
