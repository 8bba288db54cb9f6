import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, badInput } from "../../errors.ts";
import type { LeadSource } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { leadSourceFields } from "../../shared/lead-source-fields.ts";
import { parseInput, withoutNulls } from "../../validation.ts";

// Lead sources: where leads come from (a web campaign, a list vendor, a retail store). Each may post
// leads through the intake endpoint (intake.http.ts) with a key of its own: random, shown once when
// created, stored only as its SHA-256 (a copy of the table opens nothing), replaced by a new one and
// revocable. So one vendor is shut off (its source set inactive, or its key revoked) without touching
// the others. Names and codes are unique per branch, whatever their case.

/** Intake keys start with this, so they are told apart from GraphQL API keys ("rwk_"). */
export const LEAD_KEY_PREFIX = "rwl_";
export const RETAIL_STORE_TYPES = ["COSTCO", "HOME_DEPOT", "LOWES"] as const;

export const hashLeadKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** A new intake key: what is shown once, and what is stored. */
export function newLeadKey() {
  const key = `${LEAD_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, hash: hashLeadKey(key), prefix: key.slice(0, LEAD_KEY_PREFIX.length + 6) };
}

export type LeadSourceInput = {
  name?: string | null;
  code?: string | null;
  inactive?: boolean | null;
  retailStoreId?: string | null;
  retailStoreType?: string | null;
};

const NOT_FOUND = "Lead source not found.";

const fields = {
  ...leadSourceFields,
  inactive: z.boolean(),
  retailStoreType: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (RETAIL_STORE_TYPES as readonly string[]).includes(v),
      "Retailer: Costco, Home Depot or Lowe's.",
    ),
};
const addSchema = z.object({
  name: fields.name,
  code: fields.code,
  inactive: fields.inactive.default(false),
  retailStoreId: fields.retailStoreId.default(""),
  retailStoreType: fields.retailStoreType.default(""),
});
const patchSchema = z.object({
  name: fields.name.optional(),
  code: fields.code.optional(),
  inactive: fields.inactive.optional(),
  retailStoreId: fields.retailStoreId.optional(),
  retailStoreType: fields.retailStoreType.optional(),
});

export function leadSources(ctx: Context) {
  return ctx.db.leadSource.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }] });
}

export async function requireLeadSource(ctx: Context, id: string): Promise<LeadSource> {
  const row = id.length <= 100 ? await ctx.db.leadSource.findUnique({ where: { id } }) : null;
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

/** The retail store link: both parts or neither. */
function storeLink(id: string, type: string) {
  if (id && !type) throw badInput("Choose the retailer of the retail store.");
  if (type && !id) throw badInput("Enter the retail store's id, or clear the retailer.");
  return { retailStoreId: id || null, retailStoreType: type || null };
}

/** Refuses a name or code another source of the branch already has (case ignored). */
async function assertUnique(ctx: Context, v: { name?: string; code?: string }, exceptId?: string) {
  const others = exceptId ? { id: { not: exceptId } } : {};
  if (v.name) {
    const same = await ctx.db.leadSource.findFirst({
      where: { name: { equals: v.name, mode: "insensitive" }, ...others },
      select: { name: true },
    });
    if (same) throw badInput(`Another lead source is already named "${same.name}".`);
  }
  if (v.code) {
    const same = await ctx.db.leadSource.findFirst({
      where: { code: { equals: v.code, mode: "insensitive" }, ...others },
      select: { code: true },
    });
    if (same) throw badInput(`Another lead source already has the code "${same.code}".`);
  }
}

const taken = (e: unknown): never => {
  if (isUniqueViolation(e)) throw badInput("Another lead source has that name or code.");
  throw e;
};

export async function addLeadSource(ctx: Context, input: LeadSourceInput): Promise<LeadSource> {
  const v = parseInput(addSchema, withoutNulls(input));
  const link = storeLink(v.retailStoreId, v.retailStoreType);
  await assertUnique(ctx, v);
  return ctx.db.leadSource
    .create({ data: { branchId: ctx.branch.id, name: v.name, code: v.code, inactive: v.inactive, ...link } })
    .catch(taken);
}

/** Changes what is given; what is left out is kept. */
export async function patchLeadSource(ctx: Context, id: string, input: LeadSourceInput): Promise<LeadSource> {
  const row = await requireLeadSource(ctx, id);
  const v = parseInput(patchSchema, withoutNulls(input));
  const link = storeLink(v.retailStoreId ?? row.retailStoreId ?? "", v.retailStoreType ?? row.retailStoreType ?? "");
  await assertUnique(ctx, v, row.id);
  return ctx.db.leadSource
    .update({
      where: { id: row.id },
      data: { name: v.name, code: v.code, inactive: v.inactive, ...link },
    })
    .catch(taken);
}

export async function setLeadSourceInactive(ctx: Context, id: string, inactive: boolean): Promise<LeadSource> {
  const row = await requireLeadSource(ctx, id);
  return ctx.db.leadSource.update({ where: { id: row.id }, data: { inactive } });
}

/** A new intake key for the source (an older one stops working); the key is in the answer only this once. */
export async function createLeadSourceKey(ctx: Context, id: string): Promise<{ key: string; source: LeadSource }> {
  const row = await requireLeadSource(ctx, id);
  const made = newLeadKey();
  const source = await ctx.db.leadSource.update({
    where: { id: row.id },
    data: { apiKeyHash: made.hash, apiKeyPrefix: made.prefix, apiKeyCreatedAt: clock.now(), apiKeyLastUsed: null },
  });
  return { key: made.key, source };
}

export async function revokeLeadSourceKey(ctx: Context, id: string): Promise<LeadSource> {
  const row = await requireLeadSource(ctx, id);
  if (!row.apiKeyHash) throw badInput(`"${row.name}" has no intake key to revoke.`);
  return ctx.db.leadSource.update({
    where: { id: row.id },
    data: { apiKeyHash: null, apiKeyPrefix: null, apiKeyCreatedAt: null, apiKeyLastUsed: null },
  });
}
