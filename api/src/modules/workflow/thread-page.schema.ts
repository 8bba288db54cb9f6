import { builder } from "../../pothos/builder.ts";
import { CustomFieldValueRef } from "../custom-fields/custom-fields.schema.ts";
import { activityValuesOfThread } from "./field-values.ts";
import { stepCountsOf, type ThreadStepCount } from "./thread-heads.ts";
import {
  type ActivityPage,
  MAX_THREAD_PAGE,
  openActivityIds,
  THREAD_PAGE_SIZE,
  threadActivityPage,
  timelineOf,
} from "./thread-page.ts";
import { ActivityRef, ThreadRef } from "./workflow.types.ts";

// A thread's timeline a page at a time (thread-page.ts): the thread's page asks for its header, its
// step counts and `timeline` (the first page) in one answer, then `projectThreadActivities` with the
// last page's nextCursor for more; a list of threads (the lead page's) asks each one's `timeline` and
// gets all their first pages in one statement. Reading takes CUSTOMER_ACCESS, as the thread itself does.

const StepCountRef = builder.objectRef<ThreadStepCount>("ThreadStepCount").implement({
  description: "A step of a thread with its activities counted by status (all of them, whatever page is shown).",
  fields: (t) => ({
    stepId: t.exposeID("stepId"),
    stepSortLevel: t.exposeInt("stepSortLevel"),
    stepDescription: t.exposeString("stepDescription"),
    active: t.exposeInt("active"),
    resolved: t.exposeInt("resolved"),
    cancelled: t.exposeInt("cancelled"),
    total: t.exposeInt("total"),
  }),
});

const ActivityPageRef = builder.objectRef<ActivityPage>("ProjectThreadActivityPage").implement({
  description: "A page of a thread's activities in time order (scheduled time, entered time, id).",
  fields: (t) => ({
    threadId: t.exposeID("threadId"),
    activities: t.field({ type: [ActivityRef], resolve: (p) => p.activities }),
    customFieldValues: t.field({
      type: [CustomFieldValueRef],
      description: "The custom field values of the page's activities (each names its activity as recordId).",
      // A kept page carries its values; a listed thread's first page reads them when asked for.
      resolve: async (p, _a, ctx) => p.customFieldValues ?? (await activityValuesOfThread(ctx, p)) ?? [],
    }),
    nextCursor: t.exposeString("nextCursor", {
      nullable: true,
      description: "Where the next page starts (pass it as `after`); null on the last page.",
    }),
    hasMore: t.boolean({ resolve: (p) => p.nextCursor !== null }),
  }),
});

builder.objectFields(ThreadRef, (t) => ({
  stepCounts: t.field({
    type: [StepCountRef],
    description: "Its steps with work, in sort level order, each with its activities counted by status.",
    resolve: (th) => stepCountsOf(th),
  }),
  openActivityIds: t.idList({
    description: "Its open (ACTIVE) activities' ids, in time order (what a shortcut on its open work runs on).",
    resolve: (th, _a, ctx) => openActivityIds(ctx, th),
  }),
  timeline: t.field({
    type: ActivityPageRef,
    description: "A page of its activities in time order: the first, or the one after `after`.",
    args: {
      after: t.arg.string({ required: false, description: "A page's nextCursor; none: the first page." }),
      take: t.arg.int({
        required: false,
        description: `How many activities (default ${THREAD_PAGE_SIZE}, at most ${MAX_THREAD_PAGE}).`,
      }),
    },
    resolve: (th, a, ctx) => timelineOf(ctx, th, a),
  }),
}));

builder.queryFields((t) => ({
  projectThreadActivities: t.field({
    type: ActivityPageRef,
    description:
      "A page of a thread's activities in time order, after `after` (the previous page's nextCursor). " +
      `At most ${MAX_THREAD_PAGE} at a time; a larger page is refused.`,
    authScopes: { permission: "CUSTOMER_ACCESS" },
    args: {
      threadId: t.arg.id({ required: true }),
      after: t.arg.string({ required: false, description: "A page's nextCursor; none: the first page." }),
      take: t.arg.int({
        required: false,
        description: `How many activities (default ${THREAD_PAGE_SIZE}, at most ${MAX_THREAD_PAGE}).`,
      }),
    },
    resolve: (_r, a, ctx) => threadActivityPage(ctx, a.threadId, a),
  }),
}));
