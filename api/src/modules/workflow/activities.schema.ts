import { builder, type Result, resultType } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  CustomFieldValueInput,
  CustomFieldValueRef,
  TableIdentifierEnum,
} from "../custom-fields/custom-fields.schema.ts";
import {
  checkCustomFieldValues,
  editCustomFieldValues,
  FieldRefusal,
  type ValueInput,
} from "../custom-fields/values.service.ts";
import { addActivity, patchActivity, startProjectThread } from "./activities.service.ts";
import { activityValuesOfThread, type PinnedFieldValue, pinnedValuesOfActivity } from "./field-values.ts";
import {
  activitySummary,
  assignedActivities,
  customerProjectThreads,
  customerWork,
  projectThread,
} from "./my-work.service.ts";
import { allActivities, type ThreadNode } from "./thread-heads.ts";
import type { ActivityView } from "./views.ts";
import {
  ActivityRef,
  ActivityStatusChangeEnum,
  ActivitySummaryGroupEnum,
  CustomerWorkRef,
  SummaryRowRef,
  ThreadRef,
} from "./workflow.types.ts";
import "./my-work.schema.ts";
import "./thread-page.schema.ts";

// Project threads and activities. A customer's threads and activities take CUSTOMER_ACCESS, to read
// and to change. An employee may always read their own assigned activities (my work) and resolve,
// reschedule or otherwise change an activity assigned to them: that is the `recordAccess` scope of
// kinds "assignee" and "activity" (auth/access.ts), next to `employee` so that portal users and API
// keys are refused outright.
//
// Adding or editing an activity may carry its custom field values: they are checked first (a refused
// value names its field in `fieldId` and nothing is saved), then the activity is saved, then the values.

const WORK = { permission: "CUSTOMER_ACCESS" } as const;

type ThreadResult = Result & { thread: ThreadNode | null };
const ThreadResultRef = resultType<ThreadResult>("ProjectThreadResult", (t) => ({
  thread: t.field({ type: ThreadRef, nullable: true, resolve: (r) => r.thread }),
}));
type ActivityResult = Result & { activity: ActivityView | null; fieldId?: string | null };
const ActivityResultRef = resultType<ActivityResult>("ActivityResult", (t) => ({
  activity: t.field({ type: ActivityRef, nullable: true, resolve: (r) => r.activity }),
  fieldId: t.id({
    nullable: true,
    description: "The custom field a refusal is about.",
    resolve: (r) => r.fieldId ?? null,
  }),
}));

builder.objectField(ThreadRef, "activityCustomFieldValues", (t) =>
  t.field({
    type: [CustomFieldValueRef],
    description: "The custom field values of the thread's activities (each names its activity as recordId).",
    // One statement for every thread of the answer (a customer's thread list), not one per thread.
    resolve: async (th, _a, ctx) =>
      (await activityValuesOfThread(ctx, { activities: await allActivities(ctx, th) })) ?? [],
  }),
);

const PinnedFieldValueRef = builder.objectRef<PinnedFieldValue>("PinnedFieldValue").implement({
  description:
    "A pinned custom field's value shown beside an activity: the activity's own, its thread's or its customer's.",
  fields: (t) => ({
    fieldId: t.exposeID("fieldId"),
    tableId: t.expose("tableId", { type: TableIdentifierEnum }),
    name: t.exposeString("name"),
    type: t.exposeString("type", { description: "The field's type (CustomFieldType), to show the value." }),
    decimals: t.exposeInt("decimals", { nullable: true }),
    value: t.exposeString("value", { description: "In canonical text; never empty." }),
  }),
});

builder.objectField(ActivityRef, "pinnedValues", (t) =>
  t.field({
    type: [PinnedFieldValueRef],
    description:
      "The pinned custom fields' values of the activity, its thread and its customer (in that order), " +
      "read for the whole list at once.",
    // My work's rows come with theirs (read with the page, kept with it: my-work.page.ts).
    resolve: async (a, _a, ctx) =>
      ("pinnedValues" in a ? (a.pinnedValues as PinnedFieldValue[]) : await pinnedValuesOfActivity(ctx, a)) ?? [],
  }),
);

/**
 * Saves an activity (`save`, given the activity's id or null for a new one) with its custom field
 * values: the values are checked before anything is saved and written after the activity.
 */
function withCustomFields(
  ctx: Context,
  activityId: string | null,
  values: ValueInput[] | null | undefined,
  save: () => Promise<ActivityView>,
  said: (a: ActivityView) => string,
) {
  let fieldId: string | null = null;
  return refusalAsResult<ActivityResult>(
    async () => {
      try {
        if (values) await checkCustomFieldValues(ctx, "ACTIVITY", activityId, values);
        const activity = await save();
        if (values) await editCustomFieldValues(ctx, "ACTIVITY", activity.id, values);
        return { isSuccess: true, message: said(activity), activity, fieldId: null };
      } catch (e) {
        if (e instanceof FieldRefusal) fieldId = e.fieldId;
        throw e;
      }
    },
    (message) => ({ isSuccess: false, message, activity: null, fieldId }),
  );
}

