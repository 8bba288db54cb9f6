import { visibleLeadsWhere } from "../../auth/lead-access.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, badInput } from "../../errors.ts";
import type { DiscardReason } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, requiredText } from "../../validation.ts";

// Discard reasons: why a lead was set aside (team/lead-discard-reasons). Names are unique per branch
// whatever their case. A reason that leads or a lead rule still name is not deleted: the refusal says
// how many, and renaming it is the way to change what it says (docs/decisions/0850).

export type DiscardReasonRow = DiscardReason & { leadCount: number };

const NOT_FOUND = "Discard reason not found.";
export const DISCARD_REASON_LIMITS = { name: 100, perBranch: 200 } as const;

const nameSchema = requiredText("Name", DISCARD_REASON_LIMITS.name);

/** The branch's reasons by name, each with how many visible leads are discarded with it (one GROUP BY). */
export async function discardReasons(ctx: Context): Promise<DiscardReasonRow[]> {
  const [reasons, counts] = await Promise.all([
    ctx.db.discardReason.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }] }),
    ctx.db.lead.groupBy({
      by: ["discardReasonId"],
      where: { ...(await visibleLeadsWhere(ctx)), status: "DISCARDED", discardReasonId: { not: null } },
      _count: { _all: true },
    }),
  ]);
  const byId = new Map(counts.map((c) => [c.discardReasonId, c._count._all]));
  return reasons.map((r) => ({ ...r, leadCount: byId.get(r.id) ?? 0 }));
}

export async function requireDiscardReason(ctx: Context, id: string): Promise<DiscardReason> {
  const row = id.length <= 100 ? await ctx.db.discardReason.findUnique({ where: { id } }) : null;
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

async function withCount(ctx: Context, r: DiscardReason): Promise<DiscardReasonRow> {
  const leadCount = await ctx.db.lead.count({
    where: { ...(await visibleLeadsWhere(ctx)), status: "DISCARDED", discardReasonId: r.id },
  });
  return { ...r, leadCount };
}

async function assertFreeName(ctx: Context, name: string, exceptId?: string) {
  const same = await ctx.db.discardReason.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { name: true },
  });
  if (same) throw badInput(`Another discard reason is already named "${same.name}".`);
}

const taken = (e: unknown): never => {
  if (isUniqueViolation(e)) throw badInput("Another discard reason has that name.");
  throw e;
};

export async function createDiscardReason(ctx: Context, rawName: string): Promise<DiscardReasonRow> {
  const name = parseInput(nameSchema, rawName);
  await assertFreeName(ctx, name);
  if ((await ctx.db.discardReason.count()) >= DISCARD_REASON_LIMITS.perBranch)
    throw badInput(`A branch may have at most ${DISCARD_REASON_LIMITS.perBranch} discard reasons.`);
  const row = await ctx.db.discardReason.create({ data: { branchId: ctx.branch.id, name } }).catch(taken);
  return { ...row, leadCount: 0 };
}

export async function updateDiscardReason(ctx: Context, id: string, rawName: string): Promise<DiscardReasonRow> {
  await requireDiscardReason(ctx, id);
  const name = parseInput(nameSchema, rawName);
  await assertFreeName(ctx, name, id);
  const row = await ctx.db.discardReason.update({ where: { id }, data: { name } }).catch(taken);
  return withCount(ctx, row);
}

const leads = (n: number) => (n === 1 ? "1 lead was" : `${n.toLocaleString("en-US")} leads were`);

/** Deletes a reason no lead and no lead rule names; otherwise a sentence saying how many do. */
export async function deleteDiscardReason(ctx: Context, id: string): Promise<DiscardReason> {
  const reason = await requireDiscardReason(ctx, id);
  // Every lead naming it, whatever its status or zone: deleting it would leave them pointing nowhere.
  const [used, rules] = await Promise.all([
    ctx.db.lead.count({ where: { discardReasonId: id } }),
    ctx.db.leadAutomation.count({ where: { discardReasonId: id } }),
  ]);
  if (used)
    throw badInput(
      `${leads(used)} discarded as "${reason.name}", so it cannot be deleted. Rename it instead, or discard those leads with another reason first.`,
    );
  if (rules)
    throw badInput(
      `${rules === 1 ? "A lead rule discards" : `${rules} lead rules discard`} leads as "${reason.name}": change or delete ${rules === 1 ? "that rule" : "those rules"} first.`,
    );
  await ctx.db.discardReason.delete({ where: { id } });
  return reason;
}
