import { LEAD_PERMISSIONS } from "../../auth/lead-access.ts";
import type { Lead, LeadNote } from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { BASEMAP_PATH } from "../territories/basemap.ts";
import type { ActivityView } from "../workflow/views.ts";
import { ActivityRef, ThreadRef } from "../workflow/workflow.types.ts";
import { LeadAppointmentKindEnum, LeadRef } from "./lead.types.ts";
import { scopeIds } from "./lead-ops.rules.ts";
import { leadLinks } from "./lead-page.links.ts";
import { EDITABLE_FIELDS } from "./lead-page.rules.ts";
import {
  addLeadActivity,
  addLeadNote,
  type CustomerMatch,
  type HistoryRow,
  leadByNumber,
  leadHistory,
  leadNotes,
  leadsByIds,
  leadThreads,
  linkLeadToCustomer,
  patchLead,
  requireLead,
  searchCustomers,
} from "./lead-page.service.ts";

// The lead page through GraphQL. Reading a lead (its notes, history, threads) takes any lead
// permission; changing it LEAD_ADMIN or LEAD_DATA_ENTRY; both only on leads the viewer reaches (the
// leadAccess scope: a person held to zones, only leads of those zones). Searching customers to link
// one takes LEAD_ADMIN or LEAD_DATA_ENTRY.

const WORK: EmployeePermission[] = ["LEAD_ADMIN", "LEAD_DATA_ENTRY"];
const read = (ids: string | readonly string[]) => ({ leadAccess: { ids: scopeIds(ids) } });
const work = (ids: string) => ({ leadAccess: { ids: scopeIds(ids), anyPermission: WORK } });

const LeadNoteRef = builder.objectRef<LeadNote>("LeadNote").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    text: t.exposeString("text"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    personId: t.exposeString("personId", { nullable: true }),
    personName: t.string({ nullable: true, resolve: (n, _a, ctx) => leadLinks.personName(ctx, n.personId) }),
  }),
});

const LeadChangeFieldRef = builder.objectRef<HistoryRow["changes"][number]>("LeadChangeField").implement({
  description: "One field of a change, as it was and as it became (as text; null: empty).",
  fields: (t) => ({
    field: t.exposeString("field"),
    label: t.string({
      resolve: (c) =>
        (EDITABLE_FIELDS as Record<string, string>)[c.field] ??
        (
          {
            person: "person",
            status: "status",
            discardReason: "discard reason",
            duplicateOf: "duplicate of",
            customer: "customer",
            callToolsContact: "call tool",
          } as Record<string, string>
        )[c.field] ??
        c.field,
    }),
    before: t.exposeString("before", { nullable: true }),
    after: t.exposeString("after", { nullable: true }),
  }),
});

const LeadChangeRef = builder.objectRef<HistoryRow>("LeadChange").implement({
  description: "One change to a lead: who, when, what (CREATED, UPDATED, STATUS, ASSIGNED, DISCARDED, ...).",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.exposeString("kind"),
    summary: t.exposeString("summary"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    personId: t.exposeString("personId", { nullable: true }),
    personName: t.exposeString("personName", { nullable: true }),
    changes: t.field({ type: [LeadChangeFieldRef], resolve: (r) => r.changes }),
  }),
});

const CustomerMatchRef = builder.objectRef<CustomerMatch>("LeadCustomerMatch").implement({
  description: "A customer a lead may be linked to: its account number, name and first service address.",
  fields: (t) => ({
    id: t.exposeID("id"),
    accountNumber: t.exposeString("accountNumber"),
    name: t.exposeString("name"),
    address: t.exposeString("address"),
  }),
});

builder.objectFields(LeadRef, (t) => ({
  customerAccountNumber: t.string({
    nullable: true,
    description: "The account number of the customer the lead is linked to.",
    resolve: async (l, _a, ctx) => (await leadLinks.customer(ctx, l.customerId))?.accountNumber ?? null,
  }),
  customerName: t.string({
    nullable: true,
    resolve: async (l, _a, ctx) => (await leadLinks.customer(ctx, l.customerId))?.name ?? null,
  }),
  duplicateOfNumber: t.int({ nullable: true, resolve: (l, _a, ctx) => leadLinks.leadNumber(ctx, l.duplicateOfId) }),
  mergedIntoNumber: t.int({ nullable: true, resolve: (l, _a, ctx) => leadLinks.leadNumber(ctx, l.mergedIntoId) }),
}));

