import type { AutomationActionRun } from "../../generated/prisma/client.ts";
import * as E from "../../generated/prisma/enums.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { TableIdentifierEnum } from "../custom-fields/custom-fields.schema.ts";
import { ACTION_TYPES, type Action, COMPARATORS, type Condition, MAIL_TARGETS } from "./automations.rules.ts";
import {
  type AutomationInput,
  type AutomationView,
  asView,
  automationEvents,
  automationRuns,
  automations,
  createAutomation,
  deleteAutomation,
  editAutomation,
  lastRun,
  type RunView,
  requireAutomation,
} from "./automations.service.ts";
import type { DryRunReport } from "./describe-actions.ts";
import { testAutomation } from "./engine.ts";
import { loadRecord, type RecordFacts } from "./records.ts";
import { REPLAY_LIMITS, type ReplayItem, type ReplayReport, replayAutomation } from "./replay.ts";

// Automations: "when this happens to a record and these conditions hold, do these actions". Reading
// and configuring them, their runs and trying one on a record all take WORKFLOW_CONFIGURATION; the
// event list (labels for a form) any employee reads. The engine (engine.ts) runs them from events.

const CONFIGURE = { permission: "WORKFLOW_CONFIGURATION" } as const;

const EventEnum = builder.enumType(E.AutomationEvent, {
  name: "AutomationEvent",
  description: "What happens to a record that starts an automation.",
});
const StatusEnum = builder.enumType(E.AutomationStatus, {
  name: "AutomationStatus",
  description: "ON runs, OFF does not, DELETED is gone from the lists (its runs stay).",
});
const RunStatusEnum = builder.enumType(E.AutomationRunStatus, { name: "AutomationRunStatus" });
const ComparatorEnum = builder.enumType("AutomationComparator", { values: COMPARATORS });
const ActionTypeEnum = builder.enumType("AutomationActionType", { values: ACTION_TYPES });
const MailTargetEnum = builder.enumType("AutomationMailTarget", {
  values: MAIL_TARGETS,
  description: "Who a mail goes to: the activity's assignee, the customer's administrator contacts, or an address.",
});
const SettableStatusEnum = builder.enumType("AutomationSettableStatus", { values: ["ON", "OFF"] as const });

const ConditionRef = builder.objectRef<Condition>("AutomationCondition").implement({
  description: "A field of the record (nativeFieldName) or a custom field compared with a value (IN: values).",
  fields: (t) => ({
    nativeFieldName: t.string({ nullable: true, resolve: (c) => c.nativeFieldName ?? null }),
    customFieldId: t.id({ nullable: true, resolve: (c) => c.customFieldId ?? null }),
    comparator: t.field({ type: ComparatorEnum, resolve: (c) => c.comparator }),
    value: t.string({ resolve: (c) => c.value }),
    values: t.stringList({ resolve: (c) => c.values }),
  }),
});

type Flat = Partial<Record<string, unknown>>;
const pick = (a: Action, key: string) => ((a as Flat)[key] ?? null) as never;
export const ActionRef = builder.objectRef<Action>("AutomationAction").implement({
  description: "One action; the fields its type uses are set.",
  fields: (t) => ({
    type: t.field({ type: ActionTypeEnum, resolve: (a) => a.type }),
    stepId: t.id({ nullable: true, resolve: (a) => pick(a, "stepId") }),
    subject: t.string({ nullable: true, resolve: (a) => pick(a, "subject") }),
    details: t.string({ nullable: true, resolve: (a) => pick(a, "details") }),
    personId: t.id({ nullable: true, resolve: (a) => pick(a, "personId") }),
    zoneRoleId: t.id({ nullable: true, resolve: (a) => pick(a, "zoneRoleId") }),
    dueInMinutes: t.int({ nullable: true, resolve: (a) => pick(a, "dueInMinutes") }),
    fieldId: t.id({ nullable: true, resolve: (a) => pick(a, "fieldId") }),
    value: t.string({ nullable: true, resolve: (a) => pick(a, "value") }),
    to: t.field({ type: MailTargetEnum, nullable: true, resolve: (a) => pick(a, "to") }),
    address: t.string({ nullable: true, resolve: (a) => pick(a, "address") }),
    body: t.string({ nullable: true, resolve: (a) => pick(a, "body") }),
  }),
});

