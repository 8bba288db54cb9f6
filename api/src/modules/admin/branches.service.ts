import { randomBytes } from "node:crypto";
import { z } from "zod";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import type { Branch, BranchBank, BranchMessagingPhone } from "../../generated/prisma/client.ts";
import type {
  BranchPortalFeature,
  Emphasis,
  MessagePlatform,
  WatertightFeature,
} from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { activeWatertightFeatures } from "../account/account.service.ts";

// The super admin's view of branches (admin/b, admin/b/{branchId}). Branches are not branch-owned, so
// these services use the unscoped client (the console works across branches). Every change that the
// branch resolver caches (host, activation, features, watertight features) invalidates its cache, so a
// new host answers at ?host=<new> on the next request.
//
// Gateway keys (sale, payment, Collect.js, each bank's) and the branch API key are write-only: once
// saved they are only read back masked. A reset API key is returned once, by the reset itself.

export const mask = (secret: string) => (secret ? `••••${secret.slice(-4)}` : "");

export type AdminBranch = Branch & {
  tenantName: string;
  watertightFeatures: { featureId: WatertightFeature; startTime: Date | null; endTime: Date | null }[];
  notices: { id: string; severity: Emphasis; message: string; createdAt: Date }[];
  messagingPhones: BranchMessagingPhone[];
  banks: BranchBank[];
};

const prismaOf = (ctx: Context) => crossBranch(ctx.runtime);

async function findBranch(ctx: Context, branchId: string) {
  const branch = await prismaOf(ctx).branch.findUnique({ where: { id: branchId } });
  if (!branch) throw new AppError("NOT_FOUND", "This branch does not exist.");
  return branch;
}

export async function branchById(ctx: Context, branchId: string): Promise<AdminBranch> {
  const p = prismaOf(ctx);
  const branch = await p.branch.findUnique({
    where: { id: branchId },
    include: {
      tenant: { select: { name: true } },
      watertightFeatures: { orderBy: { featureId: "asc" } },
      notices: { orderBy: { createdAt: "asc" } },
    },
  });
  if (!branch) throw new AppError("NOT_FOUND", "This branch does not exist.");
  const [messagingPhones, banks] = await Promise.all([
    p.branchMessagingPhone.findMany({ where: { branchId }, orderBy: { createdAt: "asc" } }),
    p.branchBank.findMany({ where: { branchId }, orderBy: { createdAt: "asc" } }),
  ]);
  const { tenant, ...rest } = branch;
  return { ...rest, tenantName: tenant.name, messagingPhones, banks };
}

export type BranchOverviewRow = {
  id: string;
  branchNumber: number;
  company: string;
  host: string;
  tenantName: string;
  features: BranchPortalFeature[];
  watertightFeatures: WatertightFeature[];
  lastWtdSync: Date | null;
  lastPaymentProcessTime: Date | null;
  inactive: boolean;
};

export async function branchesOverview(ctx: Context): Promise<BranchOverviewRow[]> {
  const rows = await prismaOf(ctx).branch.findMany({
    orderBy: { branchNumber: "asc" },
    include: {
      tenant: { select: { name: true } },
      watertightFeatures: { select: { featureId: true, startTime: true, endTime: true } },
    },
  });
  return rows.map((b) => ({
    id: b.id,
    branchNumber: b.branchNumber,
    company: b.company,
    host: b.host,
    tenantName: b.tenant.name,
    features: b.features,
    // Only the features on now: a window that ended (or has not started) is not "on".
    watertightFeatures: activeWatertightFeatures(b.watertightFeatures).sort(),
    lastWtdSync: b.lastWtdSync,
    lastPaymentProcessTime: b.lastPaymentProcessTime,
    inactive: b.inactive,
  }));
}

export async function tenants(ctx: Context) {
  return prismaOf(ctx).tenant.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true } });
}

// ───────────── validation ─────────────

const text = (label: string, max = 200) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);
const required = (label: string, max = 200) => text(label, max).min(1, `${label} is required.`);

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

