import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { signIn } from "../../../test/sign-in.ts";
import { newApiKey } from "../../auth/api-keys.ts";
import { seedDemo } from "../../db/seed.ts";
import { BASEMAP_PATH, serveBasemap } from "./basemap.ts";
import { containsPoint, MAX_ZONE_RINGS, MAX_ZONE_VERTICES, validZoneGeometry } from "./geometry.ts";
import { DEMO_SERVICE_AREAS } from "./territories.seed.ts";
import { MAX_REQUEST_ZONE_POINTS } from "./territories.service.ts";
import { BOWTIE, square, UNCLOSED, zigzag } from "./test-shapes.ts";
import { ZoneIndex } from "./zone-lookup.ts";

// Territories through GraphQL: who may read and change them, maps and zones with validated outlines,
// what is assigned to zones, deleting what others use (refused, or cascaded on confirmation), the
// zone lookup and its cache, and the demo data.

let server: TestServer;
type Branch = Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;
let branchA: Branch;
let branchB: Branch;
const c: Record<string, Client> = {};
let driverId: string;
let driver2Id: string;
let inactiveId: string;
let warehouseId: string;
let otherBranchMapId: string;

const signedIn = (host: string, user: { email: string; password: string }) =>
  signIn(server, user.email, user.password, host);

async function ok<T = Record<string, unknown>>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const r = await client.gql<T>(query, variables);
  if (r.errors?.length) throw new Error(`${r.errors[0]!.message} (${r.errors[0]!.extensions?.code})`);
  return r.data as T;
}

const codeOf = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;

const ADD_MAP = `mutation($n:String!){ addTerritoryMap(name:$n){ id name zoneCount } }`;
const ADD_ZONE = `mutation($i:AddTerritoryZoneInput!){ addTerritoryZone(input:$i){ id name color data { type coordinates } } }`;
const MAP = `query($id:ID!){ territoryMap(mapId:$id){ id name zoneCount territoryZones { id name color sortOrder data { type coordinates }
  warehouse { id name } leadSources { sourceId sourceName } persons { personId roleId person { fullName } role { name } } } } }`;
const LOOKUP = `query($m:ID!,$lat:Float!,$lng:Float!,$r:ID){ territoryZoneForPoint(mapId:$m,latitude:$lat,longitude:$lng,roleId:$r){ zone { id name } personIds } }`;
const ADD_ROLE = `mutation($n:String!){ createPersonTerritoryRole(name:$n){ id name assignmentCount } }`;
const SET_PERSONS = `mutation($z:ID!,$p:[ID!]!,$r:ID!){ setZonePersons(zoneId:$z,personIds:$p,roleId:$r){ id persons { personId roleId } } }`;
const DELETE_MAP = `mutation($id:ID!,$c:Boolean){ deleteTerritoryMap(id:$id,confirm:$c){ isSuccess message requiresConfirmation uses } }`;
const DELETE_ZONE = `mutation($i:DeleteTerritoryZoneInput!){ deleteTerritoryZone(input:$i){ isSuccess message requiresConfirmation uses } }`;
const DELETE_ROLE = `mutation($id:ID!,$c:Boolean){ deletePersonTerritoryRole(id:$id,confirm:$c){ isSuccess message requiresConfirmation uses } }`;
const USAGE = `mutation($i:EditTerritoryMapUsageInput!){ editTerritoryMapUsage(input:$i){ activityAssignmentMapId activityAssignmentRoleId workOrderAssignmentMapId workOrderAssignmentRoleId appointmentAssignmentRoleId warehouseMapId } }`;

