import type { SavedAction } from "../../generated/prisma/client.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { TableIdentifierEnum } from "../custom-fields/custom-fields.schema.ts";
import { PreviewRef, RunRef } from "../shortcuts/shortcuts.runs.schema.ts";
import type { Execution } from "../shortcuts/shortcuts.service.ts";
import { fullName } from "../workflow/refs.ts";
import type { SavedFilter } from "./saved-actions.rules.ts";
import {
  createSavedAction,
  deleteSavedAction,
  editSavedAction,
  mayEdit,
  previewSavedAction,
  requireSavedAction,
  runSavedAction,
  type SavedActionInput,
  savedActions,
} from "./saved-actions.service.ts";

// Saved actions: a shortcut on the records a filter selects, stored to run again. Every operation takes
// CUSTOMER_ACCESS (running a shortcut does); a private one is its owner's alone, and changing one takes
// its owner or WORKFLOW_CONFIGURATION (saved-actions.service.ts).

const RUN = { permission: "CUSTOMER_ACCESS" } as const;

const FilterRef = builder.objectRef<SavedFilter>("SavedActionFilter").implement({
  description: "What selects the records: each given part narrows the list.",
  fields: (t) => ({
    projectId: t.exposeID("projectId", { nullable: true }),
    stepId: t.exposeID("stepId", { nullable: true, description: "Activities at it; threads with open work at it." }),
    status: t.exposeString("status", {
      nullable: true,
      description: "OPEN or RESOLVED (activities), OPEN or CLOSED (threads), ACTIVE, INACTIVE or PROSPECT (customers).",
    }),
    assignedPersonId: t.exposeID("assignedPersonId", { nullable: true }),
    olderThanDays: t.exposeInt("olderThanDays", { nullable: true, description: "Entered or created before then." }),
  }),
});

const SavedActionRef = builder.objectRef<SavedAction>("SavedAction").implement({
  description: "An employee's stored shortcut on a list of records, run again later.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    ownerPersonId: t.exposeID("ownerPersonId", { nullable: true }),
    ownerName: t.string({
      nullable: true,
      resolve: async (r, _a, ctx) => {
        const p = r.ownerPersonId ? await ctx.db.person.findUnique({ where: { id: r.ownerPersonId } }) : null;
        return p ? fullName(p) : null;
      },
    }),
    isPublic: t.exposeBoolean("isPublic"),
    shortcutId: t.exposeID("shortcutId"),
    shortcutName: t.string({
      resolve: async (r, _a, ctx) =>
        (await ctx.db.workflowShortcut.findUnique({ where: { id: r.shortcutId }, select: { name: true } }))?.name ??
        "(deleted shortcut)",
    }),
    tableId: t.expose("tableId", { type: TableIdentifierEnum }),
    filter: t.field({ type: FilterRef, resolve: (r) => (r.filter ?? {}) as SavedFilter }),
    lastRunAt: t.expose("lastRunAt", { type: "DateTime", nullable: true }),
    canEdit: t.boolean({ resolve: (r, _a, ctx) => mayEdit(ctx, r) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const FilterInput = builder.inputType("SavedActionFilterInput", {
  fields: (t) => ({
    projectId: t.id(),
    stepId: t.id(),
    status: t.string(),
    assignedPersonId: t.id(),
    olderThanDays: t.int(),
  }),
});

const InputRef = builder.inputType("SavedActionInput", {
  description: "On an edit, what is left out is kept; the filter, when given, replaces the old one.",
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    shortcutId: t.id(),
    isPublic: t.boolean(),
    filter: t.field({ type: FilterInput }),
  }),
});

type SavedResult = Result & { savedAction: SavedAction | null };
const SavedResultRef = resultType<SavedResult>("SavedActionResult", (t) => ({
  savedAction: t.field({ type: SavedActionRef, nullable: true, resolve: (r) => r.savedAction }),
}));
const RunResultRef = resultType<Execution>("RunSavedActionResult", (t) => ({
  run: t.field({ type: RunRef, nullable: true, resolve: (r) => r.run }),
}));

const saved = (message: (s: SavedAction) => string, run: () => Promise<SavedAction>, keep = true) =>
  refusalAsResult<SavedResult>(
    async () => {
      const s = await run();
      return { isSuccess: true, message: message(s), savedAction: keep ? s : null };
    },
    (m) => ({ isSuccess: false, message: m, savedAction: null }),
  );

builder.queryFields((t) => ({
  savedActions: t.field({
    type: [SavedActionRef],
    description: "The caller's own saved actions and the public ones, by name.",
    authScopes: RUN,
    resolve: (_r, _a, ctx) => savedActions(ctx),
  }),
  savedAction: t.field({
    type: SavedActionRef,
    authScopes: RUN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requireSavedAction(ctx, a.id),
  }),
  savedActionPreview: t.field({
    type: PreviewRef,
    description: "What running it now would change (the filter resolved, the shortcut run dry); writes nothing.",
    authScopes: RUN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => previewSavedAction(ctx, a.id),
  }),
}));

builder.mutationFields((t) => ({
  createSavedAction: t.field({
    type: SavedResultRef,
    authScopes: RUN,
    args: { input: t.arg({ type: InputRef, required: true }) },
    resolve: (_r, { input }, ctx) =>
      saved(
        (s) => `Saved "${s.name}".`,
        () => createSavedAction(ctx, input as SavedActionInput),
      ),
  }),
  editSavedAction: t.field({
    type: SavedResultRef,
    authScopes: RUN,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: InputRef, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      saved(
        (s) => `Saved "${s.name}".`,
        () => editSavedAction(ctx, id, input as SavedActionInput),
      ),
  }),
  deleteSavedAction: t.field({
    type: SavedResultRef,
    authScopes: RUN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) =>
      saved(
        (s) => `Deleted "${s.name}".`,
        () => deleteSavedAction(ctx, id),
        false,
      ),
  }),
  runSavedAction: t.field({
    type: RunResultRef,
    description:
      "Runs its shortcut on the records its filter selects now (at most 10,000); follow `run` for progress and undo.",
    authScopes: RUN,
    args: { id: t.arg.id({ required: true }), idempotencyKey: t.arg.string({ required: false }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult<Execution>(
        () => runSavedAction(ctx, a.id, a.idempotencyKey),
        (message) => ({ isSuccess: false, message, results: [], replayed: false, run: null }),
      ),
  }),
}));
