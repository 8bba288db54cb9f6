import { z } from "zod";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { BranchPortalFeature, WatertightFeature } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import {
  type AdminBranch,
  branchById,
  findBranch,
  newApiKey,
  prismaOf,
  required,
  secret,
  text,
} from "./branches.shared.ts";

// A branch's own settings in the console: creating one, changing its fields and notices, switching it
// on or off, its portal and watertight features, and resetting its API key. Every change invalidates
// the branch resolver's cache, so a new host answers at ?host=<new> on the next request.

const host = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    "Host must be lower-case letters, digits and dashes (up to 63), like north or dealer-12.",
  );

const timeZone = z
  .string()
  .trim()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return tz.length > 0;
    } catch {
      return false;
    }
  }, "Time zone must be an IANA name like America/Chicago.");

const recipients = (label: string) =>
  text(label, 1000).refine(
    (v) =>
      v === "" ||
      v
        .split(",")
        .map((s) => s.trim())
        .every((s) => /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(s)),
    `${label} must be email addresses separated by commas.`,
  );

const url = (label: string) =>
  text(label, 500).refine(
    (v) => v === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
    `${label} must start with https://.`,
  );

const noticeInput = z.object({
  severity: z.enum(["HEADER", "IMPORTANT", "NORMAL", "SUBTLE"]),
  message: required("A notice's message", 1000),
});

const updateSchema = z.object({
  branchId: z.string().min(1),
  company: required("Company").optional(),
  internalName: required("Internal name").optional(),
  label: text("Label").optional(),
  host: host.optional(),
  timeZone: timeZone.optional(),
  internalRelayAlertRecipients: recipients("Internal relay alert recipients").optional(),
  externalRelayAlertRecipients: recipients("External relay alert recipients").optional(),
  saleApiKey: secret("Sale API key").optional(),
  paymentApiKey: secret("Payment API key").optional(),
  collectJsApiKey: secret("Collect.js key").optional(),
  achPaymentSourceId: text("ACH payment source").optional(),
  cardPaymentSourceId: text("Card payment source").optional(),
  denyInteractive: z.boolean().optional(),
  ecommerceWorkflowShortcutId: text("E-commerce workflow shortcut").optional(),
  webSyncVersion: text("Web sync version", 50).optional(),
  redirectUrl: url("Redirect URL").optional(),
  websyncSlaSeconds: z
    .number()
    .int()
    .min(10, "Web sync SLA must be between 10 and 86,400 seconds.")
    .max(86_400, "Web sync SLA must be between 10 and 86,400 seconds.")
    .optional(),
  allowReferenceNumberSignUp: z.boolean().optional(),
  allowAnonymousSignUp: z.boolean().optional(),
  notices: z.array(noticeInput).max(20, "A branch can have at most 20 notices.").optional(),
});

export type UpdateBranchInput = z.input<typeof updateSchema>;

async function assertHostFree(ctx: Context, wanted: string, exceptBranchId?: string) {
  const taken = await prismaOf(ctx).branch.findUnique({
    where: { host: wanted },
    select: { id: true, branchNumber: true },
  });
  if (taken && taken.id !== exceptBranchId)
    throw new AppError("CONFLICT", `The host "${wanted}" is already used by branch ${taken.branchNumber}.`);
}

export async function updateBranch(ctx: Context, raw: UpdateBranchInput): Promise<AdminBranch> {
  const input = parseInput(updateSchema, withoutNulls(raw));
  const { branchId, notices, ecommerceWorkflowShortcutId, ...fields } = input;
  await findBranch(ctx, branchId);
  if (fields.host) await assertHostFree(ctx, fields.host, branchId);
  const p = prismaOf(ctx);
  await p.$transaction(async (tx) => {
    await tx.branch.update({
      where: { id: branchId },
      data: {
        ...fields,
        ...(ecommerceWorkflowShortcutId !== undefined
          ? { ecommerceWorkflowShortcutId: ecommerceWorkflowShortcutId || null }
          : {}),
      },
    });
    if (notices) {
      await tx.branchNotice.deleteMany({ where: { branchId } });
      if (notices.length)
        await tx.branchNotice.createMany({
          data: notices.map((n, i) => ({
            branchId,
            severity: n.severity,
            message: n.message,
            createdAt: new Date(clock.nowMs() + i),
          })),
        });
    }
  });
  ctx.runtime.branches.invalidate();
  return branchById(ctx, branchId);
}