beforeAll(async () => {
  server = await createTestServer();
  const f = factories(server.prisma);
  const p = server.prisma;
  branchA = await f.branch({ host: "terr-alpha" });
  branchB = await f.branch({ host: "terr-beta" });
  driverId = (await p.person.create({ data: { branchId: branchA.id, firstName: "Dana", lastName: "Driver" } })).id;
  driver2Id = (await p.person.create({ data: { branchId: branchA.id, firstName: "Drew", lastName: "Wheel" } })).id;
  inactiveId = (
    await p.person.create({ data: { branchId: branchA.id, firstName: "Old", lastName: "Timer", inactive: true } })
  ).id;
  warehouseId = (await p.warehouse.create({ data: { branchId: branchA.id, name: "Main", externalId: "WH-9" } })).id;
  otherBranchMapId = (await p.territoryMap.create({ data: { branchId: branchB.id, name: "Beta map" } })).id;

  const manager = await f.user(branchA.id, { permissions: ["TERRITORY_MANAGEMENT"] });
  const mapper = await f.user(branchA.id, { permissions: ["MAPPING"] });
  const personnel = await f.user(branchA.id, { permissions: ["PERSONNEL_MANAGEMENT"] });
  const leads = await f.user(branchA.id, { permissions: ["LEAD_ADMIN"] });
  const grouped = await f.user(branchA.id, { employee: true });
  const group = await p.securityGroup.create({ data: { branchId: branchA.id, name: "Territory team" } });
  await p.securityGroupMember.create({
    data: { groupId: group.id, personId: grouped.personId!, branchId: branchA.id },
  });
  await p.permissionGrant.create({
    data: { branchId: branchA.id, actorType: "SECURITY_GROUP", actorId: group.id, permission: "TERRITORY_MANAGEMENT" },
  });
  const customer = await f.user(branchA.id);
  c.manager = await signedIn("terr-alpha", manager);
  c.mapper = await signedIn("terr-alpha", mapper);
  c.personnel = await signedIn("terr-alpha", personnel);
  c.leads = await signedIn("terr-alpha", leads);
  c.grouped = await signedIn("terr-alpha", grouped);
  c.customer = await signedIn("terr-alpha", customer);
  c.anonymous = new Client(server.url, "terr-alpha");
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe("geometry", () => {
  test("a closed, simple polygon passes; a Feature's geometry is taken", () => {
    expect(validZoneGeometry(square(0, 0)).type).toBe("Polygon");
    expect(validZoneGeometry({ type: "Feature", geometry: square(0, 0), properties: {} }).type).toBe("Polygon");
  });
  test("an unclosed ring, a crossing border, too many points and wrong types get clear messages", () => {
    expect(() => validZoneGeometry(UNCLOSED)).toThrow("is not closed");
    expect(() => validZoneGeometry(BOWTIE)).toThrow("crosses itself");
    const many = Array.from({ length: MAX_ZONE_VERTICES + 1 }, (_, i) => {
      const a = (2 * Math.PI * i) / (MAX_ZONE_VERTICES + 1);
      return [Math.cos(a), Math.sin(a)];
    });
    expect(() => validZoneGeometry({ type: "Polygon", coordinates: [[...many, many[0]]] })).toThrow(
      `at most ${MAX_ZONE_VERTICES} are allowed`,
    );
    expect(() => validZoneGeometry({ type: "LineString", coordinates: [] })).toThrow(
      "must be a Polygon or MultiPolygon",
    );
    expect(() =>
      validZoneGeometry({
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [200, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toThrow("outside longitude");
  });
  test("points in holes are outside", () => {
    const withHole = validZoneGeometry({
      type: "Polygon",
      coordinates: [square(0, 0, 10).coordinates[0], square(4, 4, 2).coordinates[0]],
    });
    expect(containsPoint(withHole, 1, 1)).toBe(true);
    expect(containsPoint(withHole, 5, 5)).toBe(false);
    expect(containsPoint(withHole, 11, 5)).toBe(false);
  });
  test("the zone index finds the zone of a point and who holds a role there", () => {
    const zones = DEMO_SERVICE_AREAS.map((z, i) => ({
      id: `z${i}`,
      name: z.name,
      color: z.color,
      sortOrder: i,
      geometry: z.geometry,
    }));
    const index = new ZoneIndex("m", 1, zones, [{ zoneId: "z1", roleId: "driver", personId: "p1" }]);
    expect(index.zoneAt(-97.7, 30.4)?.name).toBe("North Austin");
    expect(index.zoneAt(-97.8, 30.15)?.name).toBe("Southwest");
    expect(index.zoneAt(-96, 30)).toBeUndefined();
    expect(index.holdersOf("z1", "driver")).toEqual(["p1"]);
    expect(index.holdersOf("z2", "driver")).toEqual([]);
  });
});

describe("permissions", () => {
  test("TERRITORY_MANAGEMENT (own or through a security group) may read and change; MAPPING may only read", async () => {
    expect((await ok<{ territoryMaps: unknown[] }>(c.manager!, "{ territoryMaps { id } }")).territoryMaps).toEqual([]);
    await ok(c.grouped!, "{ territoryMaps { id } }");
    const added = await ok<{ addTerritoryMap: { id: string } }>(c.grouped!, ADD_MAP, { n: "Group map" });
    await ok(c.mapper!, "{ territoryMaps { id } personTerritoryRoles { id } territoryMapsUsage { warehouseMapId } }");
    expect(codeOf(await c.mapper!.gql(ADD_MAP, { n: "Nope" }))).toBe("FORBIDDEN");
    expect(codeOf(await c.mapper!.gql(DELETE_MAP, { id: added.addTerritoryMap.id, c: true }))).toBe("FORBIDDEN");
    expect(codeOf(await c.leads!.gql("{ territoryMaps { id } }"))).toBe("FORBIDDEN");
    expect(codeOf(await c.customer!.gql("{ personTerritoryRoles { id } }"))).toBe("FORBIDDEN");
    expect(codeOf(await c.anonymous!.gql("{ territoryMaps { id } }"))).toBe("UNAUTHENTICATED");
    expect(codeOf(await c.leads!.gql(ADD_ROLE, { n: "x" }))).toBe("FORBIDDEN");
    // a person's territories: also PERSONNEL_MANAGEMENT
    await ok(c.personnel!, "query($p:ID!){ personTerritories(personId:$p){ zoneId } }", { p: driverId });
    expect(codeOf(await c.personnel!.gql("{ territoryMaps { id } }"))).toBe("FORBIDDEN");
    await ok(c.manager!, DELETE_MAP, { id: added.addTerritoryMap.id });
  });

  test("an API key gets exactly its own grants", async () => {
    const p = server.prisma;
    const call = async (key: string, query: string) => {
      const res = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", BranchHost: "terr-alpha", authorization: `Bearer ${key}` },
        body: JSON.stringify({ query }),
      });
      return (await res.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
    };
    const granted = newApiKey();
    const bare = newApiKey();
    const withGrant = await p.apiKey.create({
      data: {
        branchId: branchA.id,
        name: "Lead importer",
        keyHash: granted.keyHash,
        keyPrefix: granted.keyPrefix,
        personId: driverId,
      },
    });
    await p.apiKey.create({
      data: {
        branchId: branchA.id,
        name: "Nothing",
        keyHash: bare.keyHash,
        keyPrefix: bare.keyPrefix,
        personId: driverId,
      },
    });
    await p.permissionGrant.create({
      data: { branchId: branchA.id, actorType: "API_KEYS", actorId: withGrant.id, permission: "TERRITORY_MANAGEMENT" },
    });
    expect((await call(granted.key, "{ personTerritoryRoles { id } }")).errors).toBeUndefined();
    expect(codeOf(await call(bare.key, "{ personTerritoryRoles { id } }"))).toBe("FORBIDDEN");
  });

  test("another branch's map is not found", async () => {
    expect(codeOf(await c.manager!.gql(MAP, { id: otherBranchMapId }))).toBe("NOT_FOUND");
    expect(codeOf(await c.manager!.gql(DELETE_MAP, { id: otherBranchMapId, c: true }))).toBe("NOT_FOUND");
    expect(await server.prisma.territoryMap.count({ where: { id: otherBranchMapId } })).toBe(1);
  });
});

describe("maps, zones and assignments", () => {
  let mapId: string;
  let zoneId: string;
  let roleId: string;

  test("a map gets zones; bad outlines, names and colours are refused and change nothing", async () => {
    mapId = (await ok<{ addTerritoryMap: { id: string } }>(c.manager!, ADD_MAP, { n: "Delivery" })).addTerritoryMap.id;
    expect(codeOf(await c.manager!.gql(ADD_MAP, { n: " delivery " }))).toBe("CONFLICT");
    expect((await c.manager!.gql(ADD_MAP, { n: "  " })).errors?.[0]?.message).toBe("Map name is required.");
    const z = await ok<{ addTerritoryZone: { id: string; color: string } }>(c.manager!, ADD_ZONE, {
      i: { mapId, name: "West", color: "#FF0000", data: square(-98, 30) },
    });
    zoneId = z.addTerritoryZone.id;
    expect(z.addTerritoryZone.color).toBe("#ff0000");
    const unclosed = await c.manager!.gql(ADD_ZONE, {
      i: {
        mapId,
        name: "Bad",
        data: UNCLOSED,
      },
    });
    expect(codeOf(unclosed)).toBe("BAD_USER_INPUT");
    expect(unclosed.errors?.[0]?.message).toBe(
      'The zone "Bad" outline is not closed: its last point must be the same as its first.',
    );
    const crossing = await c.manager!.gql(
      `mutation($i:UpdateTerritoryZoneInput!){ updateTerritoryZone(input:$i){ id } }`,
      {
        i: {
          id: zoneId,
          data: BOWTIE,
        },
      },
    );
    expect(crossing.errors?.[0]?.message).toContain("crosses itself");
    const colour = await c.manager!.gql(ADD_ZONE, { i: { mapId, name: "Red", color: "red", data: square(0, 0) } });
    expect(colour.errors?.[0]?.message).toBe("Colour must be a hex colour like #2563eb.");
    const map = await ok<{
      territoryMap: { zoneCount: number; territoryZones: { data: { coordinates: number[][][] } }[] };
    }>(c.manager!, MAP, { id: mapId });
    expect(map.territoryMap.zoneCount).toBe(1);
    expect(map.territoryMap.territoryZones[0]!.data.coordinates[0]![0]).toEqual([-98, 30]);
  });

  test("bulk update: all or nothing; adds and changes zones", async () => {
    const BULK = `mutation($i:UpdateTerritoryZonesInput!){ updateTerritoryZones(input:$i){ id name } }`;
    const bad = await c.manager!.gql(BULK, {
      i: {
        mapId,
        zones: [
          { id: zoneId, name: "West renamed" },
          {
            name: "Broken",
            data: {
              type: "Polygon",
              coordinates: [
                [
                  [0, 0],
                  [1, 0],
                  [0, 0],
                ],
              ],
            },
          },
        ],
      },
    });
    expect(bad.errors?.[0]?.message).toContain('Zone 2 ("Broken")');
    const after = await ok<{ territoryMap: { territoryZones: { name: string }[] } }>(c.manager!, MAP, { id: mapId });
    expect(after.territoryMap.territoryZones.map((z) => z.name)).toEqual(["West"]);
    const good = await ok<{ updateTerritoryZones: { name: string }[] }>(c.manager!, BULK, {
      i: {
        mapId,
        zones: [
          { id: zoneId, name: "West renamed" },
          { name: "East", color: "#00aa00", data: square(-97, 30) },
        ],
      },
    });
    expect(good.updateTerritoryZones.map((z) => z.name)).toEqual(["West renamed", "East"]);
  });

  test("persons for a role, warehouse and lead sources per zone; the lookup follows every change", async () => {
    roleId = (await ok<{ createPersonTerritoryRole: { id: string } }>(c.manager!, ADD_ROLE, { n: "Driver" }))
      .createPersonTerritoryRole.id;
    expect(codeOf(await c.manager!.gql(ADD_ROLE, { n: "driver" }))).toBe("CONFLICT");
    const before = await ok<{ territoryZoneForPoint: { zone: { id: string } | null; personIds: string[] } }>(
      c.manager!,
      LOOKUP,
      { m: mapId, lat: 30.5, lng: -97.5, r: roleId },
    );
    expect(before.territoryZoneForPoint.zone?.id).toBe(zoneId);
    expect(before.territoryZoneForPoint.personIds).toEqual([]);

    await ok(c.manager!, SET_PERSONS, { z: zoneId, p: [driverId, driver2Id], r: roleId });
    const inactive = await c.manager!.gql(SET_PERSONS, { z: zoneId, p: [inactiveId], r: roleId });
    expect(inactive.errors?.[0]?.message).toBe("Old Timer is inactive and cannot hold a territory role.");
    const after = await ok<{ territoryZoneForPoint: { personIds: string[] } }>(c.manager!, LOOKUP, {
      m: mapId,
      lat: 30.5,
      lng: -97.5,
      r: roleId,
    });
    expect(after.territoryZoneForPoint.personIds.sort()).toEqual([driverId, driver2Id].sort());

    // reshape: the point is no longer inside
    await ok(c.manager!, `mutation($i:UpdateTerritoryZoneInput!){ updateTerritoryZone(input:$i){ id } }`, {
      i: { id: zoneId, data: square(-98, 30, 0.25) },
    });
    const moved = await ok<{ territoryZoneForPoint: { zone: unknown } }>(c.manager!, LOOKUP, {
      m: mapId,
      lat: 30.5,
      lng: -97.5,
    });
    expect(moved.territoryZoneForPoint.zone).toBeNull();

    await ok(c.manager!, `mutation($i:SetZoneWarehouseInput!){ setZoneWarehouse(input:$i){ id } }`, {
      i: { zoneId, warehouseId },
    });
    await ok(c.manager!, `mutation($i:SetZoneLeadSourceInput!){ setZoneLeadSource(input:$i){ id } }`, {
      i: {
        zoneId,
        leadSources: [{ sourceId: "web", sourceName: "Website" }, { sourceId: "web" }, { sourceId: "referral" }],
      },
    });
    const assignments = await ok<{
      zoneWarehouseAssignments: { zoneId: string; warehouseExternalId: string }[];
      zoneLeadSourceAssignments: { sourceId: string; sourceName: string }[];
      territoryPersonnelByMap: { personId: string; roleName: string; zoneName: string }[];
      territoryPersonnelByZone: { personId: string }[];
    }>(
      c.manager!,
      `query($m:ID!,$z:ID!){ zoneWarehouseAssignments(mapId:$m){ zoneId warehouseExternalId }
        zoneLeadSourceAssignments(mapId:$m){ sourceId sourceName }
        territoryPersonnelByMap(mapId:$m){ personId roleName zoneName }
        territoryPersonnelByZone(zoneId:$z){ personId } }`,
      { m: mapId, z: zoneId },
    );
    expect(assignments.zoneWarehouseAssignments).toEqual([{ zoneId, warehouseExternalId: "WH-9" }]);
    expect(assignments.zoneLeadSourceAssignments.map((s) => s.sourceId).sort()).toEqual(["referral", "web"]);
    expect(assignments.territoryPersonnelByMap).toHaveLength(2);
    expect(assignments.territoryPersonnelByMap[0]!.roleName).toBe("Driver");
    const mine = await ok<{ personTerritories: { zoneName: string; mapName: string; roleName: string }[] }>(
      c.personnel!,
      "query($p:ID!){ personTerritories(personId:$p){ zoneName mapName roleName } }",
      { p: driverId },
    );
    expect(mine.personTerritories).toEqual([{ zoneName: "West renamed", mapName: "Delivery", roleName: "Driver" }]);

    await ok(c.manager!, "mutation($z:ID!,$r:ID){ clearTerritoryRelations(zoneId:$z,roleId:$r){ id } }", {
      z: zoneId,
      r: roleId,
    });
    const cleared = await ok<{ territoryPersonnelByZone: unknown[] }>(
      c.manager!,
      "query($z:ID!){ territoryPersonnelByZone(zoneId:$z){ personId } }",
      { z: zoneId },
    );
    expect(cleared.territoryPersonnelByZone).toEqual([]);
    await ok(c.manager!, SET_PERSONS, { z: zoneId, p: [driverId], r: roleId });
  });

  test("duplicating a map copies its zones and what is assigned to them", async () => {
    const copy = await ok<{ duplicateTerritoryMap: { id: string; name: string } }>(
      c.manager!,
      "mutation($m:ID!){ duplicateTerritoryMap(mapId:$m){ id name } }",
      { m: mapId },
    );
    expect(copy.duplicateTerritoryMap.name).toBe("Delivery (copy)");
    const m = await ok<{
      territoryMap: {
        territoryZones: {
          name: string;
          warehouse: { id: string } | null;
          persons: unknown[];
          leadSources: unknown[];
        }[];
      };
    }>(c.manager!, MAP, { id: copy.duplicateTerritoryMap.id });
    const west = m.territoryMap.territoryZones.find((z) => z.name === "West renamed")!;
    expect(west.warehouse?.id).toBe(warehouseId);
    expect(west.persons).toHaveLength(1);
    expect(west.leadSources).toHaveLength(2);
    const again = await ok<{ duplicateTerritoryMap: { name: string } }>(
      c.manager!,
      "mutation($m:ID!){ duplicateTerritoryMap(mapId:$m){ name } }",
      { m: mapId },
    );
    expect(again.duplicateTerritoryMap.name).toBe("Delivery (copy 2)");
  });

  test("usage settings name maps and roles of the branch", async () => {
    const bad = await c.manager!.gql(USAGE, { i: { warehouseMapId: otherBranchMapId } });
    expect(bad.errors?.[0]?.message).toBe("The map that picks warehouses does not exist.");
    const set = await ok<{ editTerritoryMapUsage: Record<string, string | null> }>(c.manager!, USAGE, {
      i: { workOrderAssignmentMapId: mapId, workOrderAssignmentRoleId: roleId, activityAssignmentMapId: mapId },
    });
    expect(set.editTerritoryMapUsage.workOrderAssignmentMapId).toBe(mapId);
    expect(set.editTerritoryMapUsage.warehouseMapId).toBeNull();
    const activity = await ok<{
      activityAssignmentMap: { id: string; territoryZones: { id: string }[] };
      activityAssignmentZonesBySource: { zoneId: string; sourceId: string }[];
    }>(
      c.manager!,
      "{ activityAssignmentMap { id territoryZones { id } } activityAssignmentZonesBySource { zoneId sourceId } }",
    );
    expect(activity.activityAssignmentMap.id).toBe(mapId);
    expect(activity.activityAssignmentZonesBySource.map((s) => s.sourceId).sort()).toEqual(["referral", "web"]);
  });

  test("service addresses are placed in zones", async () => {
    const p = server.prisma;
    const customer = await factories(p).customer(branchA.id, "777001");
    const base = {
      branchId: branchA.id,
      customerId: customer.id,
      streetName: "Main St",
      city: "X",
      state: "TX",
      postalCode: "78701",
    };
    await p.serviceAddress.createMany({
      data: [
        { ...base, streetNumber: "1", latitude: 30.1, longitude: -97.9 }, // West (reshaped to 0.25°)
        { ...base, streetNumber: "2", latitude: 30.5, longitude: -96.5 }, // East
        { ...base, streetNumber: "3", latitude: 10, longitude: 10 }, // nowhere
        { ...base, streetNumber: "4" }, // not geolocated
      ],
    });
    const r = await ok<{ updateTerritoryMapAssignments: { isSuccess: boolean; message: string } }>(
      c.manager!,
      "mutation($m:ID!){ updateTerritoryMapAssignments(mapId:$m){ isSuccess message } }",
      { m: mapId },
    );
    expect(r.updateTerritoryMapAssignments.message).toBe(
      '"Delivery": 2 service addresses of 3 geolocated lie in a zone.',
    );
    expect(await p.territoryAddressZone.count({ where: { mapId } })).toBe(2);
  });

  test("deleting a zone, role or map that something uses is refused naming it, then cascades on confirmation", async () => {
    const p = server.prisma;
    await p.appointmentTimeSlot.create({
      data: { branchId: branchA.id, zoneId, weekday: "MONDAY", startMinute: 540, endMinute: 600 },
    });
    const refused = await ok<{
      deleteTerritoryZone: { isSuccess: boolean; requiresConfirmation: boolean; message: string; uses: string[] };
    }>(c.manager!, DELETE_ZONE, { i: { id: zoneId } });
    expect(refused.deleteTerritoryZone).toMatchObject({ isSuccess: false, requiresConfirmation: true });
    expect(refused.deleteTerritoryZone.uses).toEqual([
      "1 person assignment",
      "1 warehouse assignment",
      "2 lead source assignments",
      "1 appointment time slot",
    ]);
    expect(refused.deleteTerritoryZone.message).toStartWith('The zone "West renamed" is in use: 1 person assignment;');
    expect(await p.territoryZone.count({ where: { id: zoneId } })).toBe(1);

    const role = await ok<{ deletePersonTerritoryRole: { isSuccess: boolean; uses: string[] } }>(
      c.manager!,
      DELETE_ROLE,
      {
        id: roleId,
      },
    );
    expect(role.deletePersonTerritoryRole.isSuccess).toBe(false);
    expect(role.deletePersonTerritoryRole.uses[0]).toBe("the map usage settings (the role that assigns work orders)");

    const map = await ok<{ deleteTerritoryMap: { isSuccess: boolean; uses: string[] } }>(c.manager!, DELETE_MAP, {
      id: mapId,
    });
    expect(map.deleteTerritoryMap.isSuccess).toBe(false);
    expect(map.deleteTerritoryMap.uses).toContain("the map usage settings (the map that assigns work orders)");

    const zoneGone = await ok<{ deleteTerritoryZone: { isSuccess: boolean } }>(c.manager!, DELETE_ZONE, {
      i: { id: zoneId, confirm: true },
    });
    expect(zoneGone.deleteTerritoryZone.isSuccess).toBe(true);
    expect(await p.appointmentTimeSlot.count({ where: { zoneId } })).toBe(0);
    expect(await p.territoryZonePerson.count({ where: { zoneId } })).toBe(0);
    expect(await p.territoryAddressZone.count({ where: { zoneId } })).toBe(0);

    const roleGone = await ok<{ deletePersonTerritoryRole: { isSuccess: boolean } }>(c.manager!, DELETE_ROLE, {
      id: roleId,
      c: true,
    });
    expect(roleGone.deletePersonTerritoryRole.isSuccess).toBe(true);
    const mapGone = await ok<{ deleteTerritoryMap: { isSuccess: boolean } }>(c.manager!, DELETE_MAP, {
      id: mapId,
      c: true,
    });
    expect(mapGone.deleteTerritoryMap.isSuccess).toBe(true);
    const usage = await ok<{ territoryMapsUsage: Record<string, string | null> }>(
      c.manager!,
      "{ territoryMapsUsage { activityAssignmentMapId workOrderAssignmentMapId workOrderAssignmentRoleId } }",
    );
    expect(usage.territoryMapsUsage).toEqual({
      activityAssignmentMapId: null,
      workOrderAssignmentMapId: null,
      workOrderAssignmentRoleId: null,
    });
    expect(codeOf(await c.manager!.gql(LOOKUP, { m: mapId, lat: 30, lng: -97 }))).toBe("NOT_FOUND");
  });
});

describe("zone sizes (a 40,000-point zone once held the server for 38 s)", () => {
  // zigzag(): legal outlines whose edges all overlap in longitude, the shape the old check took O(n²) on
  let mapId: string;
  const BULK = `mutation($i:UpdateTerritoryZonesInput!){ updateTerritoryZones(input:$i){ id } }`;
  const health = () => fetch(`${server.url}/healthz`).then((r) => r.status);
  const polygon = (points: number, den = 100, lng = 0) => ({
    type: "Polygon",
    coordinates: [zigzag(points, den, lng)],
  });

  beforeAll(async () => {
    mapId = (await ok<{ addTerritoryMap: { id: string } }>(c.manager!, ADD_MAP, { n: "Large zones" })).addTerritoryMap
      .id;
  });

  test("a 40,000-point zone is refused before its points are read, and /healthz answers meanwhile", async () => {
    const pending = c.manager!.gql(ADD_ZONE, { i: { mapId, name: "Huge", data: polygon(40_000, 800) } });
    const [refused, healthz] = await Promise.all([pending, health()]);
    expect(healthz).toBe(200);
    expect(codeOf(refused)).toBe("BAD_USER_INPUT");
    expect(refused.errors?.[0]?.message).toBe(
      `The zone "Huge" has 40000 points; at most ${MAX_ZONE_VERTICES} are allowed. Simplify the outline.`,
    );
    // rings are counted first too: 5,000 empty ones are refused without looking at them
    const rings = await c.manager!.gql(ADD_ZONE, {
      i: { mapId, name: "Holes", data: { type: "Polygon", coordinates: Array.from({ length: 5000 }, () => []) } },
    });
    expect(codeOf(rings)).toBe("BAD_USER_INPUT");
    expect(rings.errors?.[0]?.message).toContain(`has more than ${MAX_ZONE_RINGS} rings`);
    expect(await server.prisma.territoryZone.count({ where: { mapId } })).toBe(0);
  }, 15_000);

  test("the largest legal zone (5,000 points) is saved; so is a bulk update of 12 of them, while /healthz answers", async () => {
    const one = await ok<{ addTerritoryZone: { id: string; data: { coordinates: number[][][] } } }>(
      c.manager!,
      ADD_ZONE,
      { i: { mapId, name: "Largest", data: polygon(MAX_ZONE_VERTICES) } },
    );
    expect(one.addTerritoryZone.data.coordinates[0]).toHaveLength(MAX_ZONE_VERTICES + 1);
    const zones = Array.from({ length: 12 }, (_, k) => ({
      name: `Bulk ${k + 1}`,
      data: polygon(MAX_ZONE_VERTICES, 100, -170 + 12 * k),
    }));
    // 12 × 5,000 = MAX_REQUEST_ZONE_POINTS: a 13th zone in the same request, even a small one, is too much
    const [both, healthz] = await Promise.all([
      c.manager!.gql(
        `mutation($i:UpdateTerritoryZonesInput!,$j:AddTerritoryZoneInput!){
          bulk: updateTerritoryZones(input:$i){ id } extra: addTerritoryZone(input:$j){ id } }`,
        { i: { mapId, zones }, j: { mapId, name: "Extra", data: square(0, 0) } },
      ),
      health(),
    ]);
    expect(healthz).toBe(200);
    expect(both.errors?.map((e) => [e.path?.[0], e.message])).toEqual([
      [
        "extra",
        `One request may carry at most ${MAX_REQUEST_ZONE_POINTS} zone points; this one has ${MAX_REQUEST_ZONE_POINTS + 4}. Send the zones in several requests.`,
      ],
    ]);
    // the bulk update ran first and saved its 12 zones whole (the refused field nulls the answer's data)
    const saved = await server.prisma.territoryZone.findMany({ where: { mapId }, orderBy: { sortOrder: "asc" } });
    expect(saved.map((z) => z.name)).toEqual(["Largest", ...zones.map((z) => z.name)]);
    for (const z of saved)
      expect((z.data as { coordinates: unknown[][] }).coordinates[0]).toHaveLength(MAX_ZONE_VERTICES + 1);
  }, 15_000);

  test("a bulk update whose zones add up to more than the request's points is refused before any is checked", async () => {
    const zones = Array.from({ length: 13 }, (_, k) => ({
      name: `Over ${k + 1}`,
      data: polygon(MAX_ZONE_VERTICES, 100, -170 + 12 * k),
    }));
    zones[12]!.data.coordinates[0]![1] = [50, 50]; // a crossing border: never reached, the count refuses first
    const refused = await c.manager!.gql(BULK, { i: { mapId, zones } });
    expect(codeOf(refused)).toBe("BAD_USER_INPUT");
    expect(refused.errors?.[0]?.message).toBe(
      `One request may carry at most ${MAX_REQUEST_ZONE_POINTS} zone points; this one has ${13 * MAX_ZONE_VERTICES}. Send the zones in several requests.`,
    );
    expect(await server.prisma.territoryZone.count({ where: { mapId, name: { startsWith: "Over" } } })).toBe(0);
  }, 15_000);
});

describe("demo data", () => {
  test("Service areas: 6 zones around the demo customers, each with a driver, a warehouse and lead sources", async () => {
    await seedDemo(server.prisma);
    const demo = await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } });
    const admin = await factories(server.prisma).user(demo.id, { permissions: ["TERRITORY_MANAGEMENT"] });
    const client = await signedIn("demo", admin);
    const maps = await ok<{ territoryMaps: { id: string; name: string; zoneCount: number }[] }>(
      client,
      "{ territoryMaps { id name zoneCount } }",
    );
    expect(maps.territoryMaps.map((m) => m.name)).toEqual(["Sales territories", "Service areas"]);
    const service = maps.territoryMaps.find((m) => m.name === "Service areas")!;
    const m = await ok<{
      territoryMap: { territoryZones: { warehouse: unknown; persons: unknown[]; leadSources: unknown[] }[] };
    }>(client, MAP, { id: service.id });
    expect(m.territoryMap.territoryZones).toHaveLength(6);
    for (const z of m.territoryMap.territoryZones) {
      expect(z.warehouse).not.toBeNull();
      expect(z.persons.length).toBeGreaterThan(0);
      expect(z.leadSources.length).toBeGreaterThan(0);
    }
    const placed = await ok<{ updateTerritoryMapAssignments: { message: string } }>(
      client,
      "mutation($m:ID!){ updateTerritoryMapAssignments(mapId:$m){ message } }",
      { m: service.id },
    );
    // every geolocated demo customer lies in a service area
    const [, inZone, total] = /(\d+) service addresses of (\d+)/.exec(placed.updateTerritoryMapAssignments.message)!;
    expect(Number(inZone)).toBe(Number(total));
    expect(Number(total)).toBeGreaterThan(100);
  }, 120_000);
});

describe("local basemap (MAP_PMTILES_PATH)", () => {
  test("the archive is served whole or by byte range; without one, 404", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "pmtiles-")), "basemap.pmtiles");
    writeFileSync(file, Buffer.from("0123456789abcdef"));
    const url = `http://x${BASEMAP_PATH}`;
    const whole = await serveBasemap({ MAP_PMTILES_PATH: file }, new Request(url));
    expect(whole.status).toBe(200);
    expect(await whole.text()).toBe("0123456789abcdef");
    const part = await serveBasemap({ MAP_PMTILES_PATH: file }, new Request(url, { headers: { range: "bytes=2-5" } }));
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-5/16");
    expect(await part.text()).toBe("2345");
    const tail = await serveBasemap({ MAP_PMTILES_PATH: file }, new Request(url, { headers: { range: "bytes=-3" } }));
    expect(await tail.text()).toBe("def");
    const beyond = await serveBasemap(
      { MAP_PMTILES_PATH: file },
      new Request(url, { headers: { range: "bytes=99-" } }),
    );
    expect(beyond.status).toBe(416);
    expect((await serveBasemap({}, new Request(url))).status).toBe(404);
  });

  test("the map page learns which basemap to draw", async () => {
    const r = await ok<{
      territoryBasemap: { styleUrl: string | null; pmtilesUrl: string | null; customerPoints: number[][] };
    }>(c.manager!, "{ territoryBasemap { styleUrl pmtilesUrl customerPoints } }");
    expect(r.territoryBasemap.styleUrl).toBeNull();
    expect(r.territoryBasemap.pmtilesUrl).toBeNull();
    expect(r.territoryBasemap.customerPoints.length).toBeGreaterThan(0);
  });
});
