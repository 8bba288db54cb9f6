import { expect, test } from "bun:test";
import { Client, type TestServer } from "../../../test/harness.ts";
import { serveDemo } from "../../../test/serve-demo.ts";

// The demo's custom fields, as the screens read them: a service address's gate code (pinned) with
// values on some addresses, and a person's CDL expiry shown only when they hold a CDL.

let server: TestServer;
serveDemo((s) => {
  server = s;
});

test("demo custom fields by table, conditions pointing at their parents", async () => {
  const eric = new Client(server.url, "demo");
  expect((await eric.login("employee@demo.test", "demo-pass-1")).isSuccess).toBe(true);
  type F = {
    id: string;
    name: string;
    tableId: string;
    pinStatus: string;
    displayIfFieldId: string | null;
    displayIfFieldValue: string;
  };
  const r = await eric.gql<{ customFields: F[] }>(
    `{ customFields { id name tableId pinStatus displayIfFieldId displayIfFieldValue } }`,
  );
  expect(r.errors).toBeUndefined();
  const byName = new Map(r.data!.customFields.map((f) => [f.name, f]));
  expect(byName.get("Gate code")).toMatchObject({ tableId: "SERVICE_ADDRESS", pinStatus: "PINNED" });
  expect(byName.get("Water hardness (gpg)")?.tableId).toBe("SERVICE_ADDRESS");
  expect(byName.get("Referred by")?.tableId).toBe("LEAD");
  expect(byName.get("CDL expiry")).toMatchObject({
    displayIfFieldId: byName.get("Holds a CDL")!.id,
    displayIfFieldValue: "true",
  });
  expect(byName.get("Softener model")?.displayIfFieldId).toBe(byName.get("Install type")!.id);
  expect(await server.prisma.customFieldValue.count({ where: { fieldId: byName.get("Gate code")!.id } })).toBe(6);
  // A thread's install type and an activity's bottles are pinned, with values on some records.
  expect(byName.get("Install type")).toMatchObject({ tableId: "PROJECT_THREAD", pinStatus: "PINNED" });
  expect(byName.get("Bottles delivered")).toMatchObject({ tableId: "ACTIVITY", pinStatus: "PINNED" });
  for (const name of ["Install type", "Bottles delivered"])
    expect(await server.prisma.customFieldValue.count({ where: { fieldId: byName.get(name)!.id } })).toBeGreaterThan(0);
});
