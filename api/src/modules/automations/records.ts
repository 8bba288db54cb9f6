import type { TableIdentifier } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { toText } from "../custom-fields/custom-fields.rules.ts";
import type { Condition } from "./automations.rules.ts";
import { meets } from "./automations.rules.ts";

// The record an event is about, as automations see it: its fields as text (what conditions compare),
// who it concerns (customer, lead, thread, assignee) and a label for messages.

export type RecordFacts = {
  tableId: TableIdentifier;
  id: string;
  label: string;
  fields: Record<string, string>;
  customerId: string | null;
  leadId: string | null;
  threadId: string | null;
  projectId: string | null;
  assignedPersonId: string | null;
};

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** The route of the first active service at an address (or any address of a customer); "" without one. */
async function routeNumberOf(
  ctx: Context,
  where: { serviceAddressId: string } | { serviceAddress: { customerId: string } },
): Promise<string> {
  const s = await ctx.db.service.findFirst({
    where: { ...where, inactive: false },
    orderBy: { id: "asc" },
    select: { route: { select: { routeNumber: true } } },
  });
  return s?.route.routeNumber ?? "";
}

export async function loadRecord(ctx: Context, tableId: TableIdentifier, id: string): Promise<RecordFacts | null> {
  if (id.length > 100) return null;
  if (tableId === "ACTIVITY") {
    const a = await ctx.db.activity.findUnique({ where: { id }, include: { thread: true } });
    if (!a) return null;
    const fields = {
      subject: a.subject,
      status: a.status,
      stepId: a.stepId,
      projectId: a.thread.projectId,
      threadId: a.threadId,
      customerId: text(a.thread.customerId),
      leadId: text(a.thread.leadId),
      assignedPersonId: text(a.assignedPersonId),
      priorityId: text(a.priorityId),
    };
    return {
      tableId,
      id,
      label: `the activity "${a.subject}"`,
      fields,
      customerId: a.thread.customerId,
      leadId: a.thread.leadId,
      threadId: a.threadId,
      projectId: a.thread.projectId,
      assignedPersonId: a.assignedPersonId,
    };
  }
  if (tableId === "WORK_ORDER") {
    const w = await ctx.db.workOrder.findUnique({ where: { id } });
    if (!w) return null;
    const fields = {
      number: String(w.number),
      name: w.name,
      workType: w.workType,
      status: w.status,
      customerId: w.customerId,
      serviceAddressId: w.serviceAddressId,
      isOpen: String(w.isOpen),
      source: w.source,
      routeNumber: await routeNumberOf(ctx, { serviceAddressId: w.serviceAddressId }),
      scheduledDate: w.scheduledDate.toISOString().slice(0, 10),
      posted: String(!!w.postedAt),
      skipReason: w.skipReason,
    };
    return {
      tableId,
      id,
      label: `work order ${w.number}`,
      fields,
      customerId: w.customerId,
      leadId: null,
      threadId: null,
      projectId: null,
      assignedPersonId: null,
    };
  }
  if (tableId === "PROJECT_THREAD") {
    const t = await ctx.db.projectThread.findUnique({ where: { id }, include: { project: true } });
    if (!t) return null;
    const fields = {
      projectId: t.projectId,
      customerId: text(t.customerId),
      leadId: text(t.leadId),
      closed: String(!!t.closedAt),
    };
    return {
      tableId,
      id,
      label: `the project thread "${t.project.description}"`,
      fields,
      customerId: t.customerId,
      leadId: t.leadId,
      threadId: t.id,
      projectId: t.projectId,
      assignedPersonId: null,
    };
  }
  if (tableId === "CUSTOMER") {
    const c = await ctx.db.customer.findUnique({ where: { id } });
    if (!c) return null;
    return {
      tableId,
      id,
      label: `customer ${c.accountNumber} (${c.name})`,
      fields: {
        accountNumber: c.accountNumber,
        name: c.name,
        status: c.status,
        billingType: c.billingType,
        isInvoiceAccount: String(c.isInvoiceAccount),
        routeNumber: await routeNumberOf(ctx, { serviceAddress: { customerId: c.id } }),
      },
      customerId: c.id,
      leadId: null,
      threadId: null,
      projectId: null,
      assignedPersonId: null,
    };
  }
  return null;
}

export type ConditionResult = { text: string; met: boolean };

/** Each condition with what the record holds and whether it is met; all must be. */
export async function evaluate(ctx: Context, conditions: Condition[], record: RecordFacts) {
  const fieldIds = conditions.flatMap((c) => (c.customFieldId ? [c.customFieldId] : []));
  const values = fieldIds.length
    ? await ctx.db.customFieldValue.findMany({
        where: { tableId: record.tableId, recordId: record.id, fieldId: { in: fieldIds } },
        include: { field: { select: { type: true, decimals: true } } },
      })
    : [];
  const names = fieldIds.length
    ? new Map(
        (await ctx.db.customField.findMany({ where: { id: { in: fieldIds } }, select: { id: true, name: true } })).map(
          (f) => [f.id, f.name],
        ),
      )
    : new Map<string, string>();
  const results: ConditionResult[] = conditions.map((c) => {
    let actual = "";
    let name = c.nativeFieldName ?? "";
    if (c.customFieldId) {
      const row = values.find((v) => v.fieldId === c.customFieldId);
      actual = row ? toText(row.field, row) : "";
      name = names.get(c.customFieldId) ?? "a custom field no longer there";
    } else actual = record.fields[c.nativeFieldName ?? ""] ?? "";
    const wanted =
      c.comparator === "HAS_VALUE"
        ? "has a value"
        : c.comparator === "IN"
          ? `in [${c.values.join(", ")}]`
          : `${c.comparator.toLowerCase().replace("_", " ")} "${c.value}"`;
    return { text: `${name} ${wanted} (it is "${actual}")`, met: meets(c, actual) };
  });
  return { met: results.every((r) => r.met), results };
}
