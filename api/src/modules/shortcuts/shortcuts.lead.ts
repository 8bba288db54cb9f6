import { canReachLeads } from "../../auth/lead-access.ts";
import type { Context } from "../../runtime.ts";
import type { RecordFacts } from "../automations/records.ts";

// A lead as a shortcut's actions see it: its fields as text, the customer it was linked to (mails to the
// customer's contacts), its open project thread (an activity is created on it when the step is of that
// thread's project; otherwise a new thread of the step's project is started for the lead) and the person
// it is assigned to (mails to the assignee). A merged lead is not found: it is no longer worked.

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Whether the caller may act on the lead: a lead permission, and their zones when they are held to them. */
export const mayActOnLead = (ctx: Context, id: string) => canReachLeads(ctx, { ids: id });

export async function loadLeadRecord(ctx: Context, id: string): Promise<RecordFacts | null> {
  if (id.length > 100) return null;
  const lead = await ctx.db.lead.findUnique({ where: { id } });
  if (!lead || lead.mergedIntoId) return null;
  const thread = await ctx.db.projectThread.findFirst({
    where: { leadId: lead.id, closedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, projectId: true },
  });
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  return {
    tableId: "LEAD",
    id,
    label: `lead #${lead.number}${name ? ` (${name})` : ""}`,
    fields: {
      number: String(lead.number),
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      city: lead.city,
      postalCode: lead.postalCode,
      status: lead.status,
      leadSourceId: text(lead.leadSourceId),
      leadFormId: text(lead.leadFormId),
      personId: text(lead.personId),
      zoneId: text(lead.zoneId),
      customerId: text(lead.customerId),
    },
    customerId: lead.customerId,
    leadId: lead.id,
    threadId: thread?.id ?? null,
    projectId: thread?.projectId ?? null,
    assignedPersonId: lead.personId,
  };
}
