import { hasPermission } from "../../auth/permissions.ts";
import { badInput } from "../../errors.ts";
import type { WorkflowShortcutExecution } from "../../generated/prisma/client.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { refusalAsResult } from "../../validation.ts";
import { fullName } from "../workflow/refs.ts";
import { type ActionPreview, type Preview, previewWorkflowShortcut } from "./shortcuts.preview.ts";
import type { RecordOutcome } from "./shortcuts.run.ts";
import { requireRun, UNDO_HOURS, undoRefusal, undoUntil, undoWorkflowShortcutRun } from "./shortcuts.undo.ts";

// A shortcut run's progress (polled by the page), its outcomes page by page, its undo; and a preview of
// what a run would change. Reading and undoing runs take CUSTOMER_ACCESS, as running does; undo is
// further kept to who ran it or a WORKFLOW_CONFIGURATION holder (shortcuts.undo.ts).

const RUN = { permission: "CUSTOMER_ACCESS" } as const;

const outcomesOf = (r: WorkflowShortcutExecution) => (r.results ?? []) as RecordOutcome[];

const personName = async (ctx: Context, id: string | null) => {
  const p = id ? await ctx.db.person.findUnique({ where: { id }, select: { firstName: true, lastName: true } }) : null;
  return p ? fullName(p) : null;
};

export const OutcomeRef = builder.objectRef<RecordOutcome>("WorkflowShortcutRecordOutcome").implement({
  description: "What the shortcut did to one record, or why it could not.",
  fields: (t) => ({
    entityId: t.exposeID("entityId"),
    isSuccess: t.exposeBoolean("isSuccess"),
    message: t.exposeString("message"),
  }),
});

type OutcomePage = { totalCount: number; items: RecordOutcome[] };
const OutcomePageRef = builder.objectRef<OutcomePage>("WorkflowShortcutOutcomePage").implement({
  fields: (t) => ({
    totalCount: t.exposeInt("totalCount"),
    items: t.field({ type: [OutcomeRef], resolve: (p) => p.items }),
  }),
});

