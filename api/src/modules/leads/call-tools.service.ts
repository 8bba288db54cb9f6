import { randomUUID } from "node:crypto";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { LeadStatus } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { recordLeadChanges } from "./lead-history.ts";
import { leadIdsSchema, leadsWord } from "./lead-ops.rules.ts";
import type { BulkResult } from "./lead-ops.service.ts";

// Sending leads to the call tool (the lead page's "Send to call tool", a view's bulk action): each lead
// not sent yet gets a CallToolContact, a copy of who to call as the lead says now, and points to it
// (Lead.callToolsContactId). The call centre needs a number to call, and a discarded lead is not worked:
// when any named lead has no phone or is discarded, nothing is sent and the answer names it. A lead sent
// before is counted as already sent. One transaction locks the named leads in id order (as the other
// bulk operations do), so a call repeated, or two at once, makes one contact per lead and one history row.

type Row = {
  id: string;
  number: number;
  status: LeadStatus;
  firstName: string;
  lastName: string;
  email: string;
  phoneE164: string;
  phone2E164: string;
  address: string;
  city: string;
  stateCode: string;
  postalCode: string;
  zoneId: string | null;
  leadSourceId: string | null;
  callToolsContactId: string | null;
};

const SENT = "Sent to the call tool.";

/** "Lead #12 has…" for one lead, "3 leads have…" for more. */
const refuse = (rows: Row[], one: string, many: string) => {
  if (rows.length === 0) return;
  throw new AppError(
    "BAD_USER_INPUT",
    rows.length === 1 ? `Lead #${rows[0]!.number} ${one}` : `${leadsWord(rows.length)} ${many}`,
  );
};

/** Makes a call-tool contact for each named lead not sent yet; answers how many were sent. */
export async function createCallToolContacts(ctx: Context, leadIds: unknown): Promise<BulkResult> {
  const ids = parseInput(leadIdsSchema, leadIds);
  const { sent, rows } = await ctx.db.$transaction(
    async (tx) => {
      const rows = await tx.$branchQuery<Row>(
        (branch) => Prisma.sql`
        SELECT "id", "number", "status"::text AS "status", "firstName", "lastName", "email", "phoneE164",
          "phone2E164", "address", "city", "stateCode", "postalCode", "zoneId", "leadSourceId", "callToolsContactId"
        FROM "Lead"
        WHERE "branchId" = ${branch} AND "mergedIntoId" IS NULL
          AND "id" IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        ORDER BY "id" FOR UPDATE`,
      );
      const missing = ids.length - rows.length;
      if (missing > 0)
        throw new AppError(
          "BAD_USER_INPUT",
          ids.length === 1
            ? "Lead not found."
            : `${missing.toLocaleString("en-US")} of these leads ${missing === 1 ? "was" : "were"} not found: nothing was sent.`,
        );
      const fresh = rows.filter((r) => !r.callToolsContactId);
      refuse(
        fresh.filter((r) => r.status === "DISCARDED"),
        "is discarded: set it unassigned or assigned before sending it to the call tool.",
        "are discarded: nothing was sent. Leave them out, or set them unassigned first.",
      );
      refuse(
        fresh.filter((r) => !r.phoneE164 && !r.phone2E164),
        "has no phone number the call centre can call: add one first.",
        "have no phone number the call centre can call: nothing was sent.",
      );
      if (!fresh.length) return { sent: 0, rows };
      const now = clock.now();
      const personId = ctx.viewer?.personId ?? null;
      const contacts = fresh.map((r) => ({
        id: randomUUID(),
        leadId: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        phone: r.phoneE164 || r.phone2E164,
        phone2: r.phoneE164 ? r.phone2E164 : "",
        email: r.email,
        address: r.address,
        city: r.city,
        stateCode: r.stateCode,
        postalCode: r.postalCode,
        zoneId: r.zoneId,
        leadSourceId: r.leadSourceId,
        createdByPersonId: personId,
        createdAt: now,
      }));
      await tx.callToolContact.createMany({ data: contacts as Prisma.CallToolContactCreateManyInput[] });
      // Each lead points to its own contact: one statement for the whole selection.
      await tx.$branchQuery(
        (branch) => Prisma.sql`
        UPDATE "Lead" AS l SET "callToolsContactId" = c."id", "lastEdited" = ${now}
        FROM "CallToolContact" AS c
        WHERE l."branchId" = ${branch} AND c."branchId" = ${branch} AND c."leadId" = l."id"
          AND c."id" IN (SELECT jsonb_array_elements_text(${JSON.stringify(contacts.map((c) => c.id))}::jsonb))
        RETURNING 1 AS "done"`,
      );
      await recordLeadChanges(
        tx,
        contacts.map((c) => ({
          leadId: c.leadId,
          personId,
          kind: "CALL_TOOL",
          summary: SENT,
          changes: { callToolsContact: [null, c.phone] },
        })),
      );
      return { sent: contacts.length, rows };
    },
    { timeout: 60_000 },
  );
  const before = rows.length - sent;
  const already = before ? ` ${leadsWord(before)} already ${before === 1 ? "was" : "were"}.` : "";
  const message = sent
    ? `Sent ${leadsWord(sent)} to the call tool.${already}`
    : rows.length === 1
      ? "The lead was already sent to the call tool."
      : `The ${leadsWord(rows.length)} were already sent to the call tool.`;
  return { isSuccess: true, message, count: sent };
}
