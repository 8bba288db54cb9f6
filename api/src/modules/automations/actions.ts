import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError } from "../../errors.ts";
import type { CustomFieldValue } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { editCustomFieldValues } from "../custom-fields/values.service.ts";
import { addActivity, patchActivity } from "../workflow/activities.service.ts";
import { defaultAssignee, zoneRoleHolder } from "../workflow/assignment.ts";
import type { Action } from "./automations.rules.ts";
import type { RecordFacts } from "./records.ts";

// What an action does to a record: create an activity, resolve, set a custom field, send a mail. The
// same for an automation's run (engine.ts, recording each action once per run) and a shortcut.

export async function assigneeFor(ctx: Context, a: Extract<Action, { type: "CREATE_ACTIVITY" }>, record: RecordFacts) {
  if (a.personId) return a.personId;
  if (a.zoneRoleId && record.customerId) {
    const holders = await zoneRoleHolder(ctx, record.customerId, a.zoneRoleId);
    if (holders.length) {
      const active = await ctx.db.person.findFirst({
        where: { id: { in: holders }, inactive: false },
        select: { id: true },
      });
      if (active) return active.id;
    }
  }
  // a lead's activity goes to the person the lead is assigned to
  if (record.tableId === "LEAD" && record.assignedPersonId) return record.assignedPersonId;
  return undefined; // the step's own default (its zone role, its person, the project's person)
}

export async function requireStep(ctx: Context, stepId: string) {
  const step = await ctx.db.projectStep.findUnique({ where: { id: stepId }, include: { project: true } });
  if (!step) throw new AppError("BAD_USER_INPUT", "The step no longer exists.");
  return step;
}

/**
 * What a caller records around an action so that it stays done once: a run writes its (run, action)
 * rows here; a shortcut records its outcome elsewhere and passes nothing.
 */
export type ActionRecorder = {
  /** Inside the new activity's transaction: the activity and this record are written together or not at all. */
  activityCreated?: (tx: ScopedTx, activityId: string) => Promise<void>;
  /** After an action that is harmless to repeat (resolving, setting a field). */
  done?: (detail: string) => Promise<unknown>;
  /** Before a mail goes (so an interrupted send is reported, never sent twice), if it cannot go, after it went. */
  mailStarting?: (to: string[]) => Promise<unknown>;
  mailFailed?: () => Promise<unknown>;
  mailSent?: () => Promise<unknown>;
  /** Nothing is written or sent: the action reads what it would touch, tells `changed`, and says what it would do. */
  dryRun?: boolean;
  /** Each change the action is about to make (on a dry run, would make): kept by a shortcut to undo it, counted by a preview. */
  changed?: (change: ActionChange) => Promise<unknown>;
};

/** One change an action makes to the data; a mail is reported too (it cannot be undone). */
export type ActionChange =
  | { kind: "ACTIVITY_CREATED"; stepId: string; stepName: string; assignedPersonId: string | null }
  | { kind: "ACTIVITY_RESOLVED"; activityId: string }
  | { kind: "FIELD_SET"; fieldId: string; before: CustomFieldValue | null; value: string }
  | { kind: "MAIL"; to: string[] };

/**
 * Does one action for a record, as an automation's run or a workflow shortcut does; what it did, in
 * words. Throws (a clear message) when it cannot be done.
 */
