import { z } from "zod";
import { badInput } from "../../errors.ts";
import type { StorefrontConfig } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { sanitizeStaffHtml } from "../../security/html.ts";
import { logoUrlField } from "../../shared/logo-url.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { workflowShortcuts } from "../shortcuts/shortcuts.service.ts";

// The storefront's settings as the team edits them: its configuration and customization, the sale
// workflow, and the branch's branding.

// Staff HTML is reduced to the allow-list of shared/html-policy.ts before it is saved (0008).
const html = (label: string) =>
  z
    .string()
    .max(20_000, `${label} must be at most 20,000 characters.`)
    .transform((v) => sanitizeStaffHtml(v));

const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .refine(
      (v) => v === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
      `${label} must start with https:// or http://.`,
    );

export type StorefrontConfiguration = {
  bannerHtml: string;
  footerHtml: string;
  paymentAgreementHtml: string;
  websiteTitle: string;
  websiteDescription: string;
  contactEmail: string;
  shippingCents: number;
  shippingTaxable: boolean;
  saleWorkflowShortcutId: string | null;
  defaultPricingPlanId: string | null;
  updatedAt: Date | null;
};

export async function configRow(ctx: Context): Promise<StorefrontConfig | null> {
  return ctx.db.storefrontConfig.findUnique({ where: { branchId: ctx.branch.id } });
}

async function freshBranch(ctx: Context) {
  return ctx.db.branch.findUniqueOrThrow({ where: { id: ctx.branch.id } });
}

export async function storefrontConfiguration(ctx: Context): Promise<StorefrontConfiguration> {
  const [row, branch] = await Promise.all([configRow(ctx), freshBranch(ctx)]);
  return {
    bannerHtml: row?.bannerHtml ?? "",
    footerHtml: row?.footerHtml ?? "",
    paymentAgreementHtml: branch.ecommercePaymentAgreementHtml,
    websiteTitle: row?.websiteTitle ?? "",
    websiteDescription: row?.websiteDescription ?? "",
    contactEmail: row?.contactEmail ?? "",
    shippingCents: row?.shippingCents ?? 0,
    shippingTaxable: row?.shippingTaxable ?? false,
    saleWorkflowShortcutId: row?.saleWorkflowShortcutId ?? branch.ecommerceWorkflowShortcutId ?? null,
    defaultPricingPlanId: row?.defaultPricingPlanId ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

const customizationInput = z.object({
  bannerHtml: html("The banner").optional(),
  footerHtml: html("The footer").optional(),
  paymentAgreementHtml: html("The payment agreement").optional(),
  websiteTitle: z.string().trim().max(120, "Website title must be at most 120 characters.").optional(),
  websiteDescription: z.string().trim().max(500, "Website description must be at most 500 characters.").optional(),
  contactEmail: z
    .string()
    .trim()
    .max(200, "Contact email must be at most 200 characters.")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Contact email is not a valid email address.")
    .optional(),
  shippingCents: z
    .number()
    .int("Shipping is in whole cents.")
    .min(0, "Shipping must be zero or more.")
    .max(10_000_000, "Shipping must be at most $100,000.00.")
    .optional(),
  shippingTaxable: z.boolean().optional(),
});

export type UpdateShopCustomizationInput = {
  [K in keyof z.input<typeof customizationInput>]?: z.input<typeof customizationInput>[K] | null;
};

/** Banner, footer, payment agreement, website fields and shipping; fields left out stay as they are. */
export async function updateShopCustomization(ctx: Context, input: UpdateShopCustomizationInput) {
  const v = parseInput(customizationInput, withoutNulls(input));
  const { paymentAgreementHtml, ...storefront } = v;
  await ctx.db.$transaction(async (tx) => {
    await tx.storefrontConfig.upsert({
      where: { branchId: ctx.branch.id },
      create: { branchId: ctx.branch.id, ...storefront },
      update: storefront,
    });
    if (paymentAgreementHtml !== undefined)
      await tx.branch.update({
        where: { id: ctx.branch.id },
        data: { ecommercePaymentAgreementHtml: paymentAgreementHtml },
      });
  });
  if (paymentAgreementHtml !== undefined) ctx.runtime.branches.invalidate();
  return storefrontConfiguration(ctx);
}

/** Workflow shortcuts the sale workflow can point at: the branch's active ones, in their order. */
export async function saleShortcuts(ctx: Context): Promise<{ id: string; name: string }[]> {
  return (await workflowShortcuts(ctx)).map((s) => ({ id: s.id, name: s.name }));
}

/** The workflow shortcut run when an online sale is placed: one of the branch's active shortcuts, or none. */
export async function setSaleWorkflow(ctx: Context, shortcutId: string | null) {
  const id = parseInput(
    z.string().trim().max(100, "Workflow shortcut not found: pick one of the list.").nullable(),
    shortcutId,
  );
  if (id) {
    const shortcut = await ctx.db.workflowShortcut.findUnique({
      where: { id },
      select: { inactive: true, name: true },
    });
    if (!shortcut) throw badInput("Workflow shortcut not found: pick one of the list.");
    if (shortcut.inactive) throw badInput(`Workflow shortcut "${shortcut.name}" is inactive: pick an active one.`);
  }
  const value = id ? id : null;
  await ctx.db.$transaction(async (tx) => {
    await tx.storefrontConfig.upsert({
      where: { branchId: ctx.branch.id },
      create: { branchId: ctx.branch.id, saleWorkflowShortcutId: value },
      update: { saleWorkflowShortcutId: value },
    });
    await tx.branch.update({ where: { id: ctx.branch.id }, data: { ecommerceWorkflowShortcutId: value } });
  });
  ctx.runtime.branches.invalidate();
  return { isSuccess: true, message: value ? "Sale workflow saved." : "Sale workflow cleared." };
}

const brandingInput = z.object({
  name: z.string().trim().min(1, "Company name is required.").max(100, "Company name must be at most 100 characters."),
  phone: z.string().trim().max(40, "Phone must be at most 40 characters.").default(""),
  logoUrl: logoUrlField.default(""),
  websiteHeaderHtml: html("The header").default(""),
  websiteFooterHtml: html("The footer").default(""),
  brandWebsiteUrl: httpUrl("Brand website").default(""),
});

export type BranchBrandingInput = {
  name: string;
  phone?: string | null;
  logoUrl?: string | null;
  websiteHeaderHtml?: string | null;
  websiteFooterHtml?: string | null;
  brandWebsiteUrl?: string | null;
};

export async function setBranchBranding(ctx: Context, input: BranchBrandingInput) {
  const v = parseInput(brandingInput, withoutNulls(input));
  await ctx.db.branch.update({
    where: { id: ctx.branch.id },
    data: {
      company: v.name,
      phone: v.phone,
      logoUrl: v.logoUrl,
      websiteHeaderHtml: v.websiteHeaderHtml,
      websiteFooterHtml: v.websiteFooterHtml,
      brandWebsiteUrl: v.brandWebsiteUrl,
    },
  });
  ctx.runtime.branches.invalidate();
  return { isSuccess: true, message: "Branding saved." };
}
