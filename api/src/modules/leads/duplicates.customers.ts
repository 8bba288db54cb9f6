import type { Context } from "../../runtime.ts";
import { DUPLICATE_LIMITS, metresBetween, NEAR_METRES } from "./duplicates.rules.ts";
import { addressKey, emailKey, phoneKey } from "./lead-keys.ts";

// The customers a lead's keys lead to: a contact's phone or email, or a service address (a route stop
// when it has a delivery service) with the same standardised address or, both geocoded, within 15 m.
// Customers store what was typed, so their keys are made here with the leads' own rules.

export type CustomerHit = { customerId: string; serviceAddressId: string | null; matchedOn: string };
export type DuplicateCustomer = CustomerHit & {
  accountNumber: string;
  name: string;
  status: string;
  /** The routes the service address is delivered on (a route stop), when it is one. */
  routeNumbers: string[];
};

type Keys = { phones: string[]; emails: string[]; addresses: string[]; near?: { lat: number; lon: number }[] };

const name = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim() || "a contact";
const street = (a: { streetNumber: string; streetName: string; address2: string; city: string }) =>
  `${a.streetNumber} ${a.streetName}${a.address2 ? ` ${a.address2}` : ""}, ${a.city}`;
const addressOf = (a: { streetNumber: string; streetName: string; address2: string; postalCode: string }) =>
  addressKey(`${a.streetNumber} ${a.streetName}`, a.postalCode, a.address2);

/** What a service address is matched and named by. */
const ADDRESS_FIELDS = {
  id: true,
  customerId: true,
  streetNumber: true,
  streetName: true,
  address2: true,
  city: true,
  postalCode: true,
} as const;

/** Every key the branch's customers hold ("PHONE:+1512...", "EMAIL:...", "ADDRESS:..."), with who holds it. */
export async function branchCustomerKeys(ctx: Context): Promise<Map<string, CustomerHit[]>> {
  const [phones, contacts, addresses] = await Promise.all([
    ctx.db.contactPhone.findMany({
      select: { phoneNumber: true, contact: { select: { customerId: true, firstName: true, lastName: true } } },
    }),
    ctx.db.contact.findMany({
      where: { email: { not: "" } },
      select: { customerId: true, email: true, firstName: true, lastName: true },
    }),
    ctx.db.serviceAddress.findMany({ select: ADDRESS_FIELDS }),
  ]);
  const keys = new Map<string, CustomerHit[]>();
  const add = (k: string, hit: CustomerHit) => {
    const list = keys.get(k) ?? [];
    if (!list.some((h) => h.customerId === hit.customerId && h.serviceAddressId === hit.serviceAddressId))
      list.push(hit);
    keys.set(k, list);
  };
  for (const p of phones) {
    const k = phoneKey(p.phoneNumber);
    if (k)
      add(`PHONE:${k}`, {
        customerId: p.contact.customerId,
        serviceAddressId: null,
        matchedOn: `Phone of ${name(p.contact)}`,
      });
  }
  for (const c of contacts) {
    const k = emailKey(c.email);
    if (k) add(`EMAIL:${k}`, { customerId: c.customerId, serviceAddressId: null, matchedOn: `Email of ${name(c)}` });
  }
  for (const a of addresses) {
    const k = addressOf(a);
    if (k)
      add(`ADDRESS:${k}`, {
        customerId: a.customerId,
        serviceAddressId: a.id,
        matchedOn: `Service address ${street(a)}`,
      });
  }
  return keys;
}

