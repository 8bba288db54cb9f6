import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { square } from "./test-shapes.ts";

// GeoJSON import through GraphQL, as dealers use it (export, edit outside, import the same file): the
// preview matches the file's zones to the map's by id, else by name; "replace" keeps matched zones'
// people, warehouse and lead sources and removes the zones the file lacks; "add" only adds; undo puts
// the zones back exactly; a bad file changes nothing; who may do it.

let server: TestServer;
const c: Record<string, Client> = {};
let mapId: string;
let roleId: string;
let personId: string;
let warehouseId: string;

async function ok<T = Record<string, unknown>>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const r = await client.gql<T>(query, variables);
  if (r.errors?.length) throw new Error(`${r.errors[0]!.message} (${r.errors[0]!.extensions?.code})`);
  return r.data as T;
}

type Zone = {
  id: string;
  name: string;
  color: string;
  description: string;
  sortOrder: number;
  data: { type: string; coordinates: unknown };
  persons: { personId: string; roleId: string }[];
  warehouse: { id: string } | null;
  leadSources: { sourceId: string }[];
};
const MAP = `query($id:ID!){ territoryMap(mapId:$id){ undoableImport { id summary } territoryZones { id name color description sortOrder
  data { type coordinates } persons { personId roleId } warehouse { id } leadSources { sourceId } } } }`;
const PREVIEW = `mutation($i:TerritoryZoneImportInput!){ previewTerritoryZoneImport(input:$i){ newCount changedCount unchangedCount removedCount
  rows { status position zoneId name previousName changes uses } } }`;
const APPLY = `mutation($i:TerritoryZoneImportInput!,$m:TerritoryZoneImportMode!){ applyTerritoryZoneImport(input:$i,mode:$m){ isSuccess message importId } }`;
const UNDO = `mutation($id:ID!){ undoTerritoryZoneImport(importId:$id){ isSuccess message } }`;

const zonesOf = async () =>
  (
    await ok<{ territoryMap: { territoryZones: Zone[]; undoableImport: { id: string } | null } }>(c.manager!, MAP, {
      id: mapId,
    })
  ).territoryMap;

/** The map's zones as the export writes them (the zone id in the feature's properties), as import items. */
const exported = (zones: Zone[]) =>
  zones.map((z) => ({
    id: z.id,
    name: z.name,
    color: z.color,
    description: z.description,
    type: z.data.type,
    coordinates: z.data.coordinates,
  }));

