import { logoUrlField } from "@shared/logo-url.ts";
import { z } from "zod";
import { dollarsToCents } from "@/lib/money";

// Form schemas of the e-commerce setup page; messages match the server's.

const htmlField = (label: string) => z.string().max(20_000, `${label} must be at most 20,000 characters.`);

export const storefrontSchema = z.object({
  bannerHtml: htmlField("The banner"),
  footerHtml: htmlField("The footer"),
  paymentAgreementHtml: htmlField("The payment agreement"),
});
export type StorefrontValues = z.infer<typeof storefrontSchema>;

export const websiteSchema = z.object({
  websiteTitle: z.string().trim().max(120, "Website title must be at most 120 characters."),
  websiteDescription: z.string().trim().max(500, "Website description must be at most 500 characters."),
  contactEmail: z
    .string()
    .trim()
    .max(200, "Contact email must be at most 200 characters.")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Contact email is not a valid email address."),
  shipping: z.string().superRefine((v, ctx) => {
    const cents = dollarsToCents(v);
    if (cents === null) return;
    if (Number.isNaN(cents)) ctx.addIssue({ code: "custom", message: "Shipping: enter an amount like 5.00." });
    else if (cents > 10_000_000) ctx.addIssue({ code: "custom", message: "Shipping must be at most $100,000.00." });
  }),
  shippingTaxable: z.boolean(),
});
export type WebsiteValues = z.infer<typeof websiteSchema>;

export const pricingPlanSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Pricing plan name is required.")
    .max(80, "Pricing plan name must be at most 80 characters."),
  discountPercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "Discount is a whole percent.")
    .refine((v) => Number(v) <= 100, "Discount must be between 0 and 100 percent."),
});
export type PricingPlanValues = z.infer<typeof pricingPlanSchema>;

const url = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), `${label} must start with https:// or http://.`);

export const brandingSchema = z.object({
  name: z.string().trim().min(1, "Company name is required.").max(100, "Company name must be at most 100 characters."),
  phone: z.string().trim().max(40, "Phone must be at most 40 characters."),
  logoUrl: logoUrlField,
  brandWebsiteUrl: url("Brand website"),
  websiteHeaderHtml: htmlField("The header"),
  websiteFooterHtml: htmlField("The footer"),
});
export type BrandingValues = z.infer<typeof brandingSchema>;

export const saleWorkflowSchema = z.object({
  shortcutId: z.string(),
});
export type SaleWorkflowValues = z.infer<typeof saleWorkflowSchema>;