const PatchLeadInputRef = builder.inputType("PatchLeadInput", {
  description: "The lead's own fields; one left out is kept, an empty text clears it, a null appointment clears it.",
  fields: (t) => ({
    id: t.id({ required: true }),
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    phone: t.string(),
    phone2: t.string(),
    address: t.string(),
    city: t.string(),
    county: t.string(),
    stateCode: t.string(),
    postalCode: t.string(),
    comments: t.string(),
    appointment: t.field({ type: "DateTime" }),
    appointmentKind: t.field({ type: LeadAppointmentKindEnum }),
  }),
});

const AddLeadActivityInputRef = builder.inputType("AddLeadActivityInput", {
  description: "An activity for the lead at a step of a project: on its open thread of the project, else a new one.",
  fields: (t) => ({
    projectId: t.id({ required: true }),
    stepId: t.id({ required: true }),
    subject: t.string({ required: true }),
    details: t.string(),
    scheduledTime: t.field({ type: "DateTime", required: true }),
    lengthMinutes: t.int(),
    assignedPersonId: t.id(),
    resolvePrevious: t.boolean(),
  }),
});

type LeadResult = Result & { lead: Lead | null };
const LeadResultRef = resultType<LeadResult>("LeadResult", (t) => ({
  lead: t.field({ type: LeadRef, nullable: true, resolve: (r) => r.lead }),
}));
type NoteResult = Result & { note: LeadNote | null };
const LeadNoteResultRef = resultType<NoteResult>("LeadNoteResult", (t) => ({
  note: t.field({ type: LeadNoteRef, nullable: true, resolve: (r) => r.note }),
}));
type ActivityResult = Result & { activity: ActivityView | null };
const LeadActivityResultRef = resultType<ActivityResult>("LeadActivityResult", (t) => ({
  activity: t.field({ type: ActivityRef, nullable: true, resolve: (r) => r.activity }),
}));

