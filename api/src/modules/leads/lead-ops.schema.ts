import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { LeadStatusEnum } from "./lead.types.ts";
import { scopeIds } from "./lead-ops.rules.ts";
import { assignLeads, type BulkResult, discardLeads, markLeadDuplicates, setLeadStatus } from "./lead-ops.service.ts";

// The lead status operations through GraphQL: from the lead page (one id) and a view's bulk actions
// (up to 10,000 ids). Whoever enters or administers leads may; a person held to zones only on leads of
// their zones (the leadAccess scope). Each answers { isSuccess, message, count }.

const WORK: EmployeePermission[] = ["LEAD_ADMIN", "LEAD_DATA_ENTRY"];

export const LeadBulkResultRef = resultType<BulkResult>(
  "LeadBulkResult",
  (t) => ({
    count: t.exposeInt("count", { description: "How many leads changed (those already so are not counted)." }),
  }),
  { description: 'What a lead operation did, in words ("Assigned 3 leads to Ann Lee."), and to how many leads.' },
);

const bulk = (run: () => Promise<BulkResult>) =>
  refusalAsResult<BulkResult>(run, (message) => ({ isSuccess: false, message, count: 0 }));

builder.mutationFields((t) => ({
  assignLeads: t.field({
    type: LeadBulkResultRef,
    description:
      "Assigns the leads to a person of the branch (status ASSIGNED), or unassigns them with a null person (UNASSIGNED); a discarded lead stays discarded.",
    args: { leadIds: t.arg.idList({ required: true }), personId: t.arg.id() },
    authScopes: (_p, a) => ({ leadAccess: { ids: scopeIds(a.leadIds), anyPermission: WORK } }),
    resolve: (_r, a, ctx) => bulk(() => assignLeads(ctx, a.leadIds, a.personId ?? null)),
  }),
  setLeadStatus: t.field({
    type: LeadBulkResultRef,
    description: "Sets the leads' status: ASSIGNED (each needs a person) or UNASSIGNED (the person is cleared).",
    args: { leadIds: t.arg.idList({ required: true }), status: t.arg({ type: LeadStatusEnum, required: true }) },
    authScopes: (_p, a) => ({ leadAccess: { ids: scopeIds(a.leadIds), anyPermission: WORK } }),
    resolve: (_r, a, ctx) => bulk(() => setLeadStatus(ctx, a.leadIds, a.status)),
  }),
  discardLeads: t.field({
    type: LeadBulkResultRef,
    description: "Discards the leads (status DISCARDED) with a discard reason of the branch.",
    args: { leadIds: t.arg.idList({ required: true }), discardReasonId: t.arg.id({ required: true }) },
    authScopes: (_p, a) => ({ leadAccess: { ids: scopeIds(a.leadIds), anyPermission: WORK } }),
    resolve: (_r, a, ctx) => bulk(() => discardLeads(ctx, a.leadIds, a.discardReasonId)),
  }),
  markLeadDuplicates: t.field({
    type: LeadBulkResultRef,
    description: "Marks the leads duplicates of another lead (the original, not one of them): they are discarded.",
    args: { leadIds: t.arg.idList({ required: true }), duplicateOfId: t.arg.id({ required: true }) },
    authScopes: (_p, a) => ({ leadAccess: { ids: scopeIds(a.leadIds, a.duplicateOfId), anyPermission: WORK } }),
    resolve: (_r, a, ctx) => bulk(() => markLeadDuplicates(ctx, a.leadIds, a.duplicateOfId)),
  }),
}));
