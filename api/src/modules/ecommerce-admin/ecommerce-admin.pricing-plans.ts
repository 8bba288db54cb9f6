import { z } from "zod";
import { AppError, badInput } from "../../errors.ts";
import type { PricingPlan } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { configRow } from "./ecommerce-admin.storefront.ts";

// Pricing plans: named discounts the branch defines, and the one the storefront applies by default.

export type PricingPlanRow = PricingPlan & { isDefault: boolean };

export async function pricingPlans(ctx: Context, includeInactive = false): Promise<PricingPlanRow[]> {
  const [plans, row] = await Promise.all([
    ctx.db.pricingPlan.findMany({ where: includeInactive ? {} : { inactive: false }, orderBy: { name: "asc" } }),
    configRow(ctx),
  ]);
  return plans.map((p) => ({ ...p, isDefault: p.id === row?.defaultPricingPlanId }));
}

const planName = z
  .string()
  .trim()
  .min(1, "Pricing plan name is required.")
  .max(80, "Pricing plan name must be at most 80 characters.");

const planDiscount = z
  .number({ error: "Discount is required." })
  .int("Discount is a whole percent.")
  .min(0, "Discount must be between 0 and 100 percent.")
  .max(100, "Discount must be between 0 and 100 percent.");

async function ensureUniquePlanName(ctx: Context, name: string, exceptId?: string) {
  const clash = await ctx.db.pricingPlan.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw new AppError("CONFLICT", `A pricing plan named "${clash.name}" already exists.`);
}

export async function createPricingPlan(ctx: Context, input: { name: string; discountPercent?: number | null }) {
  const v = parseInput(z.object({ name: planName, discountPercent: planDiscount.default(0) }), withoutNulls(input));
  await ensureUniquePlanName(ctx, v.name);
  const plan = await ctx.db.pricingPlan.create({ data: { branchId: ctx.branch.id, ...v } });
  const row = await configRow(ctx);
  return { ...plan, isDefault: plan.id === row?.defaultPricingPlanId };
}

async function requirePlan(ctx: Context, id: string) {
  const plan = await ctx.db.pricingPlan.findUnique({ where: { id } });
  if (!plan) throw new AppError("NOT_FOUND", "Pricing plan not found.");
  return plan;
}

export async function updatePricingPlan(
  ctx: Context,
  input: { pricingPlanId: string; name?: string | null; discountPercent?: number | null; inactive?: boolean | null },
) {
  const v = parseInput(
    z.object({
      pricingPlanId: z.string().min(1),
      name: planName.optional(),
      discountPercent: planDiscount.optional(),
      inactive: z.boolean().optional(),
    }),
    withoutNulls(input),
  );
  await requirePlan(ctx, v.pricingPlanId);
  const row = await configRow(ctx);
  if (v.name) await ensureUniquePlanName(ctx, v.name, v.pricingPlanId);
  if (v.inactive && row?.defaultPricingPlanId === v.pricingPlanId)
    throw badInput("The default pricing plan can't be made inactive. Choose another default first.");
  const { pricingPlanId, ...data } = v;
  const plan = await ctx.db.pricingPlan.update({ where: { id: pricingPlanId }, data });
  return { ...plan, isDefault: plan.id === row?.defaultPricingPlanId };
}

/** Sets the shop's default pricing plan (null: list prices for everyone). */
export async function setPricingPlan(ctx: Context, pricingPlanId: string | null) {
  let name = "";
  if (pricingPlanId) {
    const plan = await requirePlan(ctx, pricingPlanId);
    if (plan.inactive) throw badInput("An inactive pricing plan can't be the default.");
    name = plan.name;
  }
  await ctx.db.storefrontConfig.upsert({
    where: { branchId: ctx.branch.id },
    create: { branchId: ctx.branch.id, defaultPricingPlanId: pricingPlanId },
    update: { defaultPricingPlanId: pricingPlanId },
  });
  return {
    isSuccess: true,
    message: pricingPlanId ? `${name} is now the default pricing plan.` : "The shop now uses list prices.",
  };
}