const AutomationRef = builder.objectRef<AutomationView>("Automation").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    event: t.expose("event", { type: EventEnum }),
    status: t.expose("status", { type: StatusEnum }),
    ownerPersonId: t.exposeID("ownerPersonId", { nullable: true }),
    conditions: t.field({ type: [ConditionRef], resolve: (a) => a.conditionList }),
    actions: t.field({ type: [ActionRef], resolve: (a) => a.actionList }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

type ActionOutcome = { actionIndex: number; type: string | null; outcome: string; detail: string };
const ActionOutcomeRef = builder.objectRef<ActionOutcome>("AutomationActionOutcome").implement({
  description: "What one action did (SUCCEEDED, FAILED, STARTED: a mail being sent) or, in a dry run, WOULD do.",
  fields: (t) => ({
    actionIndex: t.exposeInt("actionIndex"),
    type: t.field({ type: ActionTypeEnum, nullable: true, resolve: (o) => (o.type as Action["type"] | null) ?? null }),
    outcome: t.exposeString("outcome"),
    detail: t.exposeString("detail"),
  }),
});
const ConditionOutcomeRef = builder.objectRef<{ text: string; met: boolean }>("AutomationConditionOutcome").implement({
  fields: (t) => ({ text: t.exposeString("text"), met: t.exposeBoolean("met") }),
});

const RunRecordRef = builder.objectRef<RecordFacts>("AutomationRunRecord").implement({
  description: "The record a run is about: how messages name it, and the project thread of an activity.",
  fields: (t) => ({
    label: t.exposeString("label"),
    threadId: t.exposeID("threadId", { nullable: true }),
    customerId: t.exposeID("customerId", { nullable: true }),
  }),
});

type RunRow = RunView & { actionRuns?: AutomationActionRun[] };
const report = (r: RunRow) => (r.report ?? {}) as Partial<DryRunReport>;
const RunRef = builder.objectRef<RunRow>("AutomationRun").implement({
  description: "One run of an automation for a record; a dry run only reports what it would do.",
  fields: (t) => ({
    id: t.exposeID("id"),
    automationId: t.exposeID("automationId"),
    automationName: t.exposeString("automationName"),
    event: t.expose("event", { type: EventEnum }),
    tableId: t.expose("tableId", { type: TableIdentifierEnum }),
    entityId: t.exposeID("entityId"),
    status: t.expose("status", { type: RunStatusEnum }),
    dryRun: t.exposeBoolean("dryRun"),
    depth: t.exposeInt("depth"),
    attempts: t.exposeInt("attempts"),
    error: t.exposeString("error"),
    conditionsMet: t.boolean({ nullable: true, resolve: (r) => report(r).conditionsMet ?? null }),
    conditionOutcomes: t.field({ type: [ConditionOutcomeRef], resolve: (r) => report(r).conditions ?? [] }),
    actionOutcomes: t.field({
      type: [ActionOutcomeRef],
      resolve: (r) =>
        r.dryRun
          ? (report(r).actions ?? [])
          : (r.actionRuns ?? []).map((a) => ({
              actionIndex: a.actionIndex,
              type: null,
              outcome: a.outcome,
              detail: a.detail,
            })),
    }),
    record: t.field({
      type: RunRecordRef,
      nullable: true,
      description: "The record the run is about, while it exists.",
      resolve: (r, _a, ctx) => loadRecord(ctx, r.tableId, r.entityId),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime", nullable: true }),
  }),
});

builder.objectField(AutomationRef, "lastRun", (t) =>
  t.field({
    type: RunRef,
    nullable: true,
    description: "Its latest run that was not a dry run.",
    resolve: (a, _args, ctx) => lastRun(ctx, a.id),
  }),
);

const RunsPageRef = builder
  .objectRef<{ items: RunRow[]; totalCount: number; skip: number; take: number }>("AutomationRunsPage")
  .implement({
    fields: (t) => ({
      items: t.field({ type: [RunRef], resolve: (p) => p.items }),
      totalCount: t.exposeInt("totalCount"),
      skip: t.exposeInt("skip"),
      take: t.exposeInt("take"),
    }),
  });

const EventInfoRef = builder
  .objectRef<{ event: E.AutomationEvent; label: string; tableId: E.TableIdentifier }>("AutomationEventInfo")
  .implement({
    fields: (t) => ({
      event: t.expose("event", { type: EventEnum }),
      label: t.exposeString("label"),
      tableId: t.expose("tableId", {
        type: TableIdentifierEnum,
        description: "The kind of record the event is about.",
      }),
    }),
  });

const ReplayItemRef = builder.objectRef<ReplayItem>("AutomationReplayItem").implement({
  description: "A past event whose record met the conditions, and what each action would have done.",
  fields: (t) => ({
    tableId: t.expose("tableId", { type: TableIdentifierEnum }),
    entityId: t.exposeID("entityId"),
    at: t.expose("at", { type: "DateTime", description: "When the event happened." }),
    label: t.exposeString("label"),
    customerId: t.exposeID("customerId", { nullable: true }),
    customerName: t.exposeString("customerName", { nullable: true }),
    actionOutcomes: t.field({ type: [ActionOutcomeRef], resolve: (i) => i.actions }),
  }),
});
const ReplayRef = builder.objectRef<ReplayReport>("AutomationReplay").implement({
  description:
    "What an automation would have done over the last days (a dry run over past events); nothing is written.",
  fields: (t) => ({
    event: t.expose("event", { type: EventEnum }),
    days: t.exposeInt("days"),
    from: t.expose("from", { type: "DateTime" }),
    to: t.expose("to", { type: "DateTime" }),
    replayable: t.exposeBoolean("replayable", {
      description: "False for events the records do not date (the message says so).",
    }),
    message: t.exposeString("message", { description: 'E.g. "Would create 12 activities for 9 customers: ...".' }),
    eventsFound: t.exposeInt("eventsFound"),
    eventsExamined: t.exposeInt("eventsExamined", {
      description: `At most ${REPLAY_LIMITS.events} (the newest); capped says when there were more.`,
    }),
    capped: t.exposeBoolean("capped"),
    matched: t.exposeInt("matched", { description: "Events whose record met the conditions." }),
    activities: t.exposeInt("activities", { description: "Activities its actions would create." }),
    customers: t.exposeInt("customers", { description: "Customers those records concern." }),
    items: t.field({
      type: [ReplayItemRef],
      description: `The matches, newest first (at most ${REPLAY_LIMITS.listed}; listedCapped says when there were more).`,
      resolve: (r) => r.items,
    }),
    listedCapped: t.exposeBoolean("listedCapped"),
  }),
});

builder.queryFields((t) => ({
  replayAutomation: t.field({
    type: ReplayRef,
    description:
      "Replays the automation over the last `days` days (default 30, at most " +
      `${REPLAY_LIMITS.days}) of its event: how many activities it would have created for how many customers, ` +
      "and for each record what each action would have done. Writes nothing.",
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }), days: t.arg.int({ required: false }) },
    resolve: async (_r, a, ctx) => replayAutomation(ctx, await requireAutomation(ctx, a.id), a.days ?? 30),
  }),
  automations: t.field({
    type: [AutomationRef],
    description: "The branch's automations by name (not the deleted ones unless status DELETED is asked for).",
    authScopes: CONFIGURE,
    args: {
      event: t.arg({ type: EventEnum, required: false }),
      status: t.arg({ type: StatusEnum, required: false }),
    },
    resolve: (_r, a, ctx) => automations(ctx, a),
  }),
  automation: t.field({
    type: AutomationRef,
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => asView(await requireAutomation(ctx, a.id)),
  }),
  automationRuns: t.field({
    type: RunsPageRef,
    description:
      "Runs of one automation, or of every automation about one record (tableId and entityId), or every run " +
      "of the branch (neither); only those of a status or event when given. Newest first.",
    authScopes: CONFIGURE,
    args: {
      automationId: t.arg.id({ required: false }),
      tableId: t.arg({ type: TableIdentifierEnum, required: false }),
      entityId: t.arg.id({ required: false }),
      status: t.arg({ type: RunStatusEnum, required: false }),
      event: t.arg({ type: EventEnum, required: false }),
      skip: t.arg.int({ required: false }),
      take: t.arg.int({ required: false, description: "At most 100 (default 50)." }),
    },
    resolve: (_r, a, ctx) => automationRuns(ctx, a),
  }),
  automationEvents: t.field({
    type: [EventInfoRef],
    description: "The events an automation can start on, with their labels.",
    authScopes: { employee: true },
    resolve: () => automationEvents(),
  }),
}));