beforeAll(async () => {
  server = await createTestServer();
  const f = factories(server.prisma);
  const p = server.prisma;
  const branch = await f.branch({ host: "import-alpha" });
  personId = (await p.person.create({ data: { branchId: branch.id, firstName: "Dana", lastName: "Driver" } })).id;
  warehouseId = (await p.warehouse.create({ data: { branchId: branch.id, name: "Main", externalId: "WH-1" } })).id;
  roleId = (await p.personTerritoryRole.create({ data: { branchId: branch.id, name: "Driver" } })).id;
  const manager = await f.user(branch.id, { permissions: ["TERRITORY_MANAGEMENT"] });
  const mapper = await f.user(branch.id, { permissions: ["MAPPING"] });
  for (const [k, u] of Object.entries({ manager, mapper })) {
    c[k] = new Client(server.url, "import-alpha");
    expect((await c[k]!.login(u.email, u.password)).isSuccess).toBe(true);
  }
  mapId = (
    await ok<{ addTerritoryMap: { id: string } }>(c.manager!, `mutation{ addTerritoryMap(name:"Import map"){ id } }`)
  ).addTerritoryMap.id;
  for (const [i, name] of ["North", "South", "East", "West"].entries()) {
    const z = await ok<{ addTerritoryZone: { id: string } }>(
      c.manager!,
      `mutation($i:AddTerritoryZoneInput!){ addTerritoryZone(input:$i){ id } }`,
      { i: { mapId, name, data: square(i * 2, 0) } },
    );
    await ok(
      c.manager!,
      `mutation($z:ID!,$p:[ID!]!,$r:ID!){ setZonePersons(zoneId:$z,personIds:$p,roleId:$r){ id } }`,
      {
        z: z.addTerritoryZone.id,
        p: [personId],
        r: roleId,
      },
    );
  }
  const west = (await zonesOf()).territoryZones.find((z) => z.name === "West")!;
  await ok(c.manager!, `mutation($i:SetZoneWarehouseInput!){ setZoneWarehouse(input:$i){ id } }`, {
    i: { zoneId: west.id, warehouseId },
  });
  await ok(c.manager!, `mutation($i:SetZoneLeadSourceInput!){ setZoneLeadSource(input:$i){ id } }`, {
    i: { zoneId: west.id, leadSources: [{ sourceId: "web", sourceName: "Website" }] },
  });
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe("zone import", () => {
  test("only TERRITORY_MANAGEMENT may preview, import or undo", async () => {
    const zones = exported((await zonesOf()).territoryZones);
    const r = await c.mapper!.gql(PREVIEW, { i: { mapId, zones } });
    expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const a = await c.mapper!.gql(APPLY, { i: { mapId, zones }, m: "REPLACE" });
    expect(a.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("the same file again: 4 unchanged; importing it changes nothing and keeps everyone", async () => {
    const before = (await zonesOf()).territoryZones;
    const file = exported(before);
    const p = await ok<{ previewTerritoryZoneImport: Record<string, number> }>(c.manager!, PREVIEW, {
      i: { mapId, zones: file },
    });
    expect(p.previewTerritoryZoneImport).toMatchObject({
      newCount: 0,
      changedCount: 0,
      unchangedCount: 4,
      removedCount: 0,
    });
    const a = await ok<{ applyTerritoryZoneImport: { message: string; importId: string | null } }>(c.manager!, APPLY, {
      i: { mapId, zones: file },
      m: "REPLACE",
    });
    expect(a.applyTerritoryZoneImport.importId).toBeNull();
    expect(a.applyTerritoryZoneImport.message).toContain("Nothing to import");
    expect((await zonesOf()).territoryZones).toEqual(before);
  });

  test("without ids the zones are matched by name (any case); replace keeps people, warehouse and sources; undo restores exactly", async () => {
    const before = (await zonesOf()).territoryZones;
    const file = exported(before)
      .filter((z) => z.name !== "South") // South is removed
      .map(({ id: _id, ...z }) => ({ ...z, name: z.name === "West" ? "WEST" : z.name }));
    file[0] = { ...file[0]!, ...square(0, 5), type: "Polygon" }; // North moved
    file.push({ name: "Harbour", type: "Polygon", coordinates: square(20, 20).coordinates } as never);
    const p = await ok<{
      previewTerritoryZoneImport: {
        newCount: number;
        changedCount: number;
        unchangedCount: number;
        removedCount: number;
        rows: { status: string; name: string; previousName: string | null; changes: string[]; uses: string[] }[];
      };
    }>(c.manager!, PREVIEW, { i: { mapId, zones: file } });
    const preview = p.previewTerritoryZoneImport;
    expect(preview).toMatchObject({ newCount: 1, changedCount: 2, unchangedCount: 1, removedCount: 1 });
    expect(preview.rows.find((r) => r.name === "North")).toMatchObject({ status: "CHANGED", changes: ["outline"] });
    expect(preview.rows.find((r) => r.name === "WEST")).toMatchObject({ previousName: "West", changes: ["name"] });
    expect(preview.rows.find((r) => r.status === "REMOVED")).toMatchObject({ name: "South", uses: ["1 person"] });
    expect((await zonesOf()).territoryZones).toEqual(before); // a preview writes nothing

    const a = await ok<{ applyTerritoryZoneImport: { message: string; importId: string } }>(c.manager!, APPLY, {
      i: { mapId, zones: file },
      m: "REPLACE",
    });
    expect(a.applyTerritoryZoneImport.message).toBe("Imported: 1 added, 2 changed, 1 removed.");
    const after = await zonesOf();
    expect(after.territoryZones.map((z) => z.name).sort()).toEqual(["East", "Harbour", "North", "WEST"]);
    const north = after.territoryZones.find((z) => z.name === "North")!;
    expect(north.id).toBe(before.find((z) => z.name === "North")!.id);
    expect(north.data.coordinates).toEqual(square(0, 5).coordinates);
    expect(north.persons).toEqual([{ personId, roleId }]);
    const west = after.territoryZones.find((z) => z.name === "WEST")!;
    expect(west).toMatchObject({ warehouse: { id: warehouseId }, leadSources: [{ sourceId: "web" }] });
    expect(west.persons).toHaveLength(1);
    expect(after.undoableImport?.id).toBe(a.applyTerritoryZoneImport.importId);

    const u = await ok<{ undoTerritoryZoneImport: { isSuccess: boolean } }>(c.manager!, UNDO, {
      id: a.applyTerritoryZoneImport.importId,
    });
    expect(u.undoTerritoryZoneImport.isSuccess).toBe(true);
    const restored = await zonesOf();
    expect(restored.territoryZones).toEqual(before); // South is back with its id and its person
    expect(restored.undoableImport).toBeNull();
    const again = await ok<{ undoTerritoryZoneImport: { isSuccess: boolean; message: string } }>(c.manager!, UNDO, {
      id: a.applyTerritoryZoneImport.importId,
    });
    expect(again.undoTerritoryZoneImport).toEqual({ isSuccess: false, message: "That import was already undone." });
  });

  test("add only adds the new zones; once the map changes, the import can no longer be undone", async () => {
    const before = (await zonesOf()).territoryZones;
    const file = [
      { ...exported(before)[0]!, name: "Renamed but ignored" },
      { name: "Harbour", type: "Polygon", coordinates: square(20, 20).coordinates },
    ];
    const a = await ok<{ applyTerritoryZoneImport: { message: string; importId: string } }>(c.manager!, APPLY, {
      i: { mapId, zones: file },
      m: "ADD",
    });
    expect(a.applyTerritoryZoneImport.message).toBe("Imported 1 zone.");
    const after = (await zonesOf()).territoryZones;
    expect(after).toHaveLength(5);
    expect(after.slice(0, 4)).toEqual(before);
    await ok(c.manager!, `mutation($i:UpdateTerritoryZoneInput!){ updateTerritoryZone(input:$i){ id } }`, {
      i: { id: before[1]!.id, name: "South side" },
    });
    const u = await ok<{ undoTerritoryZoneImport: { isSuccess: boolean; message: string } }>(c.manager!, UNDO, {
      id: a.applyTerritoryZoneImport.importId,
    });
    expect(u.undoTerritoryZoneImport).toEqual({
      isSuccess: false,
      message: "The map's zones changed after the import, so it can no longer be undone.",
    });
    expect((await zonesOf()).territoryZones).toHaveLength(5);
  });

  test("a bad file changes nothing and says what is wrong", async () => {
    const before = await zonesOf();
    const file = exported(before.territoryZones);
    const cases: [unknown[], string][] = [
      [[], "The file has no zones."],
      [
        [
          {
            ...file[0]!,
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [1, 0],
                [0, 1],
                [0, 0],
              ],
            ],
          },
          ...file.slice(1),
        ],
        "Zone 1 of the file",
      ],
      [[file[0], { ...file[1]!, color: "blue" }], "Colour must be a hex colour"],
      [[file[0], { ...file[0]! }], 'Zones 1 and 2 of the file are both the zone "North"'],
      [
        Array.from({ length: 501 }, (_, i) => ({ name: `Z${i}`, ...square(i, 0) })),
        "at most 500 zones; the file has 501",
      ],
    ];
    for (const [zones, message] of cases) {
      for (const [query, vars] of [
        [PREVIEW, {}],
        [APPLY, { m: "REPLACE" }],
      ] as const) {
        const r = await c.manager!.gql(query, { i: { mapId, zones }, ...vars });
        expect(r.errors?.[0]?.message ?? "").toContain(message);
      }
    }
    expect(await zonesOf()).toEqual(before);
  });
});