builder.queryFields((t) => ({
  projectThread: t.field({
    type: ThreadRef,
    description:
      "A thread: its header and its activities counted per step; its timeline a page at a time " +
      "(`timeline`, then projectThreadActivities) or all at once (`activities`).",
    authScopes: WORK,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => projectThread(ctx, a.id),
  }),
  customerProjectThreads: t.field({
    type: [ThreadRef],
    description:
      "A customer's threads (open ones first, at most 500) with their activities counted per step; their " +
      "activities (every thread's in one read) or each one's first page (`timeline`) when asked for.",
    authScopes: WORK,
    args: { customerId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => customerProjectThreads(ctx, a.customerId),
  }),
  customerWork: t.field({
    type: CustomerWorkRef,
    description:
      "A customer's threads (open ones first, with their current step) and open activities (by scheduled " +
      "time), as staff see them beside one of the customer's records.",
    authScopes: (_r, a) => ({
      $all: { employee: true, customerAccess: { customerId: String(a.customerId), permission: "CUSTOMER_ACCESS" } },
    }),
    args: { customerId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => customerWork(ctx, a.customerId),
  }),
  assignedActivities: t.field({
    type: [ActivityRef],
    description:
      "A person's open activities in scheduled time order (default: the signed-in employee's own: my work), " +
      "optionally scheduled in [from, to).",
    authScopes: (_r, a) => ({ $all: { employee: true, recordAccess: { kind: "assignee", id: a.personId ?? "" } } }),
    args: {
      personId: t.arg.id({ required: false }),
      from: t.arg({ type: "DateTime", required: false }),
      to: t.arg({ type: "DateTime", required: false }),
    },
    resolve: (_r, a, ctx) => assignedActivities(ctx, a),
  }),
  activitySummary: t.field({
    type: [SummaryRowRef],
    description: "Activities scheduled in [from, to) (at most 366 days) counted by step, person or status.",
    authScopes: WORK,
    args: {
      from: t.arg({ type: "DateTime", required: true }),
      to: t.arg({ type: "DateTime", required: true }),
      groupBy: t.arg({ type: ActivitySummaryGroupEnum, required: true }),
    },
    resolve: (_r, a, ctx) => activitySummary(ctx, a),
  }),
}));

const AddActivityInput = builder.inputType("AddActivityInput", {
  description:
    "An activity for a thread: name the thread, or the project and the customer (or lead) to use their " +
    "open thread of it (a new one when there is none). resolvePrevious resolves the thread's open " +
    "activities at earlier steps.",
  fields: (t) => ({
    threadId: t.id(),
    projectId: t.id(),
    customerId: t.id(),
    leadId: t.string(),
    stepId: t.id({ required: true }),
    subject: t.string({ required: true }),
    details: t.string(),
    scheduledTime: t.field({ type: "DateTime", required: true }),
    lengthMinutes: t.int({ description: "Default: the step's default length." }),
    assignedPersonId: t.id({
      description: "Default: the zone's holder of the step's role, else the step's or project's default person.",
    }),
    priorityId: t.id(),
    resolvePrevious: t.boolean(),
    customFieldValues: t.field({
      type: [CustomFieldValueInput],
      description: "The activity's custom field values (checked before the activity is added).",
    }),
  }),
});

const PatchActivityInput = builder.inputType("PatchActivityInput", {
  description: "What to change; a field left out is kept, an empty assignedPersonId unassigns.",
  fields: (t) => ({
    subject: t.string(),
    details: t.string(),
    scheduledTime: t.field({ type: "DateTime" }),
    lengthMinutes: t.int(),
    assignedPersonId: t.id(),
    priorityId: t.id(),
    status: t.field({ type: ActivityStatusChangeEnum }),
    customFieldValues: t.field({
      type: [CustomFieldValueInput],
      description: "Custom field values to set (fields left out keep theirs); checked before anything changes.",
    }),
  }),
});

builder.mutationFields((t) => ({
  startProjectThread: t.field({
    type: ThreadResultRef,
    authScopes: WORK,
    args: {
      projectId: t.arg.id({ required: true }),
      customerId: t.arg.id({ required: false }),
      leadId: t.arg.string({ required: false }),
    },
    resolve: (_r, a, ctx) =>
      refusalAsResult<ThreadResult>(
        async () => {
          const thread = await startProjectThread(ctx, a);
          return { isSuccess: true, message: `Started "${thread.projectDescription}".`, thread };
        },
        (message) => ({ isSuccess: false, message, thread: null }),
      ),
  }),
  addActivity: t.field({
    type: ActivityResultRef,
    authScopes: WORK,
    args: { input: t.arg({ type: AddActivityInput, required: true }) },
    resolve: (_r, { input: { customFieldValues, ...input } }, ctx) =>
      withCustomFields(
        ctx,
        null,
        customFieldValues,
        () => addActivity(ctx, input),
        (a) => `Added "${a.subject}".`,
      ),
  }),
  patchActivity: t.field({
    type: ActivityResultRef,
    description: "Changes an activity: resolve, cancel or reopen it, reschedule or reassign it.",
    authScopes: (_r, a) => ({ $all: { employee: true, recordAccess: { kind: "activity", id: a.id } } }),
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PatchActivityInput, required: true }) },
    resolve: (_r, { id, input: { customFieldValues, ...input } }, ctx) =>
      withCustomFields(
        ctx,
        id,
        customFieldValues,
        () => patchActivity(ctx, id, input),
        (a) => `Saved "${a.subject}".`,
      ),
  }),
}));
