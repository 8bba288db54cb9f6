import { badInput } from "../../errors.ts";
import type { Lead } from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { LeadRef } from "./lead.types.ts";

// My lead form leads: the leads a person brought in through lead forms (named on the form as its
// gatherer or its setter), newest first, so a canvasser sees what became of the doors they knocked.
// They are the person's own: no zone hides them, but a lead merged into another is shown as the survivor.

const ENTER = { anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"] as EmployeePermission[] };
const MAX_TAKE = 100;

type Page = { leads: Lead[]; total: number };

const MyFormLeadsRef = builder.objectRef<Page>("MyLeadFormLeads").implement({
  fields: (t) => ({
    leads: t.field({ type: [LeadRef], resolve: (p) => p.leads }),
    total: t.exposeInt("total"),
  }),
});

export async function myLeadFormLeads(ctx: Context, args: { skip: number; take: number }): Promise<Page> {
  if (!Number.isInteger(args.take) || args.take < 1 || args.take > MAX_TAKE)
    throw badInput(`Take between 1 and ${MAX_TAKE} leads.`);
  if (!Number.isInteger(args.skip) || args.skip < 0) throw badInput("Skip must be 0 or more.");
  const personId = ctx.viewer?.personId ?? "";
  const where = {
    leadFormId: { not: null },
    mergedIntoId: null,
    OR: [{ gathererPersonId: personId }, { setterPersonId: personId }],
  };
  const [leads, total] = await Promise.all([
    ctx.db.lead.findMany({
      where,
      orderBy: [{ enteredTime: "desc" }, { id: "asc" }],
      skip: args.skip,
      take: args.take,
    }),
    ctx.db.lead.count({ where }),
  ]);
  return { leads, total };
}

builder.queryFields((t) => ({
  myLeadFormLeads: t.field({
    type: MyFormLeadsRef,
    description: `The leads the signed-in person brought in through lead forms (as gatherer or setter), newest first; take at most ${MAX_TAKE}.`,
    authScopes: ENTER,
    args: { skip: t.arg.int({ defaultValue: 0 }), take: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => myLeadFormLeads(ctx, { skip: a.skip ?? 0, take: a.take }),
  }),
}));