/** The customers holding any of these keys (for a lookup or a page of groups), at most DUPLICATE_LIMITS.lookup. */
export async function customersMatching(ctx: Context, keys: Keys): Promise<CustomerHit[]> {
  const hits: CustomerHit[] = [];
  const emails = keys.emails.filter(Boolean);
  if (emails.length) {
    const contacts = await ctx.db.contact.findMany({
      where: { OR: emails.map((e) => ({ email: { equals: e, mode: "insensitive" as const } })) },
      select: { customerId: true, email: true, firstName: true, lastName: true },
      take: 500,
    });
    for (const c of contacts)
      if (emails.includes(emailKey(c.email)))
        hits.push({ customerId: c.customerId, serviceAddressId: null, matchedOn: `Email of ${name(c)}` });
  }
  const phones = keys.phones.filter(Boolean);
  if (phones.length) {
    // Stored as typed: found by their last four digits, then compared with the lead's own rule.
    const rows = await ctx.db.contactPhone.findMany({
      where: { OR: [...new Set(phones.map((p) => p.slice(-4)))].map((d) => ({ phoneNumber: { contains: d } })) },
      select: { phoneNumber: true, contact: { select: { customerId: true, firstName: true, lastName: true } } },
      take: 2000,
    });
    for (const r of rows)
      if (phones.includes(phoneKey(r.phoneNumber)))
        hits.push({
          customerId: r.contact.customerId,
          serviceAddressId: null,
          matchedOn: `Phone of ${name(r.contact)}`,
        });
  }
  const addresses = keys.addresses.filter(Boolean);
  const near = keys.near ?? [];
  if (addresses.length || near.length) {
    const numbers = [...new Set(addresses.map((a) => a.split(" ")[0] ?? ""))];
    const box = (p: { lat: number; lon: number }) => {
      const dLat = (NEAR_METRES * 2) / 111_320;
      const dLon = dLat / Math.max(0.01, Math.cos((p.lat * Math.PI) / 180));
      return {
        latitude: { gte: p.lat - dLat, lte: p.lat + dLat },
        longitude: { gte: p.lon - dLon, lte: p.lon + dLon },
      };
    };
    const rows = await ctx.db.serviceAddress.findMany({
      where: { OR: [...(numbers.length ? [{ streetNumber: { in: numbers } }] : []), ...near.map(box)] },
      select: { ...ADDRESS_FIELDS, latitude: true, longitude: true },
      take: 2000,
    });
    for (const a of rows) {
      const sameAddress = addresses.includes(addressOf(a));
      const close =
        a.latitude !== null &&
        a.longitude !== null &&
        near.some((p) => metresBetween(p, { lat: a.latitude!, lon: a.longitude! }) <= NEAR_METRES);
      if (sameAddress || close)
        hits.push({
          customerId: a.customerId,
          serviceAddressId: a.id,
          matchedOn: `${close && !sameAddress ? "Within 15 m of service address" : "Service address"} ${street(a)}`,
        });
    }
  }
  const seen = new Set<string>();
  return hits
    .filter((h) => {
      const k = `${h.customerId}|${h.serviceAddressId ?? ""}|${h.matchedOn}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, DUPLICATE_LIMITS.lookup);
}

/** The hits with their customer's account number, name and status, and their address's routes. */
export async function describeCustomers(ctx: Context, hits: CustomerHit[]): Promise<DuplicateCustomer[]> {
  if (!hits.length) return [];
  const [customers, services] = await Promise.all([
    ctx.db.customer.findMany({
      where: { id: { in: [...new Set(hits.map((h) => h.customerId))] } },
      select: { id: true, accountNumber: true, name: true, status: true },
    }),
    ctx.db.service.findMany({
      where: {
        serviceAddressId: { in: hits.flatMap((h) => (h.serviceAddressId ? [h.serviceAddressId] : [])) },
        inactive: false,
      },
      select: { serviceAddressId: true, route: { select: { routeNumber: true } } },
    }),
  ]);
  const byId = new Map(customers.map((c) => [c.id, c]));
  return hits.flatMap((h) => {
    const c = byId.get(h.customerId);
    if (!c) return [];
    const routes = services.filter((s) => s.serviceAddressId === h.serviceAddressId).map((s) => s.route.routeNumber);
    return [
      { ...h, accountNumber: c.accountNumber, name: c.name, status: c.status, routeNumbers: [...new Set(routes)] },
    ];
  });
}
