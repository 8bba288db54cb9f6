import { randomBytes } from "node:crypto";
import { z } from "zod";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import type { Branch, BranchBank, BranchMessagingPhone } from "../../generated/prisma/client.ts";
import type { Emphasis, WatertightFeature } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";

// What the console's branch operations share (branches.service.ts re-exports the public part): the
// unscoped client (branches are not branch-owned, and the console works across branches), reading one
// branch whole, masking write-only secrets and the text rules of their inputs.

export const mask = (secret: string) => (secret ? `••••${secret.slice(-4)}` : "");

export type AdminBranch = Branch & {
  tenantName: string;
  watertightFeatures: { featureId: WatertightFeature; startTime: Date | null; endTime: Date | null }[];
  notices: { id: string; severity: Emphasis; message: string; createdAt: Date }[];
  messagingPhones: BranchMessagingPhone[];
  banks: BranchBank[];
};

export const prismaOf = (ctx: Context) => crossBranch(ctx.runtime);

export async function findBranch(ctx: Context, branchId: string) {
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

// ───────────── validation shared by the settings, banks and phones ─────────────

export const text = (label: string, max = 200) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`);
export const required = (label: string, max = 200) => text(label, max).min(1, `${label} is required.`);

export const secret = (label: string) => z.string().trim().max(500, `${label} must be at most 500 characters.`);

/** A branch API key: 24 random bytes. */
export const newApiKey = () => `rwk_${randomBytes(24).toString("base64url")}`;