export const RunRef = builder.objectRef<WorkflowShortcutExecution>("WorkflowShortcutRun").implement({
  description: "One run of a shortcut on a set of records: its progress, outcomes and undo.",
  fields: (t) => ({
    id: t.exposeID("id"),
    shortcutId: t.exposeID("shortcutId"),
    shortcutName: t.string({
      resolve: async (r, _a, ctx) =>
        (await ctx.db.workflowShortcut.findUnique({ where: { id: r.shortcutId }, select: { name: true } }))?.name ?? "",
    }),
    savedActionId: t.exposeID("savedActionId", { nullable: true }),
    status: t.exposeString("status", { description: "QUEUED, RUNNING or DONE." }),
    total: t.exposeInt("total", { description: "Records named." }),
    done: t.exposeInt("done", { description: "Records done so far (saved about every second)." }),
    succeeded: t.int({ resolve: (r) => outcomesOf(r).filter((o) => o.isSuccess).length }),
    failed: t.int({ resolve: (r) => outcomesOf(r).filter((o) => !o.isSuccess).length }),
    startedBy: t.string({ nullable: true, resolve: (r, _a, ctx) => personName(ctx, r.personId) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    undoneAt: t.expose("undoneAt", { type: "DateTime", nullable: true }),
    undoneBy: t.string({ nullable: true, resolve: (r, _a, ctx) => personName(ctx, r.undoneByPersonId) }),
    undoUntil: t.field({ type: "DateTime", nullable: true, resolve: (r) => undoUntil(r) }),
    undoRefusal: t.string({
      nullable: true,
      description: "Why the viewer cannot undo it now; null when they can.",
      resolve: async (r, _a, ctx) => {
        const why = undoRefusal(r);
        if (why) return why;
        const mine = r.personId === (ctx.viewer?.personId ?? null);
        if (!mine && !hasPermission(await ctx.permissions(), "WORKFLOW_CONFIGURATION"))
          return "Only who ran it, or someone allowed to configure workflow, may undo this run.";
        return null;
      },
    }),
    outcomes: t.field({
      type: OutcomePageRef,
      description: "Each record's outcome in the order done, a page at a time (at most 200).",
      args: {
        offset: t.arg.int({ required: false }),
        limit: t.arg.int({ required: false }),
        failedOnly: t.arg.boolean({ required: false }),
      },
      resolve: (r, a) => {
        const limit = a.limit ?? 50;
        const offset = a.offset ?? 0;
        if (limit < 1 || limit > 200) throw badInput("Limit must be between 1 and 200.");
        if (offset < 0) throw badInput("Offset must not be negative.");
        const all = outcomesOf(r).filter((o) => !a.failedOnly || !o.isSuccess);
        return { totalCount: all.length, items: all.slice(offset, offset + limit) };
      },
    }),
  }),
});

const ActionPreviewRef = builder.objectRef<ActionPreview>("WorkflowShortcutActionPreview").implement({
  fields: (t) => ({
    actionIndex: t.exposeInt("actionIndex"),
    type: t.exposeString("type"),
    count: t.exposeInt("count", { description: "Changes it would make." }),
    summary: t.exposeString("summary"),
  }),
});

export const PreviewRef = builder.objectRef<Preview>("WorkflowShortcutPreview").implement({
  description: "What a run would change, found by running it dry (nothing is written).",
  fields: (t) => ({
    total: t.exposeInt("total"),
    refused: t.exposeInt("refused", { description: "Records not found, or not the caller's to change." }),
    failing: t.exposeInt("failing", { description: "Records where an action would fail." }),
    actions: t.field({ type: [ActionPreviewRef], resolve: (p) => p.actions }),
    failures: t.field({ type: [OutcomeRef], description: "The first 20 failing records.", resolve: (p) => p.failures }),
    summary: t.exposeString("summary"),
  }),
});

type UndoResult = Result & { run: WorkflowShortcutExecution | null };
const UndoResultRef = resultType<UndoResult>("UndoWorkflowShortcutRunResult", (t) => ({
  run: t.field({ type: RunRef, nullable: true, resolve: (r) => r.run }),
}));

builder.queryFields((t) => ({
  workflowShortcutRun: t.field({
    type: RunRef,
    description: "A run's progress and outcomes (the page polls it while it runs).",
    authScopes: RUN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requireRun(ctx, a.id),
  }),
  workflowShortcutRuns: t.field({
    type: [RunRef],
    description: "Recent runs, newest first: of a shortcut, or of a saved action.",
    authScopes: RUN,
    args: {
      shortcutId: t.arg.id({ required: false }),
      savedActionId: t.arg.id({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: (_r, a, ctx) => {
      const limit = a.limit ?? 20;
      if (limit < 1 || limit > 50) throw badInput("Limit must be between 1 and 50.");
      if ((a.shortcutId?.length ?? 0) > 100 || (a.savedActionId?.length ?? 0) > 100) return [];
      return ctx.db.workflowShortcutExecution.findMany({
        where: {
          ...(a.shortcutId ? { shortcutId: a.shortcutId } : {}),
          ...(a.savedActionId ? { savedActionId: a.savedActionId } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: limit,
      });
    },
  }),
  workflowShortcutPreview: t.field({
    type: PreviewRef,
    description: "What running the shortcut on these records (at most 10,000) would change; writes nothing.",
    authScopes: RUN,
    args: { shortcutId: t.arg.id({ required: true }), entityIds: t.arg.idList({ required: true }) },
    resolve: (_r, a, ctx) => previewWorkflowShortcut(ctx, a.shortcutId, a.entityIds),
  }),
}));

builder.mutationFields((t) => ({
  undoWorkflowShortcutRun: t.field({
    type: UndoResultRef,
    description:
      `Puts back what the run changed, within ${UNDO_HOURS} hours of its end (what was changed since is kept); ` +
      "by who ran it or a WORKFLOW_CONFIGURATION holder; once.",
    authScopes: RUN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult<UndoResult>(
        async () => ({ isSuccess: true, ...(await undoWorkflowShortcutRun(ctx, a.id)) }),
        (message) => ({ isSuccess: false, message, run: null }),
      ),
  }),
}));
