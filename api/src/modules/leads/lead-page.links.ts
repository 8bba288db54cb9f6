import { batched } from "../../db/batch.ts";
import type { Context } from "../../runtime.ts";
import { personName } from "./lead-ops.service.ts";

// What a lead or note points to, read once per answer (a page of leads, a list of notes), not per row.

const people = batched(async (ctx: Context, ids: string[]) => {
  const rows = await ctx.db.person.findMany({
    where: { id: { in: ids } },
    select: { id: true, firstName: true, lastName: true },
  });
  return new Map(rows.map((p) => [p.id, personName(p)]));
});
const customers = batched(async (ctx: Context, ids: string[]) => {
  const rows = await ctx.db.customer.findMany({
    where: { id: { in: ids } },
    select: { id: true, accountNumber: true, name: true },
  });
  return new Map(rows.map((c) => [c.id, c]));
});
const numbers = batched(async (ctx: Context, ids: string[]) => {
  const rows = await ctx.db.lead.findMany({ where: { id: { in: ids } }, select: { id: true, number: true } });
  return new Map(rows.map((l) => [l.id, l.number]));
});

export const leadLinks = {
  personName: async (ctx: Context, id: string | null) => (id ? ((await people(ctx, id)) ?? null) : null),
  customer: async (ctx: Context, id: string | null) => (id ? ((await customers(ctx, id)) ?? null) : null),
  leadNumber: async (ctx: Context, id: string | null) => (id ? ((await numbers(ctx, id)) ?? null) : null),
};
