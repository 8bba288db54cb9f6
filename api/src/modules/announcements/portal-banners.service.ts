import { z } from "zod";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError, badInput } from "../../errors.ts";
import type { PortalBanner } from "../../generated/prisma/client.ts";
import type { BannerTargetPortal } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { sanitizeStaffHtml } from "../../security/html.ts";
import { parseInput } from "../../validation.ts";

// Portal banners: a line of staff HTML on a coloured band across the top of one portal (the customer
// portal, the shop or the team back office) of one branch, or of every branch when branchId is empty,
// shown from startTime until endTime on the business clock. Written by super admins. A banner can be
// saved as a template (a copy that is never shown) to start later banners from.
//
// The HTML is cleaned on save (sanitizeStaffHtml) and again by the web when it renders (SafeHtml).
// Banners of the team back office are for employees: visitors and customers asking for them get none.

const MAX_WINDOW_DAYS = 366;
const DAY_MS = 86_400_000;

/** The banners of this branch's portal showing now (business clock), oldest first. */
export async function activePortalBanners(ctx: Context, targetPortal: BannerTargetPortal): Promise<PortalBanner[]> {
  if (targetPortal === "TEAM" && !ctx.viewer?.personId && !ctx.viewer?.isSuperAdmin) return [];
  const now = clock.now();
  return crossBranch(ctx.runtime).portalBanner.findMany({
    where: {
      isTemplate: false,
      targetPortal,
      OR: [{ branchId: ctx.branch.id }, { branchId: null }],
      startTime: { lte: now },
      endTime: { gt: now },
    },
    orderBy: [{ startTime: "asc" }, { id: "asc" }],
    take: 5,
  });
}

/** Every banner (or every template), newest window first, of one branch or all. */
export function portalBanners(ctx: Context, args: { templates?: boolean | null; branchId?: string | null }) {
  return crossBranch(ctx.runtime).portalBanner.findMany({
    where: { isTemplate: args.templates ?? false, ...(args.branchId ? { branchId: args.branchId } : {}) },
    orderBy: args.templates ? [{ templateName: "asc" }, { id: "asc" }] : [{ startTime: "desc" }, { id: "asc" }],
    take: 200,
  });
}

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour like #FACC15.")
  .transform((c) => c.toUpperCase());

const body = z
  .string()
  .max(5_000, "The banner must be at most 5,000 characters.")
  .transform((v) => sanitizeStaffHtml(v))
  .refine((v) => v.replace(/<[^>]*>/g, "").trim() !== "" || /<img\b/.test(v), "The banner needs some text.");

const fields = {
  branchId: z.string().uuid("Unknown branch.").nullable(),
  bodyHtml: body,
  backgroundColor: color,
  startTime: z.date({ error: "Start time is required." }),
  endTime: z.date({ error: "End time is required." }),
  targetPortal: z.enum(["CUSTOMER_PORTAL", "SHOP", "TEAM"]),
  isTemplate: z.boolean(),
  templateName: z.string().trim().max(80, "Template name must be at most 80 characters."),
};

const createInput = z.object({
  ...fields,
  branchId: fields.branchId.default(null),
  backgroundColor: fields.backgroundColor.default("#FACC15"),
  targetPortal: fields.targetPortal.default("CUSTOMER_PORTAL"),
  isTemplate: fields.isTemplate.default(false),
  templateName: fields.templateName.default(""),
});
const updateInput = z.object({ bannerId: z.string().min(1), ...z.object(fields).partial().shape });

type Nullable<T> = { [K in keyof T]?: T[K] | null };
export type CreatePortalBannerInput = Nullable<z.input<typeof createInput>>;
export type UpdatePortalBannerInput = Nullable<z.input<typeof updateInput>> & { bannerId: string };

/** Null means "leave as is", except branchId, where an explicit null means every branch. */
const strip = <T extends object>(o: T, keepNull: string[] = []) =>
  Object.fromEntries(
    Object.entries(o).filter(([k, v]) => v !== undefined && (v !== null || keepNull.includes(k))),
  ) as Partial<T>;

function checkWindow(b: { startTime: Date; endTime: Date; isTemplate: boolean; templateName: string }) {
  if (b.endTime <= b.startTime) throw badInput("The banner must end after it starts.");
  if (b.endTime.getTime() - b.startTime.getTime() > MAX_WINDOW_DAYS * DAY_MS)
    throw badInput(`A banner can show for at most ${MAX_WINDOW_DAYS} days.`);
  if (b.isTemplate && !b.templateName) throw badInput("Template name is required.");
}

async function checkBranch(ctx: Context, branchId: string | null | undefined) {
  if (!branchId) return;
  const branch = await crossBranch(ctx.runtime).branch.findUnique({ where: { id: branchId }, select: { id: true } });
  if (!branch) throw badInput("Unknown branch.");
}

export async function createPortalBanner(ctx: Context, input: CreatePortalBannerInput): Promise<PortalBanner> {
  const v = parseInput(createInput, strip(input, ["branchId"]));
  checkWindow(v);
  await checkBranch(ctx, v.branchId);
  return crossBranch(ctx.runtime).portalBanner.create({ data: v });
}

async function findBanner(ctx: Context, bannerId: string) {
  const banner = await crossBranch(ctx.runtime).portalBanner.findUnique({ where: { id: bannerId } });
  if (!banner) throw new AppError("NOT_FOUND", "That banner no longer exists.");
  return banner;
}

export async function updatePortalBanner(ctx: Context, input: UpdatePortalBannerInput): Promise<PortalBanner> {
  const { bannerId, ...v } = parseInput(updateInput, strip(input, ["branchId"]));
  const before = await findBanner(ctx, bannerId);
  checkWindow({ ...before, ...v });
  await checkBranch(ctx, v.branchId);
  return crossBranch(ctx.runtime).portalBanner.update({ where: { id: bannerId }, data: v });
}

export async function deletePortalBanner(ctx: Context, bannerId: string) {
  const banner = await findBanner(ctx, bannerId);
  await crossBranch(ctx.runtime).portalBanner.delete({ where: { id: bannerId } });
  return banner;
}

/** A template copied from the banner (its text, colour, portal, branch and window length); never shown. */
export async function setPortalBannerAsTemplate(ctx: Context, args: { bannerId: string; templateName: string }) {
  const name = parseInput(fields.templateName, args.templateName);
  if (!name) throw badInput("Template name is required.");
  const b = await findBanner(ctx, args.bannerId);
  return crossBranch(ctx.runtime).portalBanner.create({
    data: {
      branchId: b.branchId,
      bodyHtml: b.bodyHtml,
      backgroundColor: b.backgroundColor,
      startTime: b.startTime,
      endTime: b.endTime,
      targetPortal: b.targetPortal,
      isTemplate: true,
      templateName: name,
    },
  });
}