const createSchema = z
  .object({
    branchNumber: z
      .number()
      .int()
      .min(1, "Branch number must be between 1 and 999,999.")
      .max(999_999, "Branch number must be between 1 and 999,999."),
    tenantId: z.string().trim().optional(),
    newTenantName: text("Tenant name").optional(),
    company: required("Company"),
    internalName: required("Internal name"),
    host,
    timeZone: timeZone.default("America/Chicago"),
  })
  .refine((v) => !!v.tenantId || !!v.newTenantName, "Pick a tenant or name a new one.");

export type CreateBranchInput = z.input<typeof createSchema>;

export async function createBranch(ctx: Context, raw: CreateBranchInput): Promise<AdminBranch> {
  const input = parseInput(createSchema, withoutNulls(raw));
  const p = prismaOf(ctx);
  await assertHostFree(ctx, input.host);
  if (await p.branch.findUnique({ where: { branchNumber: input.branchNumber } }))
    throw new AppError("CONFLICT", `Branch number ${input.branchNumber} is already used.`);
  if (input.tenantId && !(await p.tenant.findUnique({ where: { id: input.tenantId } })))
    throw new AppError("BAD_USER_INPUT", "That tenant does not exist.");
  const branch = await p.$transaction(async (tx) => {
    const tenantId = input.tenantId || (await tx.tenant.create({ data: { name: input.newTenantName! } })).id;
    return tx.branch.create({
      data: {
        tenantId,
        branchNumber: input.branchNumber,
        company: input.company,
        internalName: input.internalName,
        host: input.host,
        timeZone: input.timeZone,
        features: ["V2_WEB_PORTAL"],
        apiKey: newApiKey(),
      },
    });
  });
  ctx.runtime.branches.invalidate();
  return branchById(ctx, branch.id);
}

export async function toggleBranchActivation(ctx: Context, branchId: string): Promise<AdminBranch> {
  const branch = await findBranch(ctx, branchId);
  await prismaOf(ctx).branch.update({ where: { id: branchId }, data: { inactive: !branch.inactive } });
  ctx.runtime.branches.invalidate();
  return branchById(ctx, branchId);
}

export async function updatePortalFeature(
  ctx: Context,
  args: { branchId: string; feature: BranchPortalFeature; enabled: boolean },
): Promise<AdminBranch> {
  const branch = await findBranch(ctx, args.branchId);
  const features = new Set(branch.features);
  if (args.enabled) features.add(args.feature);
  else features.delete(args.feature);
  await prismaOf(ctx).branch.update({ where: { id: args.branchId }, data: { features: [...features].sort() } });
  ctx.runtime.branches.invalidate();
  return branchById(ctx, args.branchId);
}

/** Switches a watertight feature on (inside an optional time window) or off. */
export async function toggleWatertightFeature(
  ctx: Context,
  args: {
    branchId: string;
    featureId: WatertightFeature;
    enabled: boolean;
    startTime?: Date | null;
    endTime?: Date | null;
  },
): Promise<AdminBranch> {
  await findBranch(ctx, args.branchId);
  const p = prismaOf(ctx);
  const where = { branchId_featureId: { branchId: args.branchId, featureId: args.featureId } };
  if (!args.enabled)
    await p.branchWatertightFeature.deleteMany({ where: { branchId: args.branchId, featureId: args.featureId } });
  else {
    if (args.startTime && args.endTime && args.endTime <= args.startTime)
      throw new AppError("BAD_USER_INPUT", "The feature's end must be after its start.");
    const window = { startTime: args.startTime ?? null, endTime: args.endTime ?? null };
    await p.branchWatertightFeature.upsert({
      where,
      create: { branchId: args.branchId, featureId: args.featureId, ...window },
      update: window,
    });
  }
  ctx.runtime.branches.invalidate();
  return branchById(ctx, args.branchId);
}

/** A new branch API key: the old one stops working at once; the new one is shown this once only. */
export async function resetBranchApiKey(ctx: Context, branchId: string) {
  await findBranch(ctx, branchId);
  const apiKey = newApiKey();
  await prismaOf(ctx).branch.update({ where: { id: branchId }, data: { apiKey } });
  ctx.runtime.branches.invalidate();
  return { branchId, apiKey };
}
