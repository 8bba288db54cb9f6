import { leadZoneRestriction } from "../../auth/lead-access.ts";
import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError, badInput, notFound } from "../../errors.ts";
import { type Lead, type LeadMerge, Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import {
  DUPLICATE_LIMITS,
  MERGE_FIELDS,
  MERGED_COLUMNS,
  type MergeInput,
  mergeInput,
  pageInput,
} from "./duplicates.rules.ts";
import { diffLead, recordLeadChanges } from "./lead-history.ts";
import { type MergeBefore, moveRelations, putBackRelations, restoreLead } from "./merge.images.ts";

// Merging duplicate leads into one survivor, field by field, and undoing it. The merged leads are kept
// (mergedIntoId names the survivor; every list hides them) and their notes, project threads and lead
// custom field values move to the survivor. The merge row keeps the before-image of everything it
// touched, so an unmerge within 30 days puts back every record and relation as it was.
//
// Two merges of the same leads at once: each locks the leads (in id order) and claims them with a
// conditional update on mergedIntoId IS NULL; the second finds them merged and is refused.

export const MERGE_DAYS = 30;
const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const nameOf = (l: Pick<Lead, "number">) => `#${l.number}`;

/** Locks the named leads of the branch (in id order, so two merges never wait on each other crosswise). */
async function lockLeads(tx: ScopedTx, ids: string[]) {
  return tx.$branchQuery<{ id: string; mergedIntoId: string | null; number: number }>(
    (branch) => Prisma.sql`
      SELECT id, "mergedIntoId", number FROM "Lead"
      WHERE "branchId" = ${branch} AND id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`,
  );
}

/** Merges `leadIds` into `survivorId`, each chosen field taken from the lead named for it. */
export async function mergeLeads(ctx: Context, raw: unknown) {
  const input: MergeInput = parseInput(mergeInput, raw);
  const ids = [input.survivorId, ...input.leadIds];
  return ctx.db.$transaction(
    async (tx) => {
      const locked = await lockLeads(tx, ids);
      if (locked.length !== ids.length) throw notFound("A lead of this merge was not found.");
      const gone = locked.filter((l) => l.mergedIntoId);
      if (gone.length)
        throw new AppError(
          "CONFLICT",
          `${gone.map(nameOf).join(", ")} ${gone.length === 1 ? "was" : "were"} merged into another lead meanwhile: look at the group again.`,
        );
      const leads = await tx.lead.findMany({ where: { id: { in: ids } } });
      const byId = new Map(leads.map((l) => [l.id, l]));
      const survivor = byId.get(input.survivorId)!;
      const merged = input.leadIds.map((id) => byId.get(id)!);

      const data: Record<string, unknown> = {};
      for (const { field, fromLeadId } of input.fields)
        if (fromLeadId !== survivor.id)
          for (const column of MERGE_FIELDS[field]) data[column] = byId.get(fromLeadId)![column as keyof Lead];
      if (survivor.duplicateOfId && input.leadIds.includes(survivor.duplicateOfId)) data.duplicateOfId = null;

      // The claim: a lead merged by someone else since the lock cannot be claimed twice.
      const claimed = await tx.lead.updateMany({
        where: { id: { in: input.leadIds }, mergedIntoId: null },
        data: { mergedIntoId: survivor.id },
      });
      if (claimed.count !== input.leadIds.length)
        throw new AppError("CONFLICT", "These leads were merged meanwhile: look at the group again.");
      const after = Object.keys(data).length
        ? await tx.lead.update({ where: { id: survivor.id }, data: data as Prisma.LeadUpdateInput })
        : survivor;
      const moved = await moveRelations(tx, survivor.id, input.leadIds);
      const before: MergeBefore = {
        survivor: Object.fromEntries(
          [...MERGED_COLUMNS, "duplicateOfId", "lastEdited"].map((c) => [c, survivor[c as keyof Lead]]),
        ),
        merged,
        fields: input.fields,
        ...moved,
      };
      const merge = await tx.leadMerge.create({
        data: {
          survivorId: survivor.id,
          mergedLeadIds: input.leadIds,
          matchedKey: input.matchedKey,
          personId: ctx.viewer?.personId ?? null,
          before: JSON.parse(JSON.stringify(before)) as Prisma.InputJsonValue,
        } as Prisma.LeadMergeUncheckedCreateInput,
      });
      const personId = ctx.viewer?.personId;
      await recordLeadChanges(tx, [
        {
          leadId: survivor.id,
          personId,
          kind: "MERGED",
          summary: `Merged ${merged.map(nameOf).join(", ")} into this lead.`,
          changes: diffLead(survivor, after, [...MERGED_COLUMNS, "duplicateOfId"]),
        },
        ...merged.map((l) => ({
          leadId: l.id,
          personId,
          kind: "MERGED" as const,
          summary: `Merged into ${nameOf(survivor)}.`,
          changes: { mergedIntoId: [null, survivor.id] as [unknown, unknown] },
        })),
      ]);
      return { merge, survivor: after, mergedCount: merged.length };
    },
    { timeout: 30_000 },
  );
}

/** Why the merge cannot be undone now; null when it can. */
export async function unmergeRefusal(ctx: Context, merge: LeadMerge): Promise<string | null> {
  if (merge.undoneAt) return `This merge was undone already, on ${day(merge.undoneAt)}.`;
  if (clock.nowMs() - merge.createdAt.getTime() > MERGE_DAYS * DAY_MS)
    return `A merge can be undone for ${MERGE_DAYS} days; this one was made on ${day(merge.createdAt)}.`;
  const ids = [merge.survivorId, ...merge.mergedLeadIds];
  const later = await ctx.db.leadMerge.findFirst({
    where: {
      id: { not: merge.id },
      undoneAt: null,
      createdAt: { gte: merge.createdAt },
      OR: [{ survivorId: { in: ids } }, { mergedLeadIds: { hasSome: ids } }],
    },
    orderBy: { createdAt: "desc" },
  });
  if (later)
    return `These leads were merged again on ${day(later.createdAt)}: unmerge that merge first, then this one.`;
  return null;
}

export const unmergeUntil = (merge: LeadMerge) => new Date(merge.createdAt.getTime() + MERGE_DAYS * DAY_MS);

export async function requireMerge(ctx: Context, id: string) {
  const merge = await ctx.db.leadMerge.findUnique({ where: { id } });
  if (!merge) throw notFound("This merge was not found.");
  return merge;
}

/** The leads a merge names (for the leadAccess scope of unmerge). */
export async function leadsOfMerge(ctx: Context, id: string) {
  const merge = await ctx.db.leadMerge.findUnique({
    where: { id },
    select: { survivorId: true, mergedLeadIds: true },
  });
  return merge ? [merge.survivorId, ...merge.mergedLeadIds] : [];
}

/** Undoes a merge: every record and relation it touched back as it was before. Once, within 30 days. */
export async function unmergeLeads(ctx: Context, id: string) {
  const merge = await requireMerge(ctx, id);
  const why = await unmergeRefusal(ctx, merge);
  if (why) throw badInput(why);
  const before = merge.before as unknown as MergeBefore;
  const personId = ctx.viewer?.personId ?? null;
  return ctx.db.$transaction(
    async (tx) => {
      const claimed = await tx.leadMerge.updateMany({
        where: { id, undoneAt: null },
        data: { undoneAt: clock.now(), undonePersonId: personId },
      });
      if (!claimed.count) throw new AppError("CONFLICT", "This merge was undone already.");
      const locked = await lockLeads(tx, [merge.survivorId, ...merge.mergedLeadIds]);
      const moved = locked.filter((l) => l.id !== merge.survivorId && l.mergedIntoId !== merge.survivorId);
      if (moved.length)
        throw new AppError("CONFLICT", `${moved.map(nameOf).join(", ")} is no longer merged into this survivor.`);
      const survivorNow = await tx.lead.findUniqueOrThrow({ where: { id: merge.survivorId } });
      for (const lead of before.merged) await restoreLead(tx, lead.id, lead as unknown as Record<string, unknown>);
      const survivor = await restoreLead(tx, merge.survivorId, before.survivor);
      await putBackRelations(tx, merge.survivorId, before);
      await recordLeadChanges(tx, [
        {
          leadId: merge.survivorId,
          personId,
          kind: "UNMERGED",
          summary: `Unmerged ${before.merged.map((l) => `#${l.number}`).join(", ")} from this lead.`,
          changes: diffLead(survivorNow, survivor, [...MERGED_COLUMNS, "duplicateOfId"]),
        },
        ...before.merged.map((l) => ({
          leadId: l.id,
          personId,
          kind: "UNMERGED" as const,
          summary: `Unmerged from #${survivor.number}.`,
          changes: { mergedIntoId: [merge.survivorId, null] as [unknown, unknown] },
        })),
      ]);
      return { merge: await tx.leadMerge.findUniqueOrThrow({ where: { id } }), survivor };
    },
    { timeout: 30_000 },
  );
}

/** The merges of the branch, newest first (for a person held to zones: those whose survivor they see). */
export async function leadMerges(ctx: Context, skip?: number | null, take?: number | null) {
  const page = parseInput(pageInput(DUPLICATE_LIMITS.historyTake), {
    skip: skip ?? undefined,
    take: take ?? undefined,
  });
  const zones = await leadZoneRestriction(ctx);
  const inZones = zones
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "Lead" l WHERE l.id = m."survivorId" AND l."zoneId" = ANY(${zones}::text[]))`
    : Prisma.empty;
  const rows = await ctx.db.$branchQuery<{ id: string; total: number }>(
    (branch) => Prisma.sql`
      SELECT m.id, count(*) OVER ()::int AS total FROM "LeadMerge" m
      WHERE m."branchId" = ${branch} ${inZones}
      ORDER BY m."createdAt" DESC, m.id LIMIT ${page.take} OFFSET ${page.skip}`,
  );
  const merges = await ctx.db.leadMerge.findMany({
    where: { id: { in: rows.map((r) => r.id) } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return { totalCount: rows[0]?.total ?? 0, items: merges };
}
