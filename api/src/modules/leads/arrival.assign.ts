import { systemContext } from "../../auth/system-context.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { actingForConfiguration } from "../shortcuts/shortcuts.run.ts";
import { executeWorkflowShortcut } from "../shortcuts/shortcuts.service.ts";
import type { LeadOutcome } from "./accept-lead.ts";
import { assignLeads } from "./lead-ops.service.ts";

// Speed to lead: a lead arriving through a form that assigns (autoAssignLead) is assigned at once to
// the sales rep of its zone, and the form's shortcut (assignWorkflowShortcutId, a LEAD shortcut) runs on
// it, so its first activity is in the rep's my work seconds after the visitor pressed Send.
//
// - Who: the person holding the branch's appointment role (map usage "assigns appointments", else
//   "assigns activities") in the lead's zone of the lead map; of several, the one with the fewest
//   assigned leads (then by name). A lead without a zone, or a zone nobody holds, stays unassigned for a
//   lead admin to assign: nothing is guessed. The shortcut runs only on a lead that was assigned.
// - Which leads: a new lead only. A duplicate (of a lead or a customer) and a lead a rule discarded are
//   left for a person to look at; a replayed post was handled the first time.
// - As whom: the product, for the form's configuration (a lead admin chose the shortcut): no viewer
//   (history "by nobody"), and no visitor's record access to check (actingForConfiguration). The same
//   assignLeads and executeWorkflowShortcut a person's click runs; the run's idempotency key is the
//   lead's, so it never runs twice for one lead.
// - A failure here is logged and never fails the submission: the lead is stored either way.

export type ArrivalForm = { id: string; autoAssignLead: boolean; assignWorkflowShortcutId: string | null };
export type ArrivalResult = { personId: string | null; shortcutRan: boolean };

/** The person a lead of this zone goes to, or null (see above). */
export async function zoneSalesRep(ctx: Context, zoneId: string | null): Promise<string | null> {
  if (!zoneId) return null;
  const usage = await ctx.db.territoryMapUsage.findFirst({
    select: { appointmentAssignmentRoleId: true, activityAssignmentRoleId: true },
  });
  const roleId = usage?.appointmentAssignmentRoleId ?? usage?.activityAssignmentRoleId;
  if (!roleId) return null;
  const holders = await ctx.db.territoryZonePerson.findMany({
    where: { zoneId, roleId, person: { inactive: false } },
    select: { person: { select: { id: true, firstName: true, lastName: true } } },
    take: 50,
  });
  if (holders.length <= 1) return holders[0]?.person.id ?? null;
  const loads = await ctx.db.lead.groupBy({
    by: ["personId"],
    where: { status: "ASSIGNED", mergedIntoId: null, personId: { in: holders.map((h) => h.person.id) } },
    _count: { _all: true },
  });
  const load = new Map(loads.map((l) => [l.personId, l._count._all]));
  const name = (p: { firstName: string; lastName: string }) => `${p.lastName} ${p.firstName}`;
  const [first] = holders
    .map((h) => h.person)
    .sort(
      (a, b) =>
        (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) || name(a).localeCompare(name(b)) || a.id.localeCompare(b.id),
    );
  return first?.id ?? null;
}

/** Assigns a new lead of an assigning form and runs the form's shortcut on it. */
export async function assignOnArrival(ctx: Context, form: ArrivalForm, outcome: LeadOutcome): Promise<ArrivalResult> {
  const none: ArrivalResult = { personId: null, shortcutRan: false };
  const leadId = outcome.leadId;
  if (!form.autoAssignLead || !leadId || outcome.outcome !== "created" || outcome.replayed) return none;
  const system = actingForConfiguration(systemContext(ctx.runtime, ctx.branch, "lead-arrival"));
  try {
    const lead = await system.db.lead.findUnique({ where: { id: leadId }, select: { zoneId: true } });
    const personId = await zoneSalesRep(system, lead?.zoneId ?? null);
    if (!personId) {
      log.info("arriving lead left unassigned: nobody holds its zone", { formId: form.id, leadId });
      return none;
    }
    await assignLeads(system, [leadId], personId);
    if (!form.assignWorkflowShortcutId) return { personId, shortcutRan: false };
    const shortcut = await system.db.workflowShortcut.findUnique({
      where: { id: form.assignWorkflowShortcutId },
      select: { tableId: true, inactive: true },
    });
    if (shortcut?.tableId !== "LEAD" || shortcut.inactive) {
      log.warn("lead form's shortcut not run: missing, inactive or not a lead shortcut", { formId: form.id, leadId });
      return { personId, shortcutRan: false };
    }
    const run = await executeWorkflowShortcut(
      system,
      form.assignWorkflowShortcutId,
      [leadId],
      `lead-arrival:${leadId}`,
    );
    const failed = run.results.find((r) => !r.isSuccess);
    if (failed)
      log.warn("lead form's shortcut failed on the arriving lead", { formId: form.id, leadId, why: failed.message });
    return { personId, shortcutRan: !failed };
  } catch (error) {
    log.error("assigning an arriving lead failed", { error, formId: form.id, leadId });
    return none;
  }
}