type Basemap = { styleUrl: string | null; pmtilesUrl: string | null };
const LeadBasemapRef = builder.objectRef<Basemap>("LeadBasemap").implement({
  description:
    "What the lead page's map draws under its pin: a hosted style, the server's PMTiles, or neither (offline).",
  fields: (t) => ({
    styleUrl: t.exposeString("styleUrl", { nullable: true }),
    pmtilesUrl: t.exposeString("pmtilesUrl", { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  leadBasemap: t.field({
    type: LeadBasemapRef,
    authScopes: { anyPermission: LEAD_PERMISSIONS },
    resolve: (_r, _a, ctx) => ({
      styleUrl: ctx.runtime.config.MAP_STYLE_URL ?? null,
      pmtilesUrl: ctx.runtime.config.MAP_PMTILES_PATH ? BASEMAP_PATH : null,
    }),
  }),
  lead: t.field({
    type: LeadRef,
    description: "A lead of the branch the viewer reaches (a merged one too: mergedIntoId says where it went).",
    args: { id: t.arg.id({ required: true }) },
    authScopes: (_r, a) => read(a.id),
    resolve: (_r, a, ctx) => requireLead(ctx, a.id),
  }),
  leadByNumber: t.field({
    type: LeadRef,
    nullable: true,
    description: "The lead with this number (Lead #N) that the viewer sees, or null.",
    args: { number: t.arg.int({ required: true }) },
    authScopes: { anyPermission: LEAD_PERMISSIONS },
    resolve: (_r, a, ctx) => leadByNumber(ctx, a.number),
  }),
  leadsByIds: t.field({
    type: [LeadRef],
    description: "Leads by id (at most 10,000), in the order asked; ids not found or merged are left out.",
    args: { ids: t.arg.idList({ required: true }) },
    authScopes: (_r, a) => read(a.ids),
    resolve: (_r, a, ctx) => leadsByIds(ctx, a.ids),
  }),
  leadNotes: t.field({
    type: [LeadNoteRef],
    description: "The lead's notes, newest first.",
    args: { leadId: t.arg.id({ required: true }) },
    authScopes: (_r, a) => read(a.leadId),
    resolve: (_r, a, ctx) => leadNotes(ctx, a.leadId),
  }),
  leadHistory: t.field({
    type: [LeadChangeRef],
    description: "Who changed what on the lead and when, newest first (the last 500 changes).",
    args: { leadId: t.arg.id({ required: true }) },
    authScopes: (_r, a) => read(a.leadId),
    resolve: (_r, a, ctx) => leadHistory(ctx, a.leadId),
  }),
  leadProjectThreads: t.field({
    type: [ThreadRef],
    description:
      "The lead's project threads (open ones first, at most 20) with their activities counted per step; " +
      "ask each one's `timeline` for its first page (read for all of them at once).",
    args: { leadId: t.arg.id({ required: true }) },
    authScopes: (_r, a) => read(a.leadId),
    resolve: (_r, a, ctx) => leadThreads(ctx, a.leadId),
  }),
  searchCustomers: t.field({
    type: [CustomerMatchRef],
    description: "Customers by account number, name or street (at most 20), to link a lead to one.",
    args: { text: t.arg.string({ required: true }) },
    authScopes: { anyPermission: WORK },
    resolve: (_r, a, ctx) => searchCustomers(ctx, a.text),
  }),
}));

const answer = <T extends Result>(run: () => Promise<T>, none: Omit<T, keyof Result>) =>
  refusalAsResult<T>(run, (message) => ({ isSuccess: false, message, ...none }) as T);

builder.mutationFields((t) => ({
  patchLead: t.field({
    type: LeadResultRef,
    description: "Edits the lead's own fields; its duplicate keys (email, phones, address) follow what is typed.",
    args: { input: t.arg({ type: PatchLeadInputRef, required: true }) },
    authScopes: (_r, a) => work(a.input.id),
    resolve: (_r, { input }, ctx) =>
      answer<LeadResult>(
        async () => {
          const { lead, changed } = await patchLead(ctx, input);
          const message = changed.length ? `Saved lead #${lead.number}.` : "Nothing to save: the lead is as it was.";
          return { isSuccess: true, message, lead };
        },
        { lead: null },
      ),
  }),
  addLeadNote: t.field({
    type: LeadNoteResultRef,
    args: { leadId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    authScopes: (_r, a) => work(a.leadId),
    resolve: (_r, a, ctx) =>
      answer<NoteResult>(
        async () => ({ isSuccess: true, message: "Added the note.", note: await addLeadNote(ctx, a.leadId, a.text) }),
        { note: null },
      ),
  }),
  linkLeadToCustomer: t.field({
    type: LeadResultRef,
    description: "Links the lead to the customer it is, or unlinks it (customerId null).",
    args: { leadId: t.arg.id({ required: true }), customerId: t.arg.id() },
    authScopes: (_r, a) => work(a.leadId),
    resolve: (_r, a, ctx) =>
      answer<LeadResult>(
        async () => {
          const r = await linkLeadToCustomer(ctx, a.leadId, a.customerId ?? null);
          const who = r.customer ? `customer ${r.customer.accountNumber} (${r.customer.name})` : null;
          const message = !r.changed
            ? who
              ? `Lead #${r.lead.number} is already linked to ${who}.`
              : `Lead #${r.lead.number} is not linked to a customer.`
            : who
              ? `Linked lead #${r.lead.number} to ${who}.`
              : `Unlinked lead #${r.lead.number} from its customer.`;
          return { isSuccess: true, message, lead: r.lead };
        },
        { lead: null },
      ),
  }),
  addLeadActivity: t.field({
    type: LeadActivityResultRef,
    description: "Adds an activity for the lead at a step of a project (starting the lead's thread of it when needed).",
    args: { leadId: t.arg.id({ required: true }), input: t.arg({ type: AddLeadActivityInputRef, required: true }) },
    authScopes: (_r, a) => work(a.leadId),
    resolve: (_r, a, ctx) =>
      answer<ActivityResult>(
        async () => {
          const activity = await addLeadActivity(ctx, a.leadId, a.input);
          return {
            isSuccess: true,
            message: `Added "${activity.subject}" at ${activity.stepDescription}.`,
            activity,
          };
        },
        { activity: null },
      ),
  }),
}));
