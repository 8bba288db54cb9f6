import type { ScopedTx } from "../../db/scoped.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { CANADIAN_PROVINCES, US_STATES } from "../../shared/states.ts";
import type { Slots } from "../custom-fields/custom-fields.rules.ts";
import { geocodeArrival } from "./arrival.geocode.ts";
import { discardByRules } from "./automations.service.ts";
import { recordLeadChanges } from "./lead-history.ts";
import { addressKey, emailKey, phoneKey } from "./lead-keys.ts";
import { leadZoneAt } from "./setup.service.ts";

// Every way a lead arrives (a public form, a source's intake API, a CSV row, a retailer referral) goes
// through acceptLead: it checks the lead, computes its duplicate keys, geocodes an address sent without
// coordinates (arrival.geocode.ts), looks for a lead or customer it duplicates, and stores it in its
// zone. Nothing a prospect typed is lost: a duplicate is stored too, marked as such (the lead it repeats
// in duplicateOfId, or the customer it already is in customerId).

export const LEAD_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  address: 200,
  city: 100,
  county: 100,
  postalCode: 20,
  comments: 4000,
  key: 100,
} as const;

export type LeadInput = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  phone2?: string | null;
  address?: string | null;
  unit?: string | null;
  city?: string | null;
  county?: string | null;
  stateCode?: string | null;
  postalCode?: string | null;
  comments?: string | null;
  appointment?: Date | null;
  /** Its answers to LEAD custom fields by field id (a form's), so lead rules can test them. */
  customValues?: ReadonlyMap<string, Slots> | null;
  /** Where the address is, when the sender geocoded it: the lead is placed in its zone of the lead map. */
  latitude?: number | null;
  longitude?: number | null;
};

/** Where the lead came from, set by the caller (not by what the prospect typed). */
export type LeadOrigin = {
  leadSourceId?: string | null;
  leadFormId?: string | null;
  gathererPersonId?: string | null;
  setterPersonId?: string | null;
  retailLeadId?: string | null;
  /** Per source: a repeated post with the same key answers with the first one's lead. */
  intakeKey?: string | null;
  importFileId?: string | null;
  importRowNumber?: number | null;
};

export type MatchedKey = "PHONE" | "EMAIL" | "ADDRESS";
/** The lead (its number) or customer (its account number) a lead repeats, and which key matched. */
export type DuplicateOf = { kind: "LEAD" | "CUSTOMER"; id: string; label: string; matchedKey: MatchedKey };
export type LeadOutcome = {
  outcome: "created" | "duplicate" | "discarded" | "invalid";
  reason: string;
  leadId: string | null;
  leadNumber: number | null;
  duplicateOf: DuplicateOf | null;
  /** The same intake key was posted before: this is the first post's lead. */
  replayed: boolean;
};

type CheckedLead = {
  data: Omit<Prisma.LeadUncheckedCreateInput, "branchId">;
  keys: { phones: string[]; email: string; address: string };
};

const STATE_CODES = new Set([...US_STATES, ...CANADIAN_PROVINCES].map((s) => s.code));
const text = (v: string | null | undefined) => (v ?? "").trim();

