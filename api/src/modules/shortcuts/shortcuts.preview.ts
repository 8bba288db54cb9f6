import type { Context } from "../../runtime.ts";
import type { ActionChange } from "../automations/actions.ts";
import type { Action } from "../automations/automations.rules.ts";
import { type RecordOutcome, runOn } from "./shortcuts.run.ts";
import { checkEntityIds, requireShortcut } from "./shortcuts.service.ts";

// A preview: the shortcut run dry on the records (the same runOn and performAction as a run, told to
// write nothing), its changes counted per action. The dry run does not see one action's effect on the
// next (an activity created by action 1 is not there for action 2 to resolve).

export type ActionPreview = { actionIndex: number; type: Action["type"]; count: number; summary: string };
export type Preview = {
  total: number;
  /** Records this branch does not have or the caller may not act on ("not found"). */
  refused: number;
  /** Records where an action would fail (the first such outcomes are in `failures`). */
  failing: number;
  actions: ActionPreview[];
  failures: RecordOutcome[];
  summary: string;
};

const n = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

export async function previewWorkflowShortcut(ctx: Context, shortcutId: string, entityIdsIn: string[]) {
  const entityIds = checkEntityIds(entityIdsIn);
  const shortcut = await requireShortcut(ctx, shortcutId);
  const actions = (shortcut.actions ?? []) as Action[];
  const changes = actions.map(() => [] as ActionChange[]);
  const dry = (i: number, c: ActionChange) => void changes[i]!.push(c);
  let refused = 0;
  const failures: RecordOutcome[] = [];
  for (const id of entityIds) {
    const outcome = await runOn(ctx, shortcut, id, { dry });
    if (outcome.isSuccess) continue;
    if (outcome.message.startsWith("Action ")) failures.push(outcome);
    else refused++;
  }
  const word = tableWord[shortcut.tableId] ?? "record";
  const records = n(entityIds.length - refused, word, word === "activity" ? "activities" : `${word}s`);
  const perAction: ActionPreview[] = [];
  for (const [i, action] of actions.entries()) {
    const list = changes[i]!;
    perAction.push({
      actionIndex: i,
      type: action.type,
      count: list.length,
      summary: await say(ctx, action, list, word),
    });
  }
  const preview: Preview = {
    total: entityIds.length,
    refused,
    failing: failures.length,
    actions: perAction,
    failures: failures.slice(0, 20),
    summary:
      `"${shortcut.name}" on ${records}: ${perAction.map((a) => a.summary.replace(/\.$/, "")).join("; ")}.` +
      (refused ? ` ${n(refused, "record")} not found or not yours to change.` : "") +
      (failures.length ? ` It would fail on ${n(failures.length, "record")}.` : ""),
  };
  return preview;
}

const tableWord: Record<string, string> = {
  PROJECT_THREAD: "project thread",
  ACTIVITY: "activity",
  CUSTOMER: "customer",
  WORK_ORDER: "work order",
  LEAD: "lead",
};

/** One action's changes in a sentence: "Creates 812 activities at the step "Appointment" for 3 people." */
async function say(ctx: Context, action: Action, list: ActionChange[], word: string): Promise<string> {
  if (action.type === "CREATE_ACTIVITY") {
    const made = list.filter((c) => c.kind === "ACTIVITY_CREATED");
    const people = new Set(made.map((c) => c.assignedPersonId));
    const step = made[0]?.stepName;
    const who = people.has(null) && people.size === 1 ? "unassigned" : `for ${n(people.size, "person", "people")}`;
    if (!made.length) return "Creates no activities.";
    return `Creates ${n(made.length, "activity", "activities")} at the step "${step}" ${who}.`;
  }
  if (action.type === "RESOLVE_ACTIVITY") {
    const ids = new Set(list.map((c) => (c.kind === "ACTIVITY_RESOLVED" ? c.activityId : "")));
    return ids.size ? `Resolves ${n(ids.size, "open activity", "open activities")}.` : "Resolves nothing (none open).";
  }
  if (action.type === "SET_CUSTOM_FIELD") {
    const field = await ctx.db.customField.findUnique({ where: { id: action.fieldId }, select: { name: true } });
    return `Sets "${field?.name ?? "a field"}" to "${action.value}" on ${n(list.length, word, word === "activity" ? "activities" : `${word}s`)}.`;
  }
  const to = new Set(list.flatMap((c) => (c.kind === "MAIL" ? c.to : [])));
  return `Sends ${n(list.length, "mail")} to ${n(to.size, "address", "addresses")} (mails cannot be undone).`;
}
