import type { Context } from "../../runtime.ts";
import { defaultAssignee } from "../workflow/assignment.ts";
import { fullName } from "../workflow/refs.ts";
import { assigneeFor, mailRecipients } from "./actions.ts";
import type { Action } from "./automations.rules.ts";
import type { RecordFacts } from "./records.ts";

// What an automation's actions would do for a record, in words, writing nothing: the report of a dry
// run (engine.ts testAutomation) and of a replay over past events (replay.ts).

export type DryRunReport = {
  conditionsMet: boolean;
  conditions: { text: string; met: boolean }[];
  actions: { actionIndex: number; type: Action["type"]; outcome: string; detail: string }[];
};

/** When an activity an action creates is due, in words: "due at once", "due 2 hours after the event". */
function dueText(minutes: number) {
  if (minutes === 0) return "due at once";
  const [n, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, "day"] : minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return `due ${n} ${unit}${n === 1 ? "" : "s"} after the event`;
}

/** What each action would do for the record (nothing is written here); dry runs and replays (replay.ts) say it so. */
export async function describeActions(
  ctx: Context,
  actions: Action[],
  record: RecordFacts,
): Promise<DryRunReport["actions"]> {
  const out: DryRunReport["actions"] = [];
  for (const [actionIndex, a] of actions.entries()) {
    let detail = "";
    if (a.type === "CREATE_ACTIVITY") {
      const step = await ctx.db.projectStep.findUnique({ where: { id: a.stepId }, include: { project: true } });
      if (!step) detail = "Would fail: the step no longer exists.";
      else {
        const named = await assigneeFor(ctx, a, record);
        const personId = named ?? (await defaultAssignee(ctx, step, step.project, record.customerId));
        const person = personId ? await ctx.db.person.findUnique({ where: { id: personId } }) : null;
        const when = dueText(a.dueInMinutes);
        detail =
          `Would create "${a.subject}" at the step "${step.description}" of "${step.project.description}", ` +
          `${when}, for ${person ? fullName(person) : "nobody (unassigned)"}.`;
        if (step.inactive) detail += ` It would fail: the step "${step.description}" is inactive.`;
      }
    } else if (a.type === "RESOLVE_ACTIVITY") {
      detail = a.stepId ? "Would resolve the open activities at the step." : `Would resolve ${record.label}.`;
    } else if (a.type === "SET_CUSTOM_FIELD") {
      const field = await ctx.db.customField.findUnique({ where: { id: a.fieldId } });
      detail = `Would set "${field?.name ?? "a field no longer there"}" to "${a.value}".`;
    } else {
      const to = await mailRecipients(ctx, a, record);
      detail = to.length
        ? `Would mail "${a.subject}" to ${to.join(", ")}.`
        : "Would fail: there is no mail address to send to.";
    }
    out.push({ actionIndex, type: a.type, outcome: "WOULD", detail });
  }
  return out;
}
