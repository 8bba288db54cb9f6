import { clock } from "../clock.ts";
import { todayIn } from "../db/seed-clock.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { addressKey, emailKey, phoneKey } from "../modules/leads/lead-keys.ts";
import {
  AREA,
  AREA_CODES,
  COMMENTS,
  DOMAINS,
  FIRST,
  LAST,
  NOTES,
  OUT_OF_AREA,
  STREETS,
  SUFFIXES,
} from "./lead-words.ts";
import { bulkInsert } from "./rows.ts";

// Demo leads on the demo branch, as the product owner asked: six lead sources (a website, a home show,
// referrals, door hangers (inactive: the campaign ended), a list vendor and a Costco store), four discard
// reasons, and about 3,000 leads over the past year in every status (unassigned, assigned to the sales
// and office people, discarded with a reason), some with notes. Texas names, addresses around Austin
// and 555 phone numbers typed in several ways.
//
// Duplicates to find, marked as acceptLead marks them (modules/leads/accept-lead.ts): the later lead
// points at the oldest lead with one of its keys (duplicateOfId), a lead with a key of a customer and
// no earlier lead gets the customer (customerId). The examples: one phone typed three ways ("(512)
// 555-0142" is also Jane Customer's phone, so the first of them is marked as her), an email in two
// cases, "12 N Main St" and "12 North Main Street", two leads at customers' service addresses, and
// a few dozen people who came back through another source.
//
// Deterministic: its own seeded generator (the rest of the seed's faker sequence is left alone) and
// fixed ids; dates count back from the business clock's today.

type Tx = Prisma.TransactionClient;

const DAY_MS = 86_400_000;
const LEAD_COUNT = 3000;
const id = (kind: string, n: number) => `1ead${kind}-0000-4000-a000-${String(n).padStart(12, "0")}`;

/** mulberry32: a small seeded generator, the same numbers on every run. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const weighted = <T>(list: readonly (readonly [T, number])[]): T => {
    let r = next() * list.reduce((sum, [, w]) => sum + w, 0);
    for (const [v, w] of list) {
      r -= w;
      if (r < 0) return v;
    }
    return list[list.length - 1]![0];
  };
  return { next, int, pick, chance, weighted };
}

const SOURCE_ROWS = [
  ["web", "Website", "WEB"],
  ["show", "Home show", "HOME-SHOW"],
  ["ref", "Referral", "REFERRAL"],
  ["door", "Door hangers", "DOOR"],
  ["acme", "List vendor (Acme Data)", "ACME"],
  ["costco", "Costco Austin", "COSTCO-AUS"],
] as const;
type SourceKey = (typeof SOURCE_ROWS)[number][0];
/** The demo's lead sources: the door hangers' campaign ended (inactive); the Costco store is a retailer. */
export const DEMO_LEAD_SOURCES = SOURCE_ROWS.map(([key, name, code]) => ({
  key,
  name,
  code,
  inactive: key === "door",
  retailStoreType: key === "costco" ? "COSTCO" : null,
  retailStoreId: key === "costco" ? "681" : null,
}));
export const DEMO_DISCARD_REASONS = ["Out of area", "Not interested", "Duplicate", "Bad phone"] as const;

// How many leads each source brings, of a hundred.
const SOURCE_WEIGHTS = SOURCE_ROWS.map(([key], i) => [key, [34, 12, 14, 10, 20, 10][i]!] as const);

type Draft = {
  daysAgo: number;
  minute: number;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  phone2?: string;
  address?: string;
  city?: string;
  county?: string;
  postalCode?: string;
  point?: [number, number];
  comments?: string;
  source: SourceKey | null;
  status?: "UNASSIGNED" | "ASSIGNED" | "DISCARDED";
  reason?: (typeof DEMO_DISCARD_REASONS)[number];
};

/** A phone number typed as people type them. */
function typed(ten: string, style: number): string {
  const [a, b, c] = [ten.slice(0, 3), ten.slice(3, 6), ten.slice(6)];
  return [`(${a}) ${b}-${c}`, `${a}-${b}-${c}`, `${a}.${b}.${c}`, ten, `+1 ${a} ${b} ${c}`][style % 5]!;
}