const ConditionInput = builder.inputType("AutomationConditionInput", {
  fields: (t) => ({
    nativeFieldName: t.string(),
    customFieldId: t.id(),
    comparator: t.field({ type: ComparatorEnum, required: true }),
    value: t.string(),
    values: t.stringList(),
  }),
});
export const ActionInput = builder.inputType("AutomationActionInput", {
  description:
    "CREATE_ACTIVITY: stepId, subject, details, personId or zoneRoleId (else the step's default), dueInMinutes. " +
    "RESOLVE_ACTIVITY: stepId (default: the record's activity). SET_CUSTOM_FIELD: fieldId, value. " +
    "SEND_MAIL: to, address (to ADDRESS), subject, body.",
  fields: (t) => ({
    type: t.field({ type: ActionTypeEnum, required: true }),
    stepId: t.id(),
    subject: t.string(),
    details: t.string(),
    personId: t.id(),
    zoneRoleId: t.id(),
    dueInMinutes: t.int(),
    fieldId: t.id(),
    value: t.string(),
    to: t.field({ type: MailTargetEnum }),
    address: t.string(),
    body: t.string(),
  }),
});
const AutomationInputRef = builder.inputType("AutomationInput", {
  description: "On an edit, what is left out is kept; conditions and actions, when given, replace the lists.",
  fields: (t) => ({
    name: t.string(),
    event: t.field({ type: EventEnum }),
    status: t.field({ type: SettableStatusEnum }),
    ownerPersonId: t.id({ description: "Who is told when a run fails; default: the person creating it." }),
    conditions: t.field({ type: [ConditionInput] }),
    actions: t.field({ type: [ActionInput] }),
  }),
});

