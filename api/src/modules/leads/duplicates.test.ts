import { describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { factories } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { makeLead } from "./duplicates.fixtures.ts";

// Duplicates through GraphQL: the groups to review by phone (either of a lead's phones, typed any way),
// email, standardised address and geocodes within 15 m; customers sharing a key (a contact's phone, a
// service address on a route) flagged, a lone lead at a customer's house included; merged and
// discarded leads left out; a person held to zones sees their zones only; the single-key lookups; who
// may ask; caps.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type Lead = { id: string; number: number; name: string };
type Customer = { accountNumber: string; matchedOn: string; routeNumbers: string[]; serviceAddressId: string | null };
type Group = {
  id: string;
  key: string;
  value: string;
  label: string;
  leadCount: number;
  atCustomer: boolean;
  leads: Lead[];
  customers: Customer[];
};
const GROUPS = `query($k: LeadDuplicateKey!, $skip: Int, $take: Int){ leadDuplicateGroups(key: $k, skip: $skip, take: $take){
  totalCount items { id key value label leadCount atCustomer leads { id number name }
  customers { accountNumber matchedOn routeNumbers serviceAddressId } } } }`;
const BY_PHONE = `query($p: String!){ duplicateLeadsByPhone(phone: $p){ key leads { id } customers { accountNumber matchedOn } } }`;
const BY_EMAIL = `query($e: String!){ duplicateLeadsByEmail(email: $e){ key leads { id } customers { accountNumber } } }`;
const BY_ADDRESS = `query($a: String!, $z: String!, $x: ID){ duplicateLeadsByAddress(address: $a, postalCode: $z, exceptLeadId: $x){
  key leads { id } customers { accountNumber matchedOn routeNumbers } } }`;

type C = Awaited<ReturnType<typeof employee>>;
const groups = async (c: C, k: string, take = 100) =>
  (await c.gql<{ leadDuplicateGroups: { totalCount: number; items: Group[] } }>(GROUPS, { k, take })).data!
    .leadDuplicateGroups;

describe("groups to review", () => {
  test("by phone, email, address and 15 m; customers flagged; merged and discarded left out", async () => {
    const p = server.prisma;
    const b = branch.branchId;
    const lead = (i: Parameters<typeof makeLead>[2], x?: Parameters<typeof makeLead>[3]) => makeLead(p, b, i, x);
    // one phone typed three ways, one of them as a second phone
    const a1 = await lead({ firstName: "Ann", lastName: "Phone", phone: "(512) 555-0101" });
    const a2 = await lead({ firstName: "Ann", lastName: "Phone2", phone: "512-555-0199", phone2: "+1 512 555 0101" });
    const a3 = await lead({ firstName: "Ann", lastName: "Dots", phone: "512.555.0101" });
    // an email in two cases
    const e1 = await lead({ firstName: "Eve", email: "Eve@Example.com" });
    const e2 = await lead({ firstName: "Eve", email: " eve@example.com" });
    // one address typed two ways
    const s1 = await lead({ firstName: "Sam", address: "12 North Main Street", postalCode: "78701" });
    const s2 = await lead({ firstName: "Sam", address: "12 N Main St", postalCode: "78701" });
    // two geocoded leads 8 m apart, typed differently; a third 40 m away
    const g1 = await lead(
      { firstName: "Geo", address: "400 Elm Rd", postalCode: "78702" },
      { latitude: 30.2672, longitude: -97.7431 },
    );
    const g2 = await lead(
      { firstName: "Geo", address: "400 Elm Road Lot 2", postalCode: "78702" },
      { latitude: 30.26727, longitude: -97.74307 },
    );
    await lead(
      { firstName: "Far", address: "480 Elm Rd", postalCode: "78702" },
      { latitude: 30.26756, longitude: -97.7431 },
    );
    // a lone lead at a customer's house (a route stop), and one with a customer's phone
    const f = factories(p);
    const customer = await f.customer(b, `DUP${crypto.randomUUID().slice(0, 5)}`);
    const house = await f.serviceAddress(b, customer.id, {
      streetNumber: "77",
      streetName: "Oak Hollow",
      postalCode: "78703",
    });
    const route = await p.route.create({ data: { branchId: b, routeNumber: `R${crypto.randomUUID().slice(0, 4)}` } });
    await p.service.create({ data: { branchId: b, serviceAddressId: house.id, routeId: route.id } });
    const contact = await p.contact.create({
      data: { branchId: b, customerId: customer.id, firstName: "Cy", lastName: "Client" },
    });
    await p.contactPhone.create({ data: { branchId: b, contactId: contact.id, phoneNumber: "512 555 0177" } });
    const atHouse = await lead({ firstName: "New", address: "77 Oak Hollow", postalCode: "78703" });
    const byPhone = await lead({ firstName: "Cy", phone: "(512) 555-0177" });
    // merged away, discarded, another branch: none of them count
    await lead({ firstName: "Gone", email: "eve@example.com" }, { mergedIntoId: e1.id });
    const dropped = await lead({ firstName: "Dropped", email: "eve@example.com" }, { status: "DISCARDED" });
    await makeLead(p, other.branchId, { firstName: "There", email: "eve@example.com" });
    await makeLead(p, other.branchId, { firstName: "There", email: "eve@example.com" });

    const admin = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const all = await groups(admin, "ALL");
    const find = (id: string) => all.items.find((g) => g.id === id);
    const ids = (g: Group | undefined) => (g?.leads ?? []).map((l) => l.id).sort();
    expect(ids(find("PHONE:+15125550101"))).toEqual([a1.id, a2.id, a3.id].sort());
    expect(find("PHONE:+15125550101")).toMatchObject({ label: "(512) 555-0101", leadCount: 3, atCustomer: false });
    expect(ids(find("EMAIL:eve@example.com"))).toEqual([e1.id, e2.id].sort());
    expect(ids(find("ADDRESS:12 N MAIN ST|78701"))).toEqual([s1.id, s2.id].sort());
    const near = all.items.find((g) => g.value.startsWith("near "));
    expect(ids(near)).toEqual([g1.id, g2.id].sort());
    expect(near).toMatchObject({
      key: "ADDRESS",
      value: "near 30.26720, -97.74310",
      label: "Within 15 m of 30.26720, -97.74310",
    });
    const oak = find("ADDRESS:77 OAK HOLW|78703");
    expect(oak).toMatchObject({ leadCount: 1, atCustomer: true });
    expect(ids(oak)).toEqual([atHouse.id]);
    expect(oak!.customers).toEqual([
      {
        accountNumber: customer.accountNumber,
        matchedOn: "Service address 77 Oak Hollow, Austin",
        routeNumbers: [route.routeNumber],
        serviceAddressId: house.id,
      },
    ]);
    expect(find("PHONE:+15125550177")).toMatchObject({ leadCount: 1, atCustomer: true });
    expect(ids(find("PHONE:+15125550177"))).toEqual([byPhone.id]);
    expect(all.totalCount).toBe(6);
    expect(all.items.map((g) => g.leadCount)).not.toContain(0);

    // one key at a time
    expect((await groups(admin, "PHONE")).items.map((g) => g.id).sort()).toEqual([
      "PHONE:+15125550101",
      "PHONE:+15125550177",
    ]);
    expect((await groups(admin, "EMAIL")).items.map((g) => g.id)).toEqual(["EMAIL:eve@example.com"]);
    expect((await groups(admin, "ADDRESS")).totalCount).toBe(3);
    // paging
    const page = (
      await admin.gql<{ leadDuplicateGroups: { totalCount: number; items: Group[] } }>(GROUPS, {
        k: "ALL",
        skip: 5,
        take: 2,
      })
    ).data!.leadDuplicateGroups;
    expect(page).toMatchObject({ totalCount: 6 });
    expect(page.items.length).toBe(1);

    // the lookups: leads and customers holding one key
    const ph = (
      await admin.gql<{ duplicateLeadsByPhone: { key: string; leads: { id: string }[]; customers: Customer[] } }>(
        BY_PHONE,
        { p: "512 555 0177" },
      )
    ).data!.duplicateLeadsByPhone;
    expect(ph).toMatchObject({ key: "+15125550177", leads: [{ id: byPhone.id }] });
    expect(ph.customers).toEqual([
      { accountNumber: customer.accountNumber, matchedOn: "Phone of Cy Client" } as Customer,
    ]);
    const em = (
      await admin.gql<{ duplicateLeadsByEmail: { key: string; leads: { id: string }[] } }>(BY_EMAIL, {
        e: "EVE@example.com ",
      })
    ).data!.duplicateLeadsByEmail;
    // a lookup shows discarded leads too (the lead was seen before), not merged ones
    expect(em.leads.map((l) => l.id).sort()).toEqual([e1.id, e2.id, dropped.id].sort());
    const ad = (
      await admin.gql<{ duplicateLeadsByAddress: { key: string; leads: { id: string }[]; customers: Customer[] } }>(
        BY_ADDRESS,
        {
          a: "77 Oak Hollow",
          z: "78703",
          x: atHouse.id,
        },
      )
    ).data!.duplicateLeadsByAddress;
    expect(ad).toMatchObject({ key: "77 OAK HOLW|78703", leads: [] });
    expect(ad.customers[0]).toMatchObject({ accountNumber: customer.accountNumber, routeNumbers: [route.routeNumber] });
    const none = (
      await admin.gql<{ duplicateLeadsByPhone: { key: string; leads: unknown[] } }>(BY_PHONE, { p: "not a phone" })
    ).data!.duplicateLeadsByPhone;
    expect(none).toEqual({ key: "", leads: [], customers: [] } as never);
  });

  test("a person held to zones sees the groups of their zones; who may ask; caps", async () => {
    const p = server.prisma;
    const u = crypto.randomUUID().slice(0, 6);
    const email = `zone-${u}@example.com`;
    await makeLead(p, branch.branchId, { firstName: "North", email }, { zoneId: `north-${u}` });
    await makeLead(p, branch.branchId, { firstName: "North", email: email.toUpperCase() }, { zoneId: `north-${u}` });
    await makeLead(p, branch.branchId, { firstName: "South", email }, { zoneId: `south-${u}` });
    const rep = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    expect((await groups(admin, "EMAIL")).items.find((g) => g.value === email)?.leadCount).toBe(3);
    await p.leadPersonZoneAccess.create({
      data: { branchId: branch.branchId, personId: rep.personId, enforceZonePermission: true, zoneIds: [`north-${u}`] },
    });
    const held = await groups(rep, "EMAIL");
    expect(held.items.map((g) => [g.value, g.leadCount])).toEqual([[email, 2]]);
    const south = await employee(branch, ["LEAD_DATA_ENTRY"]);
    await p.leadPersonZoneAccess.create({
      data: {
        branchId: branch.branchId,
        personId: south.personId,
        enforceZonePermission: true,
        zoneIds: [`south-${u}`],
      },
    });
    expect((await groups(south, "EMAIL")).totalCount).toBe(0);

    const nobody = await employee(branch, ["CUSTOMER_ACCESS"]);
    for (const q of [GROUPS, BY_PHONE])
      expect((await nobody.gql(q, { k: "ALL", p: "5125550101" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const big = await admin.gql(GROUPS, { k: "ALL", take: 101 });
    expect(big.errors?.[0]?.message).toBe('"take" must be between 0 and 100.');
    const long = await admin.gql(BY_PHONE, { p: "5".repeat(41) });
    expect(long.errors?.[0]?.message).toBe("Phone must be at most 40 characters.");
  });
});
