import { batched } from "../../db/batch.ts";
import type { Lead } from "../../generated/prisma/client.ts";
import * as E from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";

// The lead as every lead screen reads it (views, the lead page, cleaning, pipeline, results): its own
// fields as typed, and the names of what it points to (person, source, form, zone, discard reason),
// each read once per page of leads, not once per lead (or joined by the list's own statement: views.sql.ts).

export const LeadStatusEnum = builder.enumType(E.LeadStatus, { name: "LeadStatus" });
export const LeadAppointmentKindEnum = builder.enumType(E.LeadAppointmentKind, { name: "LeadAppointmentKind" });
export const NativeLeadFieldEnum = builder.enumType(E.NativeLeadField, { name: "NativeLeadField" });
export const GeocodeConfidenceEnum = builder.enumType(E.GeocodeConfidence, { name: "GeocodeConfidence" });
export const LeadAutomationActionEnum = builder.enumType(E.LeadAutomationAction, { name: "LeadAutomationAction" });
export const LeadAutomationComparatorEnum = builder.enumType(E.LeadAutomationComparator, {
  name: "LeadAutomationComparator",
});

type Named = { id: string; name: string };
function namesOf(read: (ctx: Context, ids: string[]) => Promise<Named[]>) {
  const load = batched(
    async (ctx: Context, ids: string[]) => new Map((await read(ctx, ids)).map((r) => [r.id, r.name])),
  );
  return (ctx: Context, id: string | null) => (id ? load(ctx, id).then((n) => n ?? null) : null);
}
const personName = namesOf(async (ctx, ids) =>
  (
    await ctx.db.person.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true } })
  ).map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim() })),
);
const sourceName = namesOf((ctx, ids) =>
  ctx.db.leadSource.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
);
const formName = namesOf((ctx, ids) =>
  ctx.db.leadForm.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
);
const zoneName = namesOf((ctx, ids) =>
  ctx.db.territoryZone.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
);
const reasonName = namesOf((ctx, ids) =>
  ctx.db.discardReason.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
);

/** Names a list may join into its rows (views.sql.ts); a joined name (null: none) is answered as is. */
export type JoinedLeadNames = Partial<
  Record<"personName" | "leadSourceName" | "leadFormName" | "zoneName" | "discardReasonName", string | null>
>;
function joinedOr(key: keyof JoinedLeadNames, idOf: (l: Lead) => string | null, read: ReturnType<typeof namesOf>) {
  return (l: Lead, _a: unknown, ctx: Context) => {
    const joined = (l as Lead & JoinedLeadNames)[key];
    return joined !== undefined ? joined : read(ctx, idOf(l));
  };
}

export const LeadRef = builder.objectRef<Lead>("Lead").implement({
  description: "A prospect not yet a customer, as it arrived (what was typed) and as it has been worked.",
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeInt("number", { description: "Lead #N: unique across branches." }),
    enteredTime: t.expose("enteredTime", { type: "DateTime" }),
    lastEdited: t.expose("lastEdited", { type: "DateTime" }),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    name: t.string({
      description: "First and last name, or the email or phone when there is no name.",
      resolve: (l) => `${l.firstName} ${l.lastName}`.trim() || l.email || l.phone || `Lead #${l.number}`,
    }),
    email: t.exposeString("email"),
    phone: t.exposeString("phone"),
    phone2: t.exposeString("phone2"),
    address: t.exposeString("address"),
    city: t.exposeString("city"),
    county: t.exposeString("county"),
    stateCode: t.exposeString("stateCode"),
    postalCode: t.exposeString("postalCode"),
    comments: t.exposeString("comments"),
    appointment: t.expose("appointment", { type: "DateTime", nullable: true }),
    appointmentKind: t.field({ type: LeadAppointmentKindEnum, nullable: true, resolve: (l) => l.appointmentKind }),
    status: t.field({ type: LeadStatusEnum, resolve: (l) => l.status }),
    customerId: t.exposeString("customerId", { nullable: true }),
    duplicateOfId: t.exposeString("duplicateOfId", { nullable: true }),
    mergedIntoId: t.exposeString("mergedIntoId", { nullable: true }),
    leadFormId: t.exposeString("leadFormId", { nullable: true }),
    leadFormName: t.string({ nullable: true, resolve: joinedOr("leadFormName", (l) => l.leadFormId, formName) }),
    personId: t.exposeString("personId", { nullable: true, description: "The person it is assigned to." }),
    personName: t.string({ nullable: true, resolve: joinedOr("personName", (l) => l.personId, personName) }),
    gathererPersonId: t.exposeString("gathererPersonId", { nullable: true }),
    gathererName: t.string({ nullable: true, resolve: (l, _a, ctx) => personName(ctx, l.gathererPersonId) }),
    setterPersonId: t.exposeString("setterPersonId", { nullable: true }),
    setterName: t.string({ nullable: true, resolve: (l, _a, ctx) => personName(ctx, l.setterPersonId) }),
    leadSourceId: t.exposeString("leadSourceId", { nullable: true }),
    leadSourceName: t.string({
      nullable: true,
      resolve: joinedOr("leadSourceName", (l) => l.leadSourceId, sourceName),
    }),
    retailLeadId: t.exposeString("retailLeadId", { nullable: true }),
    geocodeConfidence: t.field({ type: GeocodeConfidenceEnum, resolve: (l) => l.geocodeConfidence }),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    zoneId: t.exposeString("zoneId", { nullable: true }),
    zoneName: t.string({ nullable: true, resolve: joinedOr("zoneName", (l) => l.zoneId, zoneName) }),
    discardReasonId: t.exposeString("discardReasonId", { nullable: true }),
    discardReasonName: t.string({
      nullable: true,
      resolve: joinedOr("discardReasonName", (l) => l.discardReasonId, reasonName),
    }),
    callToolsContactId: t.exposeString("callToolsContactId", { nullable: true }),
    importFileId: t.exposeString("importFileId", {
      nullable: true,
      description: "The CSV import it came from (its file origin).",
    }),
    importRowNumber: t.exposeInt("importRowNumber", { nullable: true }),
  }),
});