type AutomationResult = Result & { automation: AutomationView | null };
const AutomationResultRef = resultType<AutomationResult>("AutomationResult", (t) => ({
  automation: t.field({ type: AutomationRef, nullable: true, resolve: (r) => r.automation }),
}));
type RunResult = Result & { run: RunRow | null };
const RunResultRef = resultType<RunResult>("AutomationRunResult", (t) => ({
  run: t.field({ type: RunRef, nullable: true, resolve: (r) => r.run }),
}));

const saved = (run: () => Promise<AutomationView>) =>
  refusalAsResult<AutomationResult>(
    async () => {
      const automation = await run();
      return { isSuccess: true, message: `Saved the automation "${automation.name}".`, automation };
    },
    (message) => ({ isSuccess: false, message, automation: null }),
  );

builder.mutationFields((t) => ({
  createAutomation: t.field({
    type: AutomationResultRef,
    authScopes: CONFIGURE,
    args: { input: t.arg({ type: AutomationInputRef, required: true }) },
    resolve: (_r, { input }, ctx) => saved(() => createAutomation(ctx, input as AutomationInput)),
  }),
  editAutomation: t.field({
    type: AutomationResultRef,
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: AutomationInputRef, required: true }) },
    resolve: (_r, { id, input }, ctx) => saved(() => editAutomation(ctx, id, input as AutomationInput)),
  }),
  deleteAutomation: t.field({
    type: AutomationResultRef,
    description: "Sets the automation DELETED: it runs no more; its runs stay.",
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) =>
      refusalAsResult<AutomationResult>(
        async () => {
          const a = await deleteAutomation(ctx, id);
          return { isSuccess: true, message: `Deleted the automation "${a.name}".`, automation: null };
        },
        (message) => ({ isSuccess: false, message, automation: null }),
      ),
  }),
  testAutomation: t.field({
    type: RunResultRef,
    description:
      "Runs the automation against a record of its event's table. dryRun (the default) reports whether the " +
      "conditions hold and what each action would do, and writes nothing but the run.",
    authScopes: CONFIGURE,
    args: {
      id: t.arg.id({ required: true }),
      entityId: t.arg.id({ required: true }),
      dryRun: t.arg.boolean({ required: false }),
    },
    resolve: (_r, a, ctx) =>
      refusalAsResult<RunResult>(
        async () => {
          const automation = await requireAutomation(ctx, a.id);
          const run = await testAutomation(ctx, automation, a.entityId, a.dryRun ?? true);
          const r = { ...run, automationName: automation.name };
          const message = run.dryRun
            ? "Dry run done: nothing was changed."
            : run.status === "QUEUED"
              ? "The run is queued."
              : "The conditions do not hold for this record: nothing to do.";
          return { isSuccess: true, message, run: r };
        },
        (message) => ({ isSuccess: false, message, run: null }),
      ),
  }),
}));