const secret = (label: string) => z.string().trim().max(500, `${label} must be at most 500 characters.`);

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

const newApiKey = () => `rwk_${randomBytes(24).toString("base64url")}`;

/** A new branch API key: the old one stops working at once; the new one is shown this once only. */
export async function resetBranchApiKey(ctx: Context, branchId: string) {
  await findBranch(ctx, branchId);
  const apiKey = newApiKey();
  await prismaOf(ctx).branch.update({ where: { id: branchId }, data: { apiKey } });
  ctx.runtime.branches.invalidate();
  return { branchId, apiKey };
}

// ───────────── banks ─────────────

const bankSchema = z.object({
  branchId: z.string().min(1),
  id: z.string().optional(),
  name: required("Bank name"),
  shortDescription: text("Short description").optional(),
  paymentApiKey: secret("Payment key").optional(),
  saleApiKey: secret("Sale key").optional(),
  collectJsKey: secret("Collect.js key").optional(),
  inactive: z.boolean().optional(),
});
export type BankInput = z.input<typeof bankSchema>;

/** Adds a bank (no id) or changes one; a field left out (a key included) keeps its saved value. */
export async function updateBank(ctx: Context, raw: BankInput): Promise<BranchBank> {
  const { id, branchId, ...data } = parseInput(bankSchema, withoutNulls(raw));
  await findBranch(ctx, branchId);
  const p = prismaOf(ctx);
  if (!id) return p.branchBank.create({ data: { branchId, ...data } });
  const bank = await p.branchBank.findFirst({ where: { id, branchId } });
  if (!bank) throw new AppError("NOT_FOUND", "This bank does not exist.");
  return p.branchBank.update({ where: { id }, data });
}

// ───────────── messaging phones ─────────────

const phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ""))
  .refine((v) => /^\+?\d{10,15}$/.test(v), "Phone must have 10 to 15 digits, like +15125550100.");

const phoneSchema = z.object({
  phone,
  messagePlatform: z.enum(["EMAIL", "PHONE", "SMS"]),
  description: text("Description").default(""),
  inactive: z.boolean().default(false),
});
export type MessagingPhoneInput = z.input<typeof phoneSchema>;

async function phoneTaken(
  ctx: Context,
  branchId: string,
  v: { phone: string; messagePlatform: MessagePlatform },
  except?: string,
) {
  const other = await prismaOf(ctx).branchMessagingPhone.findFirst({
    where: { branchId, phone: v.phone, messagePlatform: v.messagePlatform, ...(except ? { id: { not: except } } : {}) },
  });
  if (other) throw new AppError("CONFLICT", `${v.phone} is already a ${v.messagePlatform} phone of this branch.`);
}

export async function createMessagingPhone(ctx: Context, branchId: string, raw: MessagingPhoneInput) {
  const data = parseInput(phoneSchema, withoutNulls(raw));
  await findBranch(ctx, branchId);
  await phoneTaken(ctx, branchId, data);
  return prismaOf(ctx).branchMessagingPhone.create({ data: { branchId, ...data } });
}

export async function editMessagingPhone(ctx: Context, id: string, raw: MessagingPhoneInput) {
  const data = parseInput(phoneSchema, withoutNulls(raw));
  const row = await prismaOf(ctx).branchMessagingPhone.findUnique({ where: { id } });
  if (!row) throw new AppError("NOT_FOUND", "This messaging phone does not exist.");
  await phoneTaken(ctx, row.branchId, data, id);
  return prismaOf(ctx).branchMessagingPhone.update({ where: { id }, data });
}

export async function deleteMessagingPhone(ctx: Context, id: string) {
  const row = await prismaOf(ctx).branchMessagingPhone.findUnique({ where: { id } });
  if (!row) throw new AppError("NOT_FOUND", "This messaging phone does not exist.");
  await prismaOf(ctx).branchMessagingPhone.delete({ where: { id } });
  return { isSuccess: true, message: `${row.phone} was removed.` };
}
