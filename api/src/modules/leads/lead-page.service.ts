import { visibleLeadsWhere } from "../../auth/lead-access.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError, badInput } from "../../errors.ts";
import { type Lead, Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { type AddActivityInput, addActivity } from "../workflow/activities.service.ts";
import { readThreadHeads, type ThreadNode } from "../workflow/thread-heads.ts";
import { checkLead } from "./accept-lead.ts";
import { diffLead, recordLeadChanges } from "./lead-history.ts";
import { personName } from "./lead-ops.service.ts";
import {
  EDITABLE_FIELDS,
  type EditableField,
  fieldList,
  MAX_LEADS_BY_IDS,
  noteSchema,
  type PatchLeadInput,
  patchLeadSchema,
  SEARCH_LIMIT,
  searchTextSchema,
} from "./lead-page.rules.ts";

// The lead page (team/leads/{id}): the lead, its notes, history, project threads; editing its own
// fields (the duplicate keys computed again from what is typed), notes, the customer it is, and work
// on its project threads. Who may reach the lead is decided by the leadAccess scope before any of this
// runs; here a lead of another branch is simply not found. A merged lead is shown (it says where it
// went) but takes no changes.

export const LEAD_NOT_FOUND = "Lead not found.";

export async function requireLead(ctx: Context, id: string): Promise<Lead> {
  const lead = id.length <= 100 ? await ctx.db.lead.findUnique({ where: { id } }) : null;
  if (!lead) throw new AppError("NOT_FOUND", LEAD_NOT_FOUND);
  return lead;
}

/** The lead, unless it was merged away (then the refusal names the lead it lives on in). */
async function requireWorkable(ctx: Context | { db: ScopedTx }, lead: Lead | null): Promise<Lead> {
  if (!lead) throw badInput(LEAD_NOT_FOUND);
  if (lead.mergedIntoId) {
    const into = await ctx.db.lead.findUnique({ where: { id: lead.mergedIntoId }, select: { number: true } });
    throw badInput(`Lead #${lead.number} was merged into lead #${into?.number ?? "?"}: change that one.`);
  }
  return lead;
}

/** The lead locked for this transaction and read again. */
async function lockLead(tx: ScopedTx, id: string) {
  await tx.$branchQuery(
    (branch) => Prisma.sql`SELECT "id" FROM "Lead" WHERE "id" = ${id} AND "branchId" = ${branch} FOR UPDATE`,
  );
  return requireWorkable({ db: tx }, await tx.lead.findUnique({ where: { id } }));
}

/** Leads by id in the order asked, those the viewer sees (merged ones and unknown ids are left out). */
export async function leadsByIds(ctx: Context, ids: string[]): Promise<Lead[]> {
  if (ids.length > MAX_LEADS_BY_IDS)
    throw badInput(`At most ${MAX_LEADS_BY_IDS.toLocaleString("en-US")} leads at a time.`);
  const wanted = [...new Set(ids)].filter((id) => id.length <= 100);
  if (!wanted.length) return [];
  const rows = await ctx.db.lead.findMany({ where: { AND: [{ id: { in: wanted } }, await visibleLeadsWhere(ctx)] } });
  const byId = new Map(rows.map((l) => [l.id, l]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** The lead with this number that the viewer sees (not merged), or null: how a person names another lead. */
export async function leadByNumber(ctx: Context, number: number): Promise<Lead | null> {
  if (!Number.isSafeInteger(number) || number < 1) return null;
  return ctx.db.lead.findFirst({ where: { AND: [{ number }, await visibleLeadsWhere(ctx)] } });
}

/** Edits the lead's own fields (left out: kept); the whole lead must still be a valid lead. */
export async function patchLead(
  ctx: Context,
  input: PatchLeadInput,
): Promise<{ lead: Lead; changed: EditableField[] }> {
  const v = parseInput(patchLeadSchema, input);
  await requireLead(ctx, v.id);
  return ctx.db.$transaction(async (tx) => {
    const lead = await lockLead(tx, v.id);
    const next = { ...lead, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) } as Lead;
    const checked = checkLead({ ...next, unit: "" });
    if ("error" in checked) throw badInput(checked.error);
    const after = { ...checked.data, appointmentKind: next.appointmentKind };
    const changes = diffLead(lead, after, Object.keys(EDITABLE_FIELDS));
    const changed = Object.keys(changes) as EditableField[];
    if (!changed.length) return { lead, changed };
    const data = {
      ...Object.fromEntries(changed.map((f) => [f, after[f as keyof typeof after]])),
      emailKey: checked.data.emailKey,
      phoneE164: checked.data.phoneE164,
      phone2E164: checked.data.phone2E164,
      addressKey: checked.data.addressKey,
    } as Prisma.LeadUpdateInput;
    const saved = await tx.lead.update({ where: { id: lead.id }, data });
    await recordLeadChanges(tx, [
      {
        leadId: lead.id,
        personId: ctx.viewer?.personId,
        kind: "UPDATED",
        summary: `Edited ${fieldList(changed)}.`,
        changes,
      },
    ]);
    return { lead: saved, changed };
  });
}

export async function addLeadNote(ctx: Context, leadId: string, text: string) {
  const note = parseInput(noteSchema, text);
  await requireLead(ctx, leadId);
  return ctx.db.$transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    const row = await tx.leadNote.create({
      data: { branchId: ctx.branch.id, leadId: lead.id, personId: ctx.viewer?.personId ?? null, text: note },
    });
    const preview = note.length > 80 ? `${note.slice(0, 79)}…` : note;
    await recordLeadChanges(tx, [
      { leadId: lead.id, personId: ctx.viewer?.personId, kind: "NOTE", summary: `Added a note: "${preview}"` },
    ]);
    return row;
  });
}

/** The lead's notes, newest first. */
export async function leadNotes(ctx: Context, leadId: string) {
  await requireLead(ctx, leadId);
  return ctx.db.leadNote.findMany({ where: { leadId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 500 });
}

export type HistoryRow = {
  id: string;
  kind: string;
  summary: string;
  createdAt: Date;
  personId: string | null;
  personName: string | null;
  changes: { field: string; before: string | null; after: string | null }[];
};

const shown = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v));