export async function performAction(
  ctx: Context,
  action: Action,
  record: RecordFacts,
  rec: ActionRecorder = {},
): Promise<string> {
  switch (action.type) {
    case "CREATE_ACTIVITY": {
      const step = await requireStep(ctx, action.stepId);
      const sameThread = record.threadId && record.projectId === step.projectId;
      if (rec.dryRun) {
        if (step.inactive) throw new AppError("BAD_USER_INPUT", `The step "${step.description}" is inactive.`);
        const thread = sameThread ? await ctx.db.projectThread.findUnique({ where: { id: record.threadId! } }) : null;
        if (thread?.closedAt) throw new AppError("BAD_USER_INPUT", "The project thread is closed.");
        const person =
          (await assigneeFor(ctx, action, record)) ??
          (await defaultAssignee(ctx, step, step.project, record.customerId));
        const made = { stepId: step.id, stepName: step.description, assignedPersonId: person ?? null };
        await rec.changed?.({ kind: "ACTIVITY_CREATED", ...made });
        return `Would create "${action.subject}" at the step "${step.description}".`;
      }
      await addActivity(
        ctx,
        {
          ...(sameThread
            ? { threadId: record.threadId }
            : { projectId: step.projectId, customerId: record.customerId, leadId: record.leadId }),
          stepId: step.id,
          subject: action.subject,
          details: action.details,
          scheduledTime: new Date(clock.now().getTime() + action.dueInMinutes * 60_000),
          assignedPersonId: await assigneeFor(ctx, action, record),
        },
        rec.activityCreated ? { inTransaction: rec.activityCreated } : {},
      );
      return `Created "${action.subject}" at the step "${step.description}".`;
    }
    case "RESOLVE_ACTIVITY": {
      const ids = action.stepId
        ? (
            await ctx.db.activity.findMany({
              where: {
                stepId: action.stepId,
                status: "ACTIVE",
                ...(record.threadId
                  ? { threadId: record.threadId }
                  : { thread: { customerId: record.customerId ?? "-" } }),
              },
              select: { id: true },
            })
          ).map((a) => a.id)
        : record.tableId === "ACTIVITY"
          ? [record.id]
          : [];
      // Only a caller that counts or keeps changes asks which are open (resolving a resolved one changes nothing).
      const open =
        rec.changed || rec.dryRun
          ? new Set(
              (
                await ctx.db.activity.findMany({ where: { id: { in: ids }, status: "ACTIVE" }, select: { id: true } })
              ).map((a) => a.id),
            )
          : null;
      for (const id of ids) {
        if (open?.has(id)) await rec.changed?.({ kind: "ACTIVITY_RESOLVED", activityId: id });
        if (!rec.dryRun) await patchActivity(ctx, id, { status: "RESOLVED" });
      }
      if (rec.dryRun) return open!.size ? `Would resolve ${open!.size} open activities.` : "Nothing open to resolve.";
      await rec.done?.(ids.join(","));
      const step = action.stepId
        ? await ctx.db.projectStep.findUnique({ where: { id: action.stepId }, select: { description: true } })
        : null;
      const at = step ? ` at "${step.description}"` : "";
      if (!ids.length) return `Nothing open${at} to resolve.`;
      return `Resolved ${ids.length === 1 ? "1 activity" : `${ids.length} activities`}${at}.`;
    }
    case "SET_CUSTOM_FIELD": {
      if (rec.changed) {
        const before = await ctx.db.customFieldValue.findUnique({
          where: { fieldId_recordId: { fieldId: action.fieldId, recordId: record.id } },
        });
        await rec.changed({ kind: "FIELD_SET", fieldId: action.fieldId, before, value: action.value });
      }
      if (rec.dryRun) return `Would set a field to "${action.value}".`;
      await editCustomFieldValues(ctx, record.tableId, record.id, [{ fieldId: action.fieldId, value: action.value }]);
      await rec.done?.(action.value);
      return `Set a field to "${action.value}".`;
    }
    case "SEND_MAIL": {
      const to = await mailRecipients(ctx, action, record);
      if (!to.length) throw new AppError("BAD_USER_INPUT", "There is no mail address to send to.");
      if (rec.dryRun) {
        await rec.changed?.({ kind: "MAIL", to });
        return `Would mail "${action.subject}" to ${to.join(", ")}.`;
      }
      await rec.mailStarting?.(to);
      try {
        for (const address of to)
          await ctx.runtime.mailer.send({
            branchId: ctx.branch.id,
            to: address,
            subject: action.subject,
            text: action.body,
            fromName: ctx.branch.company,
          });
      } catch (error) {
        await rec.mailFailed?.();
        throw error;
      }
      await rec.mailSent?.();
      return `Mailed "${action.subject}" to ${to.join(", ")}.`;
    }
  }
}

export async function mailRecipients(ctx: Context, a: Extract<Action, { type: "SEND_MAIL" }>, record: RecordFacts) {
  if (a.to === "ADDRESS") return [a.address];
  if (a.to === "ASSIGNEE") {
    if (!record.assignedPersonId) return [];
    const p = await ctx.db.person.findUnique({ where: { id: record.assignedPersonId }, select: { email: true } });
    return p?.email ? [p.email] : [];
  }
  if (!record.customerId) return [];
  const contacts = await ctx.db.contact.findMany({
    where: { customerId: record.customerId, inactive: false, NOT: { email: "" } },
    orderBy: { createdAt: "asc" },
    select: { email: true, role: true },
  });
  const admins = contacts.filter((c) => c.role === "ADMINISTRATOR");
  return [...new Set((admins.length ? admins : contacts.slice(0, 1)).map((c) => c.email.toLowerCase()))];
}
