import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";

// The zone import tried as an attacker would: another branch's map and import ids, the same import
// applied (or undone) several times at once, and files far too large. On PostgreSQL
// (TEST_DATABASE_URL) the concurrent calls interleave for real; PGlite runs them one at a time.

let server: TestServer;
let manager: Client;
let stranger: Client;
let mapId: string;

const square = (x: number, y: number) => ({
  type: "Polygon",
  coordinates: [
    [
      [x, y],
      [x + 1, y],
      [x + 1, y + 1],
      [x, y + 1],
      [x, y],
    ],
  ],
});
type R = { isSuccess: boolean; message: string };
const PREVIEW = `mutation($i:TerritoryZoneImportInput!){ previewTerritoryZoneImport(input:$i){ newCount } }`;
const APPLY = `mutation($i:TerritoryZoneImportInput!,$m:TerritoryZoneImportMode!){ applyTerritoryZoneImport(input:$i,mode:$m){ isSuccess message importId } }`;
const UNDO = `mutation($id:ID!){ undoTerritoryZoneImport(importId:$id){ isSuccess message } }`;
const zoneNames = async () =>
  (await server.prisma.territoryZone.findMany({ where: { mapId }, orderBy: { name: "asc" } })).map((z) => z.name);

beforeAll(async () => {
  server = await createTestServer();
  const f = factories(server.prisma);
  const clients: Client[] = [];
  for (const host of ["import-attack-a", "import-attack-b"]) {
    const branch = await f.branch({ host });
    const u = await f.user(branch.id, { permissions: ["TERRITORY_MANAGEMENT"] });
    const c = new Client(server.url, host);
    expect((await c.login(u.email, u.password)).isSuccess).toBe(true);
    clients.push(c);
  }
  [manager, stranger] = clients as [Client, Client];
  const map = await manager.gql<{ addTerritoryMap: { id: string } }>(
    `mutation{ addTerritoryMap(name:"Attack map"){ id } }`,
  );
  mapId = map.data!.addTerritoryMap.id;
  for (const [i, name] of ["North", "South"].entries())
    await manager.gql(`mutation($i:AddTerritoryZoneInput!){ addTerritoryZone(input:$i){ id } }`, {
      i: { mapId, name, data: square(i * 2, 0) },
    });
}, 120_000);
afterAll(() => server.close(), 30_000);

const file = [
  { name: "North", ...square(0, 0) },
  { name: "South", ...square(2, 0) },
  { name: "East", ...square(4, 0) },
  { name: "West", ...square(6, 0) },
];

describe("zone import under attack", () => {
  test("another branch's map and import: not found, nothing changes", async () => {
    for (const [q, v] of [
      [PREVIEW, {}],
      [APPLY, { m: "REPLACE" }],
    ] as const) {
      const r = await stranger.gql(q, { i: { mapId, zones: file }, ...v });
      expect(r.errors?.[0]).toMatchObject({ message: "Territory map not found.", extensions: { code: "NOT_FOUND" } });
    }
    const mine = await manager.gql<{ applyTerritoryZoneImport: R & { importId: string } }>(APPLY, {
      i: { mapId, zones: file.slice(0, 3) },
      m: "ADD",
    });
    const importId = mine.data!.applyTerritoryZoneImport.importId;
    const undo = await stranger.gql<{ undoTerritoryZoneImport: R }>(UNDO, { id: importId });
    expect(undo.errors?.[0]).toMatchObject({
      message: "That import can no longer be undone: a later import replaced it.",
      extensions: { code: "NOT_FOUND" },
    });
    expect(await zoneNames()).toEqual(["East", "North", "South"]);
    expect(
      (await manager.gql<{ undoTerritoryZoneImport: R }>(UNDO, { id: importId })).data?.undoTerritoryZoneImport
        .isSuccess,
    ).toBe(true);
    expect(await zoneNames()).toEqual(["North", "South"]);
  });

  test("the same import applied five times at once: one wins, no zone doubled", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        manager.gql<{ applyTerritoryZoneImport: R & { importId: string | null } }>(APPLY, {
          i: { mapId, zones: file },
          m: "REPLACE",
        }),
      ),
    );
    const won = answers.filter((a) => a.data?.applyTerritoryZoneImport.isSuccess);
    for (const a of answers.filter((x) => !x.data?.applyTerritoryZoneImport.isSuccess)) {
      const message = a.errors?.[0]?.message ?? a.data?.applyTerritoryZoneImport.message;
      expect([
        "The map's zones changed while the file was being imported (another import?): nothing was imported. Preview the file again.",
        "Nothing to import: the map already has the file's zones as they are.",
      ]).toContain(message!);
    }
    expect(won.filter((a) => a.data!.applyTerritoryZoneImport.importId)).toHaveLength(1);
    expect(await zoneNames()).toEqual(["East", "North", "South", "West"]);

    // Undone five times at once: once.
    const importId = won.find((a) => a.data!.applyTerritoryZoneImport.importId)!.data!.applyTerritoryZoneImport
      .importId;
    const undos = await Promise.all(
      Array.from({ length: 5 }, () => manager.gql<{ undoTerritoryZoneImport: R }>(UNDO, { id: importId })),
    );
    expect(undos.map((u) => u.errors)).toEqual(Array(5).fill(undefined));
    const undone = undos.filter((u) => u.data!.undoTerritoryZoneImport.isSuccess);
    expect(undone).toHaveLength(1);
    for (const u of undos.filter((x) => !x.data!.undoTerritoryZoneImport.isSuccess))
      expect([
        "That import was already undone.",
        "The map's zones changed after the import, so it can no longer be undone.",
      ]).toContain(u.data!.undoTerritoryZoneImport.message);
    expect(await zoneNames()).toEqual(["North", "South"]);
  });

  test("a file far too large is refused before any outline is read, with a clear message", async () => {
    // 20,000 features (no outline checked: the count is refused first).
    const many = Array.from({ length: 20_000 }, (_, i) => ({ name: `Z${i}`, type: "Polygon", coordinates: [] }));
    const counted = await manager.gql(PREVIEW, { i: { mapId, zones: many } });
    expect(counted.errors?.[0]?.message).toBe("A map can have at most 500 zones; the file has 20000.");
    // 200,000 features, or 50 MB: the request itself is refused before GraphQL reads it.
    for (const zones of [
      Array.from({ length: 200_000 }, (_, i) => ({ name: `Z${i}`, type: "Polygon", coordinates: [] })),
      [{ name: "Huge", type: "Polygon", coordinates: [[["0".repeat(50 * 1024 * 1024)]]] }],
    ]) {
      const r = await manager.gql(APPLY, { i: { mapId, zones }, m: "REPLACE" });
      expect(r.status).toBe(413);
      expect(r.errors?.[0]?.message).toMatch(/^The request is too large: at most \d+ MB\.$/);
    }
    expect(await zoneNames()).toEqual(["North", "South"]);
  });
});
