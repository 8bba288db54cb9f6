import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  createDiscardReason,
  type DiscardReasonRow,
  deleteDiscardReason,
  discardReasons,
  updateDiscardReason,
} from "./discard-reasons.service.ts";

// Discard reasons through GraphQL: whoever works with leads reads them (to pick one, to read results);
// LEAD_ADMIN creates, renames and deletes them.

const ADMIN = { permission: "LEAD_ADMIN" } as const;
const READ = { anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"] as EmployeePermission[] };

export const DiscardReasonRef = builder.objectRef<DiscardReasonRow>("DiscardReason").implement({
  description: "Why a lead was discarded.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    leadCount: t.exposeInt("leadCount", { description: "Leads discarded with it (those the viewer may see)." }),
  }),
});

type ReasonResult = Result & { discardReason: DiscardReasonRow | null };
const DiscardReasonResultRef = resultType<ReasonResult>("DiscardReasonResult", (t) => ({
  discardReason: t.field({ type: DiscardReasonRef, nullable: true, resolve: (r) => r.discardReason }),
}));

const answer = (message: (r: DiscardReasonRow) => string, run: () => Promise<DiscardReasonRow>) =>
  refusalAsResult<ReasonResult>(
    async () => {
      const r = await run();
      return { isSuccess: true, message: message(r), discardReason: r };
    },
    (message) => ({ isSuccess: false, message, discardReason: null }),
  );

builder.queryFields((t) => ({
  discardReasons: t.field({
    type: [DiscardReasonRef],
    description: "The branch's discard reasons by name, with their lead counts.",
    authScopes: READ,
    resolve: (_r, _a, ctx) => discardReasons(ctx),
  }),
}));

builder.mutationFields((t) => ({
  createDiscardReason: t.field({
    type: DiscardReasonResultRef,
    authScopes: ADMIN,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      answer(
        (r) => `Added the discard reason "${r.name}".`,
        () => createDiscardReason(ctx, a.name),
      ),
  }),
  updateDiscardReason: t.field({
    type: DiscardReasonResultRef,
    description: "Renames the reason; the leads discarded with it keep it.",
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      answer(
        (r) => `Renamed to "${r.name}".`,
        () => updateDiscardReason(ctx, a.id, a.name),
      ),
  }),
  deleteDiscardReason: t.field({
    type: DiscardReasonResultRef,
    description: "Deletes a reason no lead and no lead rule uses; refused with how many do otherwise.",
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      answer(
        (r) => `Deleted the discard reason "${r.name}".`,
        async () => ({ ...(await deleteDiscardReason(ctx, a.id)), leadCount: 0 }),
      ),
  }),
}));