/** The lead's values checked and normalised, or the first thing wrong with them (a sentence). */
export function checkLead(input: LeadInput): CheckedLead | { error: string } {
  const v = {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    email: text(input.email),
    phone: text(input.phone),
    phone2: text(input.phone2),
    address: text(input.address),
    unit: text(input.unit),
    city: text(input.city),
    county: text(input.county),
    stateCode: text(input.stateCode).toUpperCase(),
    postalCode: text(input.postalCode),
    comments: text(input.comments),
  };
  const tooLong: [string, string, number][] = [
    ["First name", v.firstName, LEAD_LIMITS.name],
    ["Last name", v.lastName, LEAD_LIMITS.name],
    ["Email", v.email, LEAD_LIMITS.email],
    ["Phone", v.phone, LEAD_LIMITS.phone],
    ["Phone 2", v.phone2, LEAD_LIMITS.phone],
    ["Address", `${v.address} ${v.unit}`.trim(), LEAD_LIMITS.address],
    ["City", v.city, LEAD_LIMITS.city],
    ["County", v.county, LEAD_LIMITS.county],
    ["Postal code", v.postalCode, LEAD_LIMITS.postalCode],
    ["Comments", v.comments, LEAD_LIMITS.comments],
  ];
  for (const [label, value, max] of tooLong)
    if (value.length > max) return { error: `${label} must be at most ${max} characters.` };
  if (!v.firstName && !v.lastName) return { error: "A name is required: a first or a last name." };
  const email = v.email ? emailKey(v.email) : "";
  if (v.email && !email) return { error: "Email is not an email address." };
  const phone = v.phone ? phoneKey(v.phone) : "";
  if (v.phone && !phone) return { error: "Phone is not a phone number." };
  const phone2 = v.phone2 ? phoneKey(v.phone2) : "";
  if (v.phone2 && !phone2) return { error: "Phone 2 is not a phone number." };
  if (v.stateCode && !STATE_CODES.has(v.stateCode)) return { error: "State is not a state or province code." };
  if (v.postalCode && !/^(\d{5}(-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)$/i.test(v.postalCode))
    return { error: "Postal code is not a postal code." };
  const address = v.address ? addressKey(v.address, v.postalCode, v.unit) : "";
  const [lat, lng] = [input.latitude ?? null, input.longitude ?? null];
  if ((lat === null) !== (lng === null)) return { error: "Give both latitude and longitude, or neither." };
  if (lat !== null && !(Number.isFinite(lat) && Math.abs(lat) <= 90 && Number.isFinite(lng) && Math.abs(lng!) <= 180))
    return { error: "Latitude must be between -90 and 90 and longitude between -180 and 180." };
  if (!email && !phone && !phone2 && !v.address)
    return { error: "A way to reach the lead is required: a phone, an email or an address." };
  const street = v.unit ? `${v.address} ${v.unit}` : v.address;
  return {
    data: {
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      emailKey: email,
      phone: v.phone,
      phoneE164: phone,
      phone2: v.phone2,
      phone2E164: phone2,
      address: street,
      city: v.city,
      county: v.county,
      stateCode: v.stateCode,
      postalCode: v.postalCode,
      addressKey: address,
      comments: v.comments,
      appointment: input.appointment ?? null,
      ...(lat !== null ? { latitude: lat, longitude: lng } : {}),
    },
    keys: { phones: [phone, phone2].filter(Boolean), email, address },
  };
}

/** A lead or customer of the branch with one of these keys: the lead first (the oldest), then a customer. */
export async function findDuplicate(
  ctx: Context,
  keys: CheckedLead["keys"],
  /** A lead that is not its own duplicate (when asking again about a stored lead). */
  exceptId?: string,
): Promise<DuplicateOf | null> {
  const { phones, email, address } = keys;
  const or: Prisma.LeadWhereInput[] = [];
  if (phones.length) or.push({ phoneE164: { in: phones } }, { phone2E164: { in: phones } });
  if (email) or.push({ emailKey: email });
  if (address) or.push({ addressKey: address });
  if (!or.length) return null;
  const lead = await ctx.db.lead.findFirst({
    where: { OR: or, duplicateOfId: null, ...(exceptId ? { id: { not: exceptId } } : {}) },
    orderBy: { enteredTime: "asc" },
    select: { id: true, number: true, phoneE164: true, phone2E164: true, emailKey: true },
  });
  if (lead) {
    const matchedKey: MatchedKey =
      phones.length && (phones.includes(lead.phoneE164) || phones.includes(lead.phone2E164))
        ? "PHONE"
        : email && lead.emailKey === email
          ? "EMAIL"
          : "ADDRESS";
    return { kind: "LEAD", id: lead.id, label: `#${lead.number}`, matchedKey };
  }
  const customer = await findCustomer(ctx, keys);
  if (!customer) return null;
  const found = await ctx.db.customer.findUnique({ where: { id: customer.id }, select: { accountNumber: true } });
  return { kind: "CUSTOMER", id: customer.id, label: found?.accountNumber ?? "", matchedKey: customer.matchedKey };
}

/** A customer whose contact has the phone or email, or whose service address is the address. */
async function findCustomer(
  ctx: Context,
  keys: CheckedLead["keys"],
): Promise<{ id: string; matchedKey: MatchedKey } | null> {
  if (keys.email) {
    const contact = await ctx.db.contact.findFirst({
      where: { email: { equals: keys.email, mode: "insensitive" } },
      select: { customerId: true },
    });
    if (contact) return { id: contact.customerId, matchedKey: "EMAIL" };
  }
  for (const phone of keys.phones.filter((p) => p.startsWith("+1"))) {
    // Stored as typed: compared on its last ten digits, then checked with the lead's own rule.
    const ten = phone.slice(2);
    const rows = await ctx.db.contactPhone.findMany({
      where: { phoneNumber: { contains: ten.slice(-4) } },
      select: { phoneNumber: true, contact: { select: { customerId: true } } },
      take: 200,
    });
    const hit = rows.find((r) => phoneKey(r.phoneNumber) === phone);
    if (hit) return { id: hit.contact.customerId, matchedKey: "PHONE" };
  }
  if (keys.address) {
    const [numberPart, postal] = [keys.address.split(" ")[0] ?? "", keys.address.split("|")[1] ?? ""];
    const addresses = await ctx.db.serviceAddress.findMany({
      where: { streetNumber: numberPart, ...(postal ? { postalCode: { startsWith: postal } } : {}) },
      select: { customerId: true, streetNumber: true, streetName: true, address2: true, postalCode: true },
      take: 200,
    });
    const hit = addresses.find(
      (a) => addressKey(`${a.streetNumber} ${a.streetName}`, a.postalCode, a.address2) === keys.address,
    );
    if (hit) return { id: hit.customerId, matchedKey: "ADDRESS" };
  }
  return null;
}

/**
 * Run in the lead's own transaction, before it is stored, knowing the zone it falls in: what it adds to
 * the lead (a booked appointment). Throwing stores nothing.
 */
export type LeadReservation = (tx: ScopedTx, zoneId: string | null) => Promise<Partial<CheckedLead["data"]>>;

/** Checks, de-duplicates and stores one lead; what became of it. */
export async function acceptLead(
  ctx: Context,
  input: LeadInput,
  origin: LeadOrigin = {},
  reserve?: LeadReservation,
): Promise<LeadOutcome> {
  const none = { leadId: null, leadNumber: null, duplicateOf: null, replayed: false };
  if (origin.intakeKey && origin.intakeKey.length > LEAD_LIMITS.key)
    return {
      outcome: "invalid",
      reason: `The idempotency key must be at most ${LEAD_LIMITS.key} characters.`,
      ...none,
    };
  const replay = await replayed(ctx, origin);
  if (replay) return replay;
  const checked = checkLead(input);
  if ("error" in checked) return { outcome: "invalid", reason: checked.error, ...none };
  // An address without coordinates is geocoded, so that the lead finds its zone below.
  if (checked.data.latitude == null && (checked.data.address || checked.data.postalCode))
    Object.assign(checked.data, await geocodeArrival(ctx, checked.data));
  const duplicateOf = await findDuplicate(ctx, checked.keys);
  // The lead rules (team/lead-automations): the first that matches stores it discarded, with its history.
  const discard = await discardByRules(ctx, checked.data, input.customValues);
  const zoneId = await leadZoneAt(ctx, checked.data.latitude, checked.data.longitude);
  try {
    const lead = await ctx.db.$transaction(async (tx) => {
      const reserved = reserve ? await reserve(tx, zoneId) : {};
      const made = await tx.lead.create({
        data: {
          branchId: ctx.branch.id,
          ...checked.data,
          ...reserved,
          leadSourceId: origin.leadSourceId ?? null,
          leadFormId: origin.leadFormId ?? null,
          gathererPersonId: origin.gathererPersonId ?? null,
          setterPersonId: origin.setterPersonId ?? null,
          retailLeadId: origin.retailLeadId ?? null,
          intakeKey: origin.intakeKey ?? null,
          importFileId: origin.importFileId ?? null,
          importRowNumber: origin.importRowNumber ?? null,
          duplicateOfId: duplicateOf?.kind === "LEAD" ? duplicateOf.id : null,
          customerId: duplicateOf?.kind === "CUSTOMER" ? duplicateOf.id : null,
          ...discard?.data,
          zoneId,
        },
        select: { id: true, number: true },
      });
      await recordLeadChanges(tx, [
        // A retailer referral's import writes its own line, naming the referral.
        ...(origin.retailLeadId ? [] : [createdChange(ctx, made.id, origin, duplicateOf)]),
        ...(discard ? [discard.change(made.id)] : []),
      ]);
      return made;
    });
    const reason = discard ? discard.reason : duplicateOf ? duplicateReason(duplicateOf) : "";
    return {
      outcome: discard ? "discarded" : duplicateOf ? "duplicate" : "created",
      reason,
      leadId: lead.id,
      leadNumber: lead.number,
      duplicateOf,
      replayed: false,
    };
  } catch (error) {
    // The same key posted twice at once: the other post stored it.
    if (isUniqueViolation(error) && origin.intakeKey) {
      const again = await replayed(ctx, origin);
      if (again) return again;
    }
    throw error;
  }
}

/** The lead's first history line: how it arrived, and what it repeats. */
function createdChange(ctx: Context, leadId: string, origin: LeadOrigin, duplicateOf: DuplicateOf | null) {
  const how = origin.importFileId
    ? `Imported from a CSV file${origin.importRowNumber ? `, row ${origin.importRowNumber}` : ""}.`
    : origin.leadFormId
      ? "Sent through a lead form."
      : origin.leadSourceId
        ? "Posted by its lead source."
        : "Created.";
  return {
    leadId,
    personId: ctx.viewer?.personId,
    kind: "CREATED" as const,
    summary: duplicateOf ? `${how} ${duplicateReason(duplicateOf)}` : how,
  };
}

/** The first post's answer when this source's key was posted before. */
async function replayed(ctx: Context, origin: LeadOrigin): Promise<LeadOutcome | null> {
  if (!origin.intakeKey) return null;
  const first = await ctx.db.lead.findFirst({
    where: { leadSourceId: origin.leadSourceId ?? null, intakeKey: origin.intakeKey },
    select: {
      id: true,
      number: true,
      duplicateOfId: true,
      customerId: true,
      phoneE164: true,
      phone2E164: true,
      emailKey: true,
      addressKey: true,
    },
  });
  if (!first) return null;
  const keys = {
    phones: [first.phoneE164, first.phone2E164].filter(Boolean),
    email: first.emailKey,
    address: first.addressKey,
  };
  // A duplicate of a lead or of a customer (customerId) was answered "duplicate": so is its replay; one a
  // lead rule discarded on arrival (its history's DISCARDED line by nobody) was answered "discarded".
  const wasDuplicate = !!(first.duplicateOfId || first.customerId);
  const duplicateOf = wasDuplicate ? await findDuplicate(ctx, keys, first.id) : null;
  const byRule = await ctx.db.leadChange.findFirst({
    where: { leadId: first.id, kind: "DISCARDED", personId: null },
    select: { id: true },
  });
  return {
    outcome: byRule ? "discarded" : wasDuplicate ? "duplicate" : "created",
    reason: "This idempotency key was posted before: the answer is the first post's lead.",
    leadId: first.id,
    leadNumber: first.number,
    duplicateOf,
    replayed: true,
  };
}

const KEY_WORDS: Record<MatchedKey, string> = { PHONE: "phone", EMAIL: "email", ADDRESS: "address" };

export function duplicateReason(d: DuplicateOf): string {
  return d.kind === "LEAD"
    ? `Duplicate of lead ${d.label}: the same ${KEY_WORDS[d.matchedKey]}.`
    : `Already a customer: the same ${KEY_WORDS[d.matchedKey]} as customer ${d.label}.`;
}
