import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { createCallToolContacts } from "./call-tools.service.ts";
import { scopeIds } from "./lead-ops.rules.ts";
import { LeadBulkResultRef } from "./lead-ops.schema.ts";
import type { BulkResult } from "./lead-ops.service.ts";

// Sending leads to the call centre through GraphQL, from the lead page (one id) or a view's bulk
// actions (up to 10,000 ids): whoever works leads may, a person held to zones only leads of their zones.

const WORK: EmployeePermission[] = ["LEAD_ADMIN", "LEAD_DATA_ENTRY"];

builder.mutationFields((t) => ({
  createCallToolContact: t.field({
    type: LeadBulkResultRef,
    description:
      "Sends the leads to the call tool: a call-tool contact for each lead not sent yet (who to call, as the lead says now). Refused, sending none, when a lead has no phone or is discarded.",
    args: { leadIds: t.arg.idList({ required: true }) },
    authScopes: (_p, a) => ({ leadAccess: { ids: scopeIds(a.leadIds), anyPermission: WORK } }),
    resolve: (_r, a, ctx) =>
      refusalAsResult<BulkResult>(
        () => createCallToolContacts(ctx, a.leadIds),
        (message) => ({ isSuccess: false, message, count: 0 }),
      ),
  }),
}));
