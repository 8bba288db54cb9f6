import { badInput } from "../../errors.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { ActionInput, ActionRef } from "../automations/automations.schema.ts";
import { TableIdentifierEnum } from "../custom-fields/custom-fields.schema.ts";
import { OutcomeRef, RunRef } from "./shortcuts.runs.schema.ts";
import {
  asView,
  createWorkflowShortcut,
  deleteWorkflowShortcut,
  type Execution,
  editWorkflowShortcut,
  executeWorkflowShortcut,
  LIMITS,
  requireShortcut,
  type ShortcutInput,
  type ShortcutView,
  saleWorkflowId,
  workflowShortcuts,
} from "./shortcuts.service.ts";

// Workflow shortcuts: named sets of actions an employee runs on records in one click. Any employee
// reads them (to offer them); configuring takes WORKFLOW_CONFIGURATION; running takes CUSTOMER_ACCESS,
// and each record is checked as the single-record operations check it.

const CONFIGURE = { permission: "WORKFLOW_CONFIGURATION" } as const;

const ShortcutRef = builder.objectRef<ShortcutView>("WorkflowShortcut").implement({
  description: "A named set of actions run on one record or many in one click.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    tableId: t.expose("tableId", { type: TableIdentifierEnum, description: "The kind of record it applies to." }),
    actions: t.field({ type: [ActionRef], description: "Done in order.", resolve: (s) => s.actionList }),
    inactive: t.exposeBoolean("inactive"),
    sortOrder: t.exposeInt("sortOrder"),
    isSaleWorkflow: t.boolean({
      description: "The shop runs it for each online sale (it cannot be deleted meanwhile).",
      resolve: async (s, _a, ctx) => (await saleWorkflowId(ctx)) === s.id,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const InputRef = builder.inputType("WorkflowShortcutInput", {
  description: "On an edit, what is left out is kept; actions, when given, replace the list.",
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    tableId: t.field({ type: TableIdentifierEnum }),
    inactive: t.boolean(),
    sortOrder: t.int(),
    actions: t.field({ type: [ActionInput] }),
  }),
});

type ShortcutResult = Result & { shortcut: ShortcutView | null };
const ShortcutResultRef = resultType<ShortcutResult>("WorkflowShortcutResult", (t) => ({
  shortcut: t.field({ type: ShortcutRef, nullable: true, resolve: (r) => r.shortcut }),
}));
const ExecutionRef = resultType<Execution>("WorkflowShortcutExecution", (t) => ({
  results: t.field({ type: [OutcomeRef], resolve: (r) => r.results }),
  replayed: t.boolean({
    description: "This answers an earlier call with the same idempotency key: nothing was run again.",
    resolve: (r) => r.replayed,
  }),
  run: t.field({
    type: RunRef,
    nullable: true,
    description: "The run: its progress (a large one goes on in the background) and undo.",
    resolve: (r) => r.run,
  }),
}));

const saved = (run: () => Promise<ShortcutView>) =>
  refusalAsResult<ShortcutResult>(
    async () => {
      const shortcut = await run();
      return { isSuccess: true, message: `Saved the shortcut "${shortcut.name}".`, shortcut };
    },
    (message) => ({ isSuccess: false, message, shortcut: null }),
  );

builder.queryFields((t) => ({
  workflowShortcuts: t.field({
    type: [ShortcutRef],
    description: "The branch's workflow shortcuts in their order (active ones unless includeInactive).",
    authScopes: { employee: true },
    args: {
      tableIds: t.arg({ type: [TableIdentifierEnum], required: false, description: "Only those for these records." }),
      includeInactive: t.arg.boolean({ required: false }),
    },
    resolve: (_r, a, ctx) => workflowShortcuts(ctx, a),
  }),
  workflowShortcut: t.field({
    type: ShortcutRef,
    authScopes: { employee: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => asView(await requireShortcut(ctx, a.id)),
  }),
}));

builder.mutationFields((t) => ({
  createWorkflowShortcut: t.field({
    type: ShortcutResultRef,
    authScopes: CONFIGURE,
    args: { input: t.arg({ type: InputRef, required: true }) },
    resolve: (_r, { input }, ctx) => saved(() => createWorkflowShortcut(ctx, input as ShortcutInput)),
  }),
  editWorkflowShortcut: t.field({
    type: ShortcutResultRef,
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: InputRef, required: true }) },
    resolve: (_r, { id, input }, ctx) => saved(() => editWorkflowShortcut(ctx, id, input as ShortcutInput)),
  }),
  deleteWorkflowShortcut: t.field({
    type: ShortcutResultRef,
    description: "Deletes the shortcut; refused while the shop runs it for each online sale.",
    authScopes: CONFIGURE,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) =>
      refusalAsResult<ShortcutResult>(
        async () => {
          const s = await deleteWorkflowShortcut(ctx, id);
          return { isSuccess: true, message: `Deleted the shortcut "${s.name}".`, shortcut: null };
        },
        (message) => ({ isSuccess: false, message, shortcut: null }),
      ),
  }),
  executeWorkflowShortcut: t.field({
    type: ExecutionRef,
    description:
      `Runs the shortcut's actions on each record (at most ${LIMITS.bulk}; up to ${LIMITS.entities} in the request, ` +
      "more in the background: follow `run`); one record failing does not stop the others. A repeated " +
      "idempotencyKey answers with the first call's outcome and runs nothing again.",
    authScopes: { permission: "CUSTOMER_ACCESS" },
    args: {
      shortcutId: t.arg.id({ required: true }),
      entityIds: t.arg.idList({ required: true }),
      idempotencyKey: t.arg.string({ required: false }),
    },
    resolve: (_r, a, ctx) =>
      refusalAsResult<Execution>(
        () => executeWorkflowShortcut(ctx, a.shortcutId, a.entityIds, a.idempotencyKey),
        (message) => ({ isSuccess: false, message, results: [], replayed: false, run: null }),
      ),
  }),
  executeShortcutOnLeads: t.field({
    type: ExecutionRef,
    description:
      "Runs a LEAD shortcut on the leads (what executeWorkflowShortcut does, for whoever works leads: " +
      "LEAD_ADMIN or LEAD_DATA_ENTRY, and the leads within their zones when they are held to zones).",
    authScopes: (_r, a) => ({
      leadAccess: { ids: a.leadIds.slice(0, LIMITS.bulk), anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"] },
    }),
    args: {
      shortcutId: t.arg.id({ required: true }),
      leadIds: t.arg.idList({ required: true }),
      idempotencyKey: t.arg.string({ required: false }),
    },
    resolve: (_r, a, ctx) =>
      refusalAsResult<Execution>(
        async () => {
          const shortcut = await requireShortcut(ctx, a.shortcutId);
          if (shortcut.tableId !== "LEAD")
            throw badInput(`The shortcut "${shortcut.name}" does not act on leads; choose a lead shortcut.`);
          return executeWorkflowShortcut(ctx, a.shortcutId, a.leadIds, a.idempotencyKey);
        },
        (message) => ({ isSuccess: false, message, results: [], replayed: false, run: null }),
      ),
  }),
}));
