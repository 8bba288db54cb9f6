import { batched } from "../../db/batch.ts";
import type { Context } from "../../runtime.ts";
import type { GroupCount } from "./views.service.ts";

// The words a group count is shown with: a status in words, a person's, source's, form's or zone's
// name (joined by the count's statement; otherwise all of a request's groups read in one query per
// kind), a period as its first day.

type Kind = "PERSON" | "SOURCE" | "FORM" | "ZONE";
const readers: Record<Kind, (ctx: Context, ids: string[]) => Promise<{ id: string; name: string }[]>> = {
  PERSON: async (ctx, ids) =>
    (
      await ctx.db.person.findMany({
        where: { id: { in: ids } },
        select: { id: true, firstName: true, lastName: true },
      })
    ).map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim() })),
  SOURCE: (ctx, ids) => ctx.db.leadSource.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  FORM: (ctx, ids) => ctx.db.leadForm.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  ZONE: (ctx, ids) => ctx.db.territoryZone.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
};
const loaders = Object.fromEntries(
  Object.entries(readers).map(([kind, read]) => [
    kind,
    batched(async (ctx: Context, ids: string[]) => new Map((await read(ctx, ids)).map((r) => [r.id, r.name]))),
  ]),
) as Record<Kind, (ctx: Context, id: string) => Promise<string | undefined>>;

const none: Record<Kind, string> = {
  PERSON: "Unassigned",
  SOURCE: "No source",
  FORM: "No form",
  ZONE: "No zone",
};
const statusWords: Record<string, string> = { UNASSIGNED: "Unassigned", ASSIGNED: "Assigned", DISCARDED: "Discarded" };

export async function groupLabel(ctx: Context, g: Pick<GroupCount, "groupBy" | "key" | "name">): Promise<string> {
  if (g.groupBy === "STATUS") return statusWords[g.key ?? ""] ?? g.key ?? "";
  if (g.groupBy === "DAY" || g.groupBy === "WEEK" || g.groupBy === "MONTH") return g.key ?? "";
  if (!g.key) return none[g.groupBy];
  // The count's statement joined the name (views.sql.ts): no look-up.
  if (g.name !== undefined) return g.name ?? "(removed)";
  return (await loaders[g.groupBy](ctx, g.key)) ?? "(removed)";
}
