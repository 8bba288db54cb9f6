import { leadZoneRestriction, visibleLeadsWhere } from "../../auth/lead-access.ts";
import type { Lead, Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import {
  branchCustomerKeys,
  type CustomerHit,
  customersMatching,
  type DuplicateCustomer,
  describeCustomers,
} from "./duplicates.customers.ts";
import { DUPLICATE_LIMITS, type DuplicateKey, lookupText, pageInput } from "./duplicates.rules.ts";
import { groupMemberIds, scanDuplicateGroups } from "./duplicates.sql.ts";
import { addressKey, emailKey, phoneKey } from "./lead-keys.ts";

// Duplicates of a lead (a phone, an email, an address: the lead page and the forms ask as they are
// typed) and the groups to review on team/lead-cleaning: leads a person sees that share a key, with the
// customers and route stops that share it too (a "new" lead at a customer's house).

export type DuplicateMatches = { key: string; leads: Lead[]; customers: DuplicateCustomer[] };
export type DuplicateGroup = {
  id: string;
  key: "PHONE" | "EMAIL" | "ADDRESS";
  value: string;
  label: string;
  leadCount: number;
  leads: Lead[];
  customers: DuplicateCustomer[];
};

const empty = (key: string): DuplicateMatches => ({ key, leads: [], customers: [] });

async function matches(ctx: Context, key: string, where: Prisma.LeadWhereInput, hits: Promise<CustomerHit[]>) {
  const [leads, customers] = await Promise.all([
    ctx.db.lead.findMany({
      where: { AND: [await visibleLeadsWhere(ctx), where] },
      orderBy: [{ enteredTime: "desc" }, { id: "asc" }],
      take: DUPLICATE_LIMITS.lookup,
    }),
    hits.then((h) => describeCustomers(ctx, h)),
  ]);
  return { key, leads, customers };
}

const except = (id: string | null | undefined): Prisma.LeadWhereInput => (id ? { id: { not: id } } : {});

export async function duplicateLeadsByPhone(ctx: Context, phone: string, exceptLeadId?: string | null) {
  const key = phoneKey(parseInput(lookupText("Phone", 40), phone));
  if (!key) return empty("");
  return matches(
    ctx,
    key,
    { OR: [{ phoneE164: key }, { phone2E164: key }], ...except(exceptLeadId) },
    customersMatching(ctx, { phones: [key], emails: [], addresses: [] }),
  );
}

export async function duplicateLeadsByEmail(ctx: Context, email: string, exceptLeadId?: string | null) {
  const key = emailKey(parseInput(lookupText("Email", 254), email));
  if (!key) return empty("");
  return matches(
    ctx,
    key,
    { emailKey: key, ...except(exceptLeadId) },
    customersMatching(ctx, { phones: [], emails: [key], addresses: [] }),
  );
}

export async function duplicateLeadsByAddress(
  ctx: Context,
  address: string,
  postalCode: string,
  exceptLeadId?: string | null,
) {
  const key = addressKey(
    parseInput(lookupText("Address", 200), address),
    parseInput(lookupText("Postal code", 20), postalCode),
  );
  if (!key) return empty("");
  return matches(
    ctx,
    key,
    { addressKey: key, ...except(exceptLeadId) },
    customersMatching(ctx, { phones: [], emails: [], addresses: [key] }),
  );
}

/** How a key's value reads: a North American phone as (512) 555-0123, an address as street, postal code. */
export function keyLabel(kind: string, value: string) {
  if (value.startsWith("near ")) return `Within 15 m of ${value.slice(5)}`;
  if (kind === "PHONE" && /^\+1\d{10}$/.test(value))
    return `(${value.slice(2, 5)}) ${value.slice(5, 8)}-${value.slice(8)}`;
  if (kind === "ADDRESS") return value.replace("|", ", ").replace(/, $/, "");
  return value;
}

const kindsOf = (key: DuplicateKey) => (key === "ALL" ? ["PHONE", "EMAIL", "ADDRESS"] : [key]);

/** A page of groups to review, newest arrival first, and how many there are. */
export async function leadDuplicateGroups(ctx: Context, key: DuplicateKey, skip?: number | null, take?: number | null) {
  const page = parseInput(pageInput(DUPLICATE_LIMITS.take), { skip: skip ?? undefined, take: take ?? undefined });
  const [zones, customerKeys] = await Promise.all([leadZoneRestriction(ctx), branchCustomerKeys(ctx)]);
  const kinds = kindsOf(key);
  const scanned = await scanDuplicateGroups(ctx.db, {
    key,
    zones,
    customerKeys: [...customerKeys.keys()].filter((k) => kinds.includes(k.split(":")[0]!)),
    ...page,
  });
  const keyed = scanned.filter((g) => !g.ids);
  const members = await groupMemberIds(ctx.db, zones, keyed);
  const idsOf = (g: (typeof scanned)[number]) => g.ids ?? members.get(`${g.kind}:${g.value}`) ?? [];
  const leads = await ctx.db.lead.findMany({
    where: { AND: [await visibleLeadsWhere(ctx), { id: { in: [...new Set(scanned.flatMap(idsOf))] } }] },
    orderBy: [{ enteredTime: "desc" }, { id: "asc" }],
  });
  const near = async (g: (typeof scanned)[number]) => {
    const [lat, lon] = g.value.slice(5).split(", ").map(Number);
    return customersMatching(ctx, { phones: [], emails: [], addresses: [], near: [{ lat: lat!, lon: lon! }] });
  };
  const hitsPerGroup = await Promise.all(
    scanned.map((g) => (g.ids ? near(g) : Promise.resolve(customerKeys.get(`${g.kind}:${g.value}`) ?? []))),
  );
  const same = (a: CustomerHit, b: CustomerHit) =>
    a.customerId === b.customerId && a.serviceAddressId === b.serviceAddressId && a.matchedOn === b.matchedOn;
  const unique = hitsPerGroup.flat().filter((h, i, all) => all.findIndex((o) => same(o, h)) === i);
  const described = await describeCustomers(ctx, unique);
  const items: DuplicateGroup[] = scanned.map((g, i) => {
    const ids = new Set(idsOf(g));
    const hits = hitsPerGroup[i]!;
    return {
      id: `${g.kind}:${g.value}`,
      key: g.kind,
      value: g.value,
      label: keyLabel(g.kind, g.value),
      leadCount: g.leadCount,
      leads: leads.filter((l) => ids.has(l.id)),
      customers: described.filter((d) => hits.some((h) => same(h, d))),
    };
  });
  return { totalCount: scanned[0]?.total ?? (page.skip > 0 ? await countOnly(ctx, key) : 0), items };
}

/** The number of groups when the page asked for lies past the last one. */
async function countOnly(ctx: Context, key: DuplicateKey) {
  const [zones, customerKeys] = await Promise.all([leadZoneRestriction(ctx), branchCustomerKeys(ctx)]);
  const kinds = kindsOf(key);
  const first = await scanDuplicateGroups(ctx.db, {
    key,
    zones,
    customerKeys: [...customerKeys.keys()].filter((k) => kinds.includes(k.split(":")[0]!)),
    skip: 0,
    take: 1,
  });
  return first[0]?.total ?? 0;
}
