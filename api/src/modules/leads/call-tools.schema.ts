import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { createCallToolContacts } from "./call-tools.service.ts";
import { scopeIds } from "./lead-ops.rules.ts";
import { LeadBulkResultRef } from "./lead-ops.schema.ts";
import type { BulkResult } from "./lead-ops.service.ts";

// Sending leads to the call centre through GraphQL, from the lead page (one id) or a view's bulk
// actions (up to 10,000 ids): whoever works leads may, a person held to zones only leads of their zones,
// and only in a branch that has the call tools (the CALL_TOOLS watertight feature, active now).

const WORK: EmployeePermission[] = ["LEAD_ADMIN", "LEAD_DATA_ENTRY"];

export const callToolMessages = { notEnabled: "The call tools are not enabled for this branch." };
/** The branch's call tools (FORBIDDEN with notEnabled when off or outside their time window). */
export const CALL_TOOLS_FEATURE = { watertight: "CALL_TOOLS", refusal: callToolMessages.notEnabled } as const;

builder.mutationFields((t) => ({
  createCallToolContact: t.field({
    type: LeadBulkResultRef,
    description:
      "Sends the leads to the call tool: a call-tool contact for each lead not sent yet (who to call, as the lead says now). Refused, sending none, when a lead has no phone or is discarded, and FORBIDDEN when the branch has no call tools.",
    args: { leadIds: t.arg.idList({ required: true }) },
    authScopes: (_p, a) => ({
      $all: { branchFeature: CALL_TOOLS_FEATURE, leadAccess: { ids: scopeIds(a.leadIds), anyPermission: WORK } },
    }),
    resolve: (_r, a, ctx) =>
      refusalAsResult<BulkResult>(
        () => createCallToolContacts(ctx, a.leadIds),
        (message) => ({ isSuccess: false, message, count: 0 }),
      ),
  }),
}));