export async function seedLeads(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true, timeZone: true } });
  if (!branch) return;
  const branchId = branch.id;
  const [people, phones, contacts, addresses] = await Promise.all([
    tx.person.findMany({
      where: { branchId, jobTitle: { contains: "Sales" } },
      select: { id: true, jobTitle: true },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
    }),
    tx.contactPhone.findMany({
      where: { branchId },
      select: { phoneNumber: true, contact: { select: { customerId: true } } },
    }),
    tx.contact.findMany({ where: { branchId }, select: { email: true, customerId: true } }),
    tx.serviceAddress.findMany({
      where: { branchId, customer: { status: "ACTIVE" } },
      select: { customerId: true, streetNumber: true, streetName: true, address2: true, postalCode: true, city: true },
      orderBy: { customer: { accountNumber: "asc" } },
    }),
  ]);
  const office = await tx.person.findMany({
    where: { branchId, jobTitle: { in: ["Customer Service Representative", "Office Assistant"] } },
    select: { id: true },
    orderBy: { lastName: "asc" },
  });
  const reps = people.filter((p) => !p.jobTitle.startsWith("Inside"));
  const setter = people.find((p) => p.jobTitle.startsWith("Inside"));
  if (!reps.length) return;

  // A customer's keys, as acceptLead looks them up (email, then phone, then service address).
  const customerBy = {
    email: new Map<string, string>(),
    phone: new Map<string, string>(),
    address: new Map<string, string>(),
  };
  for (const c of contacts) if (emailKey(c.email)) customerBy.email.set(emailKey(c.email), c.customerId);
  for (const p of phones)
    if (phoneKey(p.phoneNumber)) customerBy.phone.set(phoneKey(p.phoneNumber), p.contact.customerId);
  for (const a of addresses) {
    const key = addressKey(`${a.streetNumber} ${a.streetName}`, a.postalCode, a.address2);
    if (key && !customerBy.address.has(key)) customerBy.address.set(key, a.customerId);
  }

  const g = generator(0x1ead5eed);
  // Random people get keys of their own: nobody else's (a customer's, another lead's, a test's).
  const used = new Set<string>([
    ...customerBy.email.keys(),
    ...customerBy.phone.keys(),
    ...customerBy.address.keys(),
    "12 OAK ST UNIT 4|78701",
  ]);
  const fresh = (make: () => string, key: (v: string) => string) => {
    for (;;) {
      const v = make();
      if (!used.has(key(v))) {
        used.add(key(v));
        return v;
      }
    }
  };
  const newPhone = () =>
    fresh(
      () =>
        typed(
          `${g.pick(AREA_CODES)}555${g.int(200, 9999).toString().padStart(4, "0")}`,
          g.int(0, 9) < 6 ? 0 : g.int(1, 4),
        ),
      phoneKey,
    );

  const drafts: Draft[] = [];
  const person = (draft: Omit<Draft, "firstName" | "lastName" | "minute"> & { outside?: boolean }): Draft => {
    const firstName = g.pick(FIRST);
    const lastName = g.pick(LAST);
    const d: Draft = { ...draft, firstName, lastName, minute: g.int(13 * 60, 25 * 60) };
    const retail = d.source === "costco" || d.source === "show";
    if (g.chance(0.93)) d.phone = newPhone();
    if (g.chance(0.15)) d.phone2 = newPhone();
    if (g.chance(retail ? 0.85 : 0.6) || !d.phone)
      d.email = fresh(() => {
        const local = `${firstName}${g.pick([".", "", "_"])}${lastName}${g.chance(0.5) ? g.int(1, 99) : ""}`;
        // Most type it in lower case; some as their name is written.
        return `${g.chance(0.8) ? local.toLowerCase() : local}@${g.pick(DOMAINS)}`;
      }, emailKey);
    if (draft.outside || d.source !== "web" || g.chance(0.6)) {
      if (draft.outside) {
        const [city, zips, county] = g.pick(OUT_OF_AREA);
        Object.assign(d, { city, county, postalCode: g.pick(zips.split(" ")) });
      } else {
        const [city, zips, county, lat, lng] = g.weighted(AREA.map((a) => [a, a[5]] as const));
        Object.assign(d, { city, county, postalCode: g.pick(zips.split(" ")) });
        d.point = [
          Math.round((lat + (g.next() - 0.5) * 0.12) * 1e6) / 1e6,
          Math.round((lng + (g.next() - 0.5) * 0.12) * 1e6) / 1e6,
        ];
      }
      d.address = fresh(
        () =>
          `${g.int(100, 19999)} ${g.pick(STREETS)} ${g.pick(SUFFIXES)}${g.chance(0.08) ? ` Apt ${g.int(1, 40)}` : ""}`,
        (v) => addressKey(v, d.postalCode ?? ""),
      );
    }
    if (g.chance(0.2)) d.comments = g.pick(COMMENTS);
    return d;
  };

  // Home shows are weekends: their leads come in on four dates.
  const shows = [330, 260, 150, 45];
  while (drafts.length < LEAD_COUNT - 70) {
    let source: SourceKey | null = g.chance(0.03) ? null : g.weighted(SOURCE_WEIGHTS);
    // More leads lately; door hangers went out until four months ago.
    let daysAgo = 1 + Math.floor(364 * g.next() ** 1.15);
    if (source === "door" && daysAgo < 120) source = "web";
    if (source === "show") daysAgo = g.pick(shows) - g.int(0, 2);
    const outside = g.chance(0.04);
    const d = person({ daysAgo, source, outside });
    if (outside && daysAgo > 3) Object.assign(d, { status: "DISCARDED", reason: "Out of area" });
    drafts.push(d);
  }
  // People who came back: the same phone (typed another way) or email, through another source.
  for (let i = 0; i < 60; i++) {
    const first = drafts[g.int(0, drafts.length - 1)]!;
    if (first.daysAgo < 8 || (!first.phone && !first.email)) continue;
    const again: Draft = {
      ...first,
      daysAgo: g.int(1, first.daysAgo - 1),
      minute: g.int(13 * 60, 25 * 60),
      source: g.pick(["web", "acme", "costco", "ref"] as const),
      phone: first.phone ? typed(phoneKey(first.phone).slice(2), g.int(0, 4)) : undefined,
      email: first.email && g.chance(0.5) ? first.email.toUpperCase() : first.email,
      status: undefined,
      reason: undefined,
      comments: undefined,
    };
    drafts.push(again);
  }
  // The examples the product owner named, and two leads at customers' service addresses.
  const example = (daysAgo: number, firstName: string, lastName: string, source: SourceKey, values: Partial<Draft>) =>
    drafts.push({
      daysAgo,
      minute: 15 * 60 + (drafts.length % 60),
      firstName,
      lastName,
      source,
      status: "UNASSIGNED",
      ...values,
    });
  const roundRock = { city: "Round Rock", county: "Williamson", postalCode: "78664" };
  example(40, "Rosa", "Delgado", "web", {
    phone: "(512) 555-0142",
    status: "ASSIGNED",
    comments: "Wants a quote for a softener.",
  });
  example(12, "Rosa", "Delgado", "costco", { phone: "512.555.0142" });
  example(3, "Rosa", "Delgado", "acme", { phone: "+1 512 555 0142" });
  example(25, "Ann", "Lee", "web", { email: "Ann.Lee@Example.com", status: "ASSIGNED" });
  example(6, "Ann", "Lee", "ref", { email: "ann.lee@example.com" });
  example(130, "Dale", "Pruitt", "door", {
    address: "12 N Main St",
    ...roundRock,
    phone: newPhone(),
    status: "ASSIGNED",
  });
  example(4, "Dale", "Pruitt", "costco", {
    address: "12 North Main Street",
    ...roundRock,
    email: "dale.pruitt@example.net",
  });
  for (const [i, a] of [addresses[10], addresses[20]].entries())
    if (a)
      example(9 - i * 4, g.pick(FIRST), g.pick(LAST), "acme", {
        address: `${a.streetNumber} ${a.streetName}${a.address2 ? ` ${a.address2}` : ""}`,
        city: a.city,
        postalCode: a.postalCode,
        phone: newPhone(),
      });

  // In the order they arrived, each marked as acceptLead would mark it.
  const today = todayIn(branch.timeZone).getTime();
  const now = clock.now().getTime();
  const past = (ms: number) => new Date(Math.min(ms, now));
  const entered = (d: Draft) => new Date(today - d.daysAgo * DAY_MS + d.minute * 60_000);
  drafts.sort((a, b) => entered(a).getTime() - entered(b).getTime());
  const firstBy = new Map<string, string>();
  const sourceIds = new Map(DEMO_LEAD_SOURCES.map((s, i) => [s.key as SourceKey, id("5000", i + 1)]));
  const reasonIds = new Map(DEMO_DISCARD_REASONS.map((r, i) => [r, id("d150", i + 1)]));
  const leads: Prisma.LeadCreateManyInput[] = [];
  const notes: Prisma.LeadNoteCreateManyInput[] = [];
  for (const [i, d] of drafts.entries()) {
    const leadId = id("0000", i + 1);
    const at = entered(d);
    const keys = {
      phone: d.phone ? phoneKey(d.phone) : "",
      phone2: d.phone2 ? phoneKey(d.phone2) : "",
      email: d.email ? emailKey(d.email) : "",
      address: d.address ? addressKey(d.address, d.postalCode ?? "") : "",
    };
    const phoneKeys = [keys.phone, keys.phone2].filter(Boolean);
    const leadKeys = [
      ...phoneKeys.map((k) => `P${k}`),
      keys.email && `E${keys.email}`,
      keys.address && `A${keys.address}`,
    ];
    // The oldest earlier lead with one of its keys (leads are visited oldest first, so the first found).
    const duplicateOfId =
      leadKeys
        .filter(Boolean)
        .map((k) => firstBy.get(k))
        .filter((v): v is string => !!v)
        .sort()[0] ?? null;
    const customerId = duplicateOfId
      ? null
      : (keys.email && customerBy.email.get(keys.email)) ||
        phoneKeys.map((k) => customerBy.phone.get(k)).find(Boolean) ||
        (keys.address && customerBy.address.get(keys.address)) ||
        null;
    if (!duplicateOfId) for (const k of leadKeys) if (k && !firstBy.has(k)) firstBy.set(k, leadId);
    let status = d.status;
    let reason = d.reason;
    if (!status) {
      const r = g.next();
      if (duplicateOfId && d.daysAgo > 5 && r < 0.7) [status, reason] = ["DISCARDED", "Duplicate"];
      else if (d.daysAgo <= 10 || r < 0.1) status = "UNASSIGNED";
      else if (r < 0.78) status = "ASSIGNED";
      else [status, reason] = ["DISCARDED", g.chance(0.25) && d.phone ? "Bad phone" : "Not interested"];
    }
    const assigned = status === "ASSIGNED" || (status === "DISCARDED" && g.chance(0.6));
    const personId = assigned ? (g.chance(0.85) || !office.length ? g.pick(reps).id : g.pick(office).id) : null;
    const booked = status === "ASSIGNED" && setter && g.chance(0.3);
    leads.push({
      id: leadId,
      branchId,
      customerId,
      enteredTime: at,
      lastEdited: status === "UNASSIGNED" ? at : past(at.getTime() + g.int(1, 48) * 3_600_000),
      firstName: d.firstName,
      lastName: d.lastName,
      email: d.email ?? "",
      emailKey: keys.email,
      phone: d.phone ?? "",
      phoneE164: keys.phone,
      phone2: d.phone2 ?? "",
      phone2E164: keys.phone2,
      address: d.address ?? "",
      city: d.city ?? "",
      county: d.county ?? "",
      stateCode: d.address || d.city ? "TX" : "",
      postalCode: d.postalCode ?? "",
      addressKey: keys.address,
      comments: d.comments ?? "",
      appointment: booked ? new Date(today + (g.int(1, 7) - d.daysAgo) * DAY_MS + g.pick([15, 19]) * 3_600_000) : null,
      appointmentKind: booked ? "APPOINTMENT" : null,
      status,
      duplicateOfId,
      personId,
      gathererPersonId: d.source === "show" ? g.pick(reps).id : null,
      setterPersonId: booked ? setter.id : null,
      leadSourceId: d.source ? sourceIds.get(d.source)! : null,
      geocodeConfidence: d.point ? "HIGH" : "UNKNOWN",
      latitude: d.point?.[0] ?? null,
      longitude: d.point?.[1] ?? null,
      discardReasonId: status === "DISCARDED" ? reasonIds.get(reason ?? "Not interested")! : null,
    });
    if (personId && g.chance(0.35))
      for (let n = g.int(1, 2); n > 0; n--)
        notes.push({
          id: id("4073", notes.length + 1),
          branchId,
          leadId,
          personId,
          text: g.pick(NOTES),
          createdAt: past(at.getTime() + (notes.length % 5) * 3_600_000 + n * DAY_MS),
        });
  }

  await tx.leadSource.createMany({
    data: DEMO_LEAD_SOURCES.map(({ key, ...s }) => ({ ...s, id: sourceIds.get(key)!, branchId })),
  });
  await tx.discardReason.createMany({
    data: DEMO_DISCARD_REASONS.map((name) => ({ id: reasonIds.get(name)!, branchId, name })),
  });
  await bulkInsert(tx, "Lead", leads);
  await bulkInsert(tx, "LeadNote", notes);
}
