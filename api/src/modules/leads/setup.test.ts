import { describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { square } from "../territories/test-shapes.ts";

// Lead setup through GraphQL: LEAD_ADMIN chooses the segregation map (every lead with coordinates is
// placed in its zone there, each change in the lead's history; zones given to people that are not the
// new map's are taken away) and holds a person to zones of that map (zones of another map, or before a
// map is chosen, are refused with a sentence); an arriving lead with coordinates is placed at once;
// another branch's map is not found; without LEAD_ADMIN, refused.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
type Config = {
  leadSegregationMapId: string | null;
  maps: { id: string; name: string }[];
  zones: { id: string; name: string }[];
  persons: { personId: string; name: string; enforceZonePermission: boolean; zoneIds: string[] }[];
};
const CONFIG =
  "{ leadConfiguration { leadSegregationMapId maps { id name } zones { id name } persons { personId name enforceZonePermission zoneIds } } }";
const MAP = "mutation($m: ID){ updateLeadTerritoryMap(mapId: $m){ isSuccess message } }";
const ENFORCE =
  "mutation($p: ID!, $e: Boolean!, $z: [ID!]!){ enforceLeadTerritory(personId: $p, enforce: $e, zoneIds: $z){ isSuccess message } }";
type C = Awaited<ReturnType<typeof employee>>;
const unique = () => crypto.randomUUID().slice(0, 6);

/** A map of the branch with square zones at the given longitudes (latitude 0 to 1). */
async function map(b: Branch, zones: [string, number][]) {
  const u = unique();
  const m = await server.prisma.territoryMap.create({ data: { branchId: b.branchId, name: `Leads ${u}` } });
  const made = [];
  for (const [i, [name, lng]] of zones.entries())
    made.push(
      await server.prisma.territoryZone.create({
        data: { branchId: b.branchId, mapId: m.id, name: `${name} ${u}`, data: square(lng, 0), sortOrder: i },
      }),
    );
  return { ...m, zones: made };
}

const lead = (b: Branch, at: [number, number] | null, first = "Lead") =>
  server.prisma.lead.create({
    data: {
      branchId: b.branchId,
      firstName: first,
      lastName: unique(),
      phone: "5125550100",
      latitude: at?.[0] ?? null,
      longitude: at?.[1] ?? null,
    },
  });
const zoneOf = async (id: string) => (await server.prisma.lead.findUniqueOrThrow({ where: { id } })).zoneId;

describe("lead setup", () => {
  test("the segregation map places the leads; zone access is given from its zones only", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const sales = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const bystander = await employee(branch, ["DISPATCH"]);
    const m1 = await map(branch, [
      ["North", 0],
      ["South", 2],
    ]);
    const m2 = await map(branch, [["Far", 10]]);
    const theirs = await map(other, [["Theirs", 0]]);
    const [inNorth, inSouth, nowhere, outside] = [
      await lead(branch, [0.5, 0.5]),
      await lead(branch, [0.5, 2.5]),
      await lead(branch, null),
      await lead(branch, [40, 40]),
    ];
    const config = async (c: C = admin) => (await c.gql<{ leadConfiguration: Config }>(CONFIG)).data!.leadConfiguration;
    const setMap = async (m: string | null) =>
      (await admin.gql<{ updateLeadTerritoryMap: R }>(MAP, { m })).data!.updateLeadTerritoryMap;
    const enforce = async (p: string, e: boolean, z: string[], c: C = admin) =>
      (await c.gql<{ enforceLeadTerritory: R }>(ENFORCE, { p, e, z })).data!.enforceLeadTerritory;

    let c = await config();
    expect(c.leadSegregationMapId).toBeNull();
    expect(c.zones).toEqual([]);
    expect(c.maps.map((m) => m.id)).toContain(m1.id);
    expect(c.maps.map((m) => m.id)).not.toContain(theirs.id);
    expect(await enforce(sales.personId, true, [m1.zones[0]!.id])).toEqual({
      isSuccess: false,
      message: "Choose the lead segregation map first: zones are given from it.",
    });

    expect((await admin.gql(MAP, { m: theirs.id })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await setMap(m1.id)).toEqual({
      isSuccess: true,
      message: `Leads are placed in the zones of "${m1.name}": 2 leads changed zone.`,
    });
    expect(await zoneOf(inNorth.id)).toBe(m1.zones[0]!.id);
    expect(await zoneOf(inSouth.id)).toBe(m1.zones[1]!.id);
    expect(await zoneOf(nowhere.id)).toBeNull();
    expect(await zoneOf(outside.id)).toBeNull();
    const history = await server.prisma.leadChange.findMany({ where: { leadId: inNorth.id } });
    expect(history).toMatchObject([
      {
        kind: "UPDATED",
        personId: admin.personId,
        summary: `Placed in the zone "${m1.zones[0]!.name}" of the lead map "${m1.name}".`,
        changes: { zoneId: [null, m1.zones[0]!.id] },
      },
    ]);
    // choosing it again changes nothing
    expect((await setMap(m1.id)).message).toBe(`Leads are placed in the zones of "${m1.name}": 0 leads changed zone.`);

    expect(await enforce(sales.personId, true, [m2.zones[0]!.id])).toEqual({
      isSuccess: false,
      message: "Zones must be zones of the lead segregation map.",
    });
    expect(await enforce(sales.personId, true, [theirs.zones[0]!.id])).toMatchObject({ isSuccess: false });
    expect(await enforce(crypto.randomUUID(), true, [])).toEqual({ isSuccess: false, message: "Person not found." });
    expect((await enforce(sales.personId, true, Array(1001).fill(m1.zones[0]!.id))).message).toBe(
      "Give at most 1000 zones.",
    );
    expect(await enforce(sales.personId, true, [m1.zones[0]!.id])).toEqual({
      isSuccess: true,
      message: `${(await config()).persons.find((p) => p.personId === sales.personId)!.name} sees only the leads of "${m1.zones[0]!.name}".`,
    });
    // setting it on yourself is fine
    expect((await enforce(admin.personId, false, [])).isSuccess).toBe(true);

    c = await config();
    expect(c.leadSegregationMapId).toBe(m1.id);
    expect(c.zones.map((z) => z.id)).toEqual(m1.zones.map((z) => z.id));
    expect(c.persons.find((p) => p.personId === sales.personId)).toMatchObject({
      enforceZonePermission: true,
      zoneIds: [m1.zones[0]!.id],
    });
    expect(c.persons.find((p) => p.personId === admin.personId)).toMatchObject({ enforceZonePermission: false });
    expect(c.persons.some((p) => p.personId === bystander.personId)).toBe(false);

    // another map: the leads move, the old map's zones are taken from the person, who stays held
    expect((await setMap(m2.id)).message).toBe(`Leads are placed in the zones of "${m2.name}": 2 leads changed zone.`);
    expect(await zoneOf(inNorth.id)).toBeNull();
    expect((await config()).persons.find((p) => p.personId === sales.personId)).toMatchObject({
      enforceZonePermission: true,
      zoneIds: [],
    });
    expect(await setMap(null)).toEqual({
      isSuccess: true,
      message: "No lead map: leads have no zone now (0 leads changed zone). People held to zones see no leads.",
    });
    expect((await config()).leadSegregationMapId).toBeNull();

    // without LEAD_ADMIN: refused, nothing changed
    for (const [q, v] of [
      [CONFIG, {}],
      [MAP, { m: m1.id }],
      [ENFORCE, { p: sales.personId, e: false, z: [] }],
    ] as const)
      expect((await sales.gql(q, v)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(
      (await server.prisma.leadPersonZoneAccess.findUniqueOrThrow({ where: { personId: sales.personId } }))
        .enforceZonePermission,
    ).toBe(true);
  });

  test("an arriving lead with coordinates is placed in its zone of the segregation map", async () => {
    const admin = await employee(other, ["LEAD_ADMIN"]);
    const m = await map(other, [["East", 5]]);
    await admin.gql(MAP, { m: m.id });
    const u = unique();
    const src = await admin.gql<{ addLeadSource: { leadSource: { id: string } } }>(
      "mutation($i: LeadSourceInput!){ addLeadSource(input: $i){ leadSource { id } } }",
      { i: { name: `Vendor ${u}`, code: `V${u}` } },
    );
    const key = (
      await admin.gql<{ createLeadSourceKey: { key: string } }>(
        "mutation($id: ID!){ createLeadSourceKey(id: $id){ key } }",
        {
          id: src.data!.addLeadSource.leadSource.id,
        },
      )
    ).data!.createLeadSourceKey.key;
    const post = async (body: object) => {
      const res = await fetch(`${server.url}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { outcome: string; reason: string; leadId: string | null };
    };
    const placed = await post({ firstName: "Ann", email: `ann-${u}@example.com`, latitude: 0.5, longitude: 5.5 });
    expect(placed.outcome).toBe("created");
    expect(await zoneOf(placed.leadId!)).toBe(m.zones[0]!.id);
    const away = await post({ firstName: "Bo", email: `bo-${u}@example.com`, latitude: 0.5, longitude: 7.5 });
    expect(await zoneOf(away.leadId!)).toBeNull();
    expect(await post({ firstName: "Cy", email: `cy-${u}@example.com`, latitude: 0.5 })).toMatchObject({
      outcome: "invalid",
      reason: "Give both latitude and longitude, or neither.",
    });
    expect(await post({ firstName: "Di", email: `di-${u}@example.com`, latitude: 95, longitude: 0 })).toMatchObject({
      outcome: "invalid",
      reason: "Latitude must be between -90 and 90 and longitude between -180 and 180.",
    });
  });
});
