import { batched, groupBy } from "../../db/batch.ts";
import { type CustomFieldValue, Prisma } from "../../generated/prisma/client.ts";
import type { CustomFieldType, TableIdentifier } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { toText } from "../custom-fields/custom-fields.rules.ts";
import type { ValueView } from "../custom-fields/values.service.ts";
import type { ActivityView, ThreadView } from "./views.ts";

// Custom field values that work lists show, read for the whole list at once (db/batch.ts): every
// thread's activity values in one statement, and every activity's pinned values (its own, its
// thread's and its customer's pinned fields) in two, however many rows the answer has.

/** The values of each thread's activities (each names its activity as recordId), in field order. */
export const activityValuesOfThread = batched(async (ctx: Context, threads: Pick<ThreadView, "activities">[]) => {
  const activityIds = threads.flatMap((t) => t.activities.map((a) => a.id));
  // One statement: the values with their fields' type (a findMany with an include would be two).
  const rows = activityIds.length
    ? await ctx.db.$branchQuery<CustomFieldValue & { type: CustomFieldType; decimals: number | null }>(
        (branch) => Prisma.sql`
          SELECT v.*, f."type", f."decimals"
          FROM "CustomFieldValue" v
          JOIN "CustomField" f ON f."id" = v."fieldId" AND f."branchId" = v."branchId"
          WHERE v."branchId" = ${branch} AND v."tableId" = 'ACTIVITY' AND v."recordId" IN (${Prisma.join(activityIds)})
          ORDER BY v."recordId" ASC, f."sortOrder" ASC, f."name" ASC`,
      )
    : [];
  const byActivity = groupBy(
    rows.map(({ type, decimals, ...row }): ValueView => ({ ...row, value: toText({ type, decimals }, row) })),
    (v) => v.recordId,
  );
  return new Map(threads.map((t) => [t, t.activities.flatMap((a) => byActivity.get(a.id) ?? [])]));
});

/** A pinned field's value shown beside an activity: the field's name and type come with it. */
export type PinnedFieldValue = {
  fieldId: string;
  tableId: TableIdentifier;
  name: string;
  type: string;
  decimals: number | null;
  value: string;
};

const PINNED_TABLES = ["ACTIVITY", "PROJECT_THREAD", "CUSTOMER"] as const;

/**
 * Each activity's pinned values: the activity's own, then its thread's, then its customer's, each in
 * the fields' order. Only active, pinned fields with a value; nothing is read when no field is pinned.
 */
export const pinnedValuesOfActivity = batched(async (ctx: Context, activities: ActivityView[]) => {
  const none = new Map(activities.map((a) => [a, [] as PinnedFieldValue[]]));
  const fields = await ctx.db.customField.findMany({
    where: { pinStatus: "PINNED", inactive: false, tableId: { in: [...PINNED_TABLES] } },
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
    select: { id: true, tableId: true, name: true, type: true, decimals: true },
  });
  if (!fields.length) return none;
  const ids = (pick: (a: ActivityView) => string | null) => [
    ...new Set(activities.map(pick).filter((id): id is string => !!id)),
  ];
  const records: Record<(typeof PINNED_TABLES)[number], string[]> = {
    ACTIVITY: ids((a) => a.id),
    PROJECT_THREAD: ids((a) => a.threadId),
    CUSTOMER: ids((a) => a.customerId),
  };
  const rows = await ctx.db.customFieldValue.findMany({
    where: {
      fieldId: { in: fields.map((f) => f.id) },
      OR: PINNED_TABLES.filter((t) => records[t].length).map((tableId) => ({
        tableId,
        recordId: { in: records[tableId] },
      })),
    },
  });
  const stored = new Map(rows.map((r) => [`${r.fieldId}:${r.recordId}`, r]));
  const recordOf = {
    ACTIVITY: (a: ActivityView) => a.id,
    PROJECT_THREAD: (a: ActivityView) => a.threadId,
    CUSTOMER: (a: ActivityView) => a.customerId,
  };
  for (const a of activities) {
    const shown: PinnedFieldValue[] = [];
    for (const table of PINNED_TABLES) {
      const recordId = recordOf[table](a);
      if (!recordId) continue;
      for (const f of fields) {
        if (f.tableId !== table) continue;
        const row = stored.get(`${f.id}:${recordId}`);
        const value = row ? toText(f, row) : "";
        if (value)
          shown.push({ fieldId: f.id, tableId: f.tableId, name: f.name, type: f.type, decimals: f.decimals, value });
      }
    }
    none.set(a, shown);
  }
  return none;
});