/** Who changed what and when, newest first (the last 500 changes). */
export async function leadHistory(ctx: Context, leadId: string): Promise<HistoryRow[]> {
  await requireLead(ctx, leadId);
  const rows = await ctx.db.leadChange.findMany({
    where: { leadId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 500,
  });
  const ids = [...new Set(rows.flatMap((r) => (r.personId ? [r.personId] : [])))];
  const people = ids.length
    ? await ctx.db.person.findMany({
        where: { id: { in: ids } },
        select: { id: true, firstName: true, lastName: true },
      })
    : [];
  const names = new Map(people.map((p) => [p.id, personName(p)]));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    summary: r.summary,
    createdAt: r.createdAt,
    personId: r.personId,
    personName: r.personId ? (names.get(r.personId) ?? null) : null,
    changes: Object.entries((r.changes ?? {}) as Record<string, [unknown, unknown]>).map(([field, pair]) => ({
      field,
      before: shown(pair?.[0]),
      after: shown(pair?.[1]),
    })),
  }));
}

export type CustomerMatch = { id: string; accountNumber: string; name: string; address: string };

const addressLine = (a: { streetNumber: string; streetName: string; address2: string; city: string }) =>
  [`${a.streetNumber} ${a.streetName}`.trim(), a.address2, a.city].filter(Boolean).join(", ");

/** Customers by account number, name or service address street (the link picker), at most 20. */
export async function searchCustomers(ctx: Context, text: string): Promise<CustomerMatch[]> {
  const q = parseInput(searchTextSchema, text);
  const digits = /^\d+$/.test(q);
  const [number, ...rest] = q.split(/\s+/);
  const street = rest.join(" ");
  const rows = await ctx.db.customer.findMany({
    where: {
      OR: [
        ...(digits ? [{ accountNumber: { startsWith: q } }] : []),
        { name: { contains: q, mode: "insensitive" as const } },
        {
          serviceAddresses: {
            some:
              /^\d+$/.test(number ?? "") && street
                ? { streetNumber: number, streetName: { contains: street, mode: "insensitive" as const } }
                : { streetName: { contains: q, mode: "insensitive" as const } },
          },
        },
      ],
    },
    orderBy: [{ name: "asc" }, { accountNumber: "asc" }],
    take: SEARCH_LIMIT,
    select: {
      id: true,
      accountNumber: true,
      name: true,
      serviceAddresses: {
        where: { inactive: false },
        orderBy: { id: "asc" },
        take: 1,
        select: { streetNumber: true, streetName: true, address2: true, city: true },
      },
    },
  });
  return rows.map((c) => ({
    id: c.id,
    accountNumber: c.accountNumber,
    name: c.name,
    address: c.serviceAddresses[0] ? addressLine(c.serviceAddresses[0]) : "",
  }));
}

const customerLabel = (c: { accountNumber: string; name: string }) => `${c.accountNumber} ${c.name}`.trim();

/** Links the lead to the customer it is (or unlinks it: customerId null). */
export async function linkLeadToCustomer(ctx: Context, leadId: string, customerId: string | null) {
  await requireLead(ctx, leadId);
  const customer = customerId
    ? await ctx.db.customer.findUnique({
        where: { id: customerId },
        select: { id: true, accountNumber: true, name: true },
      })
    : null;
  if (customerId && !customer) throw badInput("That customer was not found.");
  return ctx.db.$transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    if (lead.customerId === (customer?.id ?? null)) return { lead, customer, changed: false };
    const before = lead.customerId
      ? await tx.customer.findUnique({ where: { id: lead.customerId }, select: { accountNumber: true, name: true } })
      : null;
    const saved = await tx.lead.update({ where: { id: lead.id }, data: { customerId: customer?.id ?? null } });
    await recordLeadChanges(tx, [
      {
        leadId: lead.id,
        personId: ctx.viewer?.personId,
        kind: "LINKED",
        summary: customer ? `Linked to customer ${customerLabel(customer)}.` : "Unlinked from its customer.",
        changes: { customer: [before ? customerLabel(before) : null, customer ? customerLabel(customer) : null] },
      },
    ]);
    return { lead: saved, customer, changed: true };
  });
}

/** The most threads the lead page lists. */
export const LEAD_THREADS = 20;

/**
 * The lead's project threads (open ones first, then newest first, at most 20): their headers with their
 * activities counted per step, in one statement; the page asks each one's first page of activities
 * (read for all of them in one more: thread-page.ts) and links to the thread's page for the rest.
 */
export async function leadThreads(ctx: Context, leadId: string): Promise<ThreadNode[]> {
  await requireLead(ctx, leadId);
  return readThreadHeads(ctx, { leadId }, LEAD_THREADS);
}

export type LeadActivityInput = Omit<AddActivityInput, "threadId" | "customerId" | "leadId" | "projectId"> & {
  projectId: string;
};

/** An activity at a step of a project for the lead: on its open thread of the project, else a new one. */
export async function addLeadActivity(ctx: Context, leadId: string, input: LeadActivityInput) {
  await requireWorkable(ctx, await requireLead(ctx, leadId));
  return addActivity(ctx, { ...input, leadId, threadId: null, customerId: null });
}
