import type { Locator, Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, gql, screenshot, test, users } from "./fixtures";

// Team territories: the maps list with usage settings, drawing a zone on the map (MapLibre GL +
// terra-draw) and seeing it saved, renaming and recolouring it, territory roles, and an employee
// without the permission. MapLibre needs WebGL: without a GPU, Chromium's software renderer.

test.describe.configure({ timeout: 180_000 });
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist",
    ],
  },
});
const expect = baseExpect.configure({ timeout: 20_000 });
/** Each test makes its own uniquely named maps and roles, so the specs may run beside others. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function signInEmployee(page: Page, path: string) {
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/**
 * Where the orange (#ff8800) outline is on the map canvas, in page pixels: the canvas's screenshot
 * decoded by the browser and scanned for the outline's colour.
 */
async function orangeBounds(page: Page, canvas: Locator) {
  const box = (await canvas.boundingBox())!;
  const png = (await canvas.screenshot()).toString("base64");
  const b = await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!;
    ctx.drawImage(bitmap, 0, 0);
    const { data: px, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    let [left, top, right, bottom] = [width, height, -1, -1];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (px[i]! > 235 && px[i + 1]! > 115 && px[i + 1]! < 155 && px[i + 2]! < 40) {
          left = Math.min(left, x);
          right = Math.max(right, x);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      }
    return { left, top, right, bottom, width };
  }, png);
  expect(b.right, "the orange outline is on the map").toBeGreaterThan(b.left);
  const scale = box.width / b.width; // screenshot pixels per CSS pixel
  return {
    left: box.x + b.left * scale,
    top: box.y + b.top * scale,
    right: box.x + (b.right + 1) * scale - 1,
    bottom: box.y + (b.bottom + 1) * scale - 1,
  };
}

async function mapReady(page: Page) {
  await expect(page.locator('[data-testid="zone-map"][data-map-ready="true"]')).toBeVisible({ timeout: 60_000 });
}

test("the maps list shows the demo maps and the map usage settings", async ({ page }) => {
  await signInEmployee(page, "/team/territories");
  const list = page.getByRole("list", { name: "Territory maps" });
  await expect(list.getByRole("link", { name: "Service areas" })).toBeVisible();
  await expect(list.getByRole("link", { name: "Sales territories" })).toBeVisible();
  await expect(list).toContainText("6 zones");
  await expect(page.getByLabel("Work orders: map")).toContainText("Service areas");
  await expect(page.getByLabel("Activities: role")).toContainText("Sales rep");
  await screenshot(page, "territories-list");
});

test("an employee draws a zone, and it is saved; renaming and recolouring stick", async ({ page }) => {
  await signInEmployee(page, "/team/territories");
  const mapName = unique("E2E delivery map");
  await page.getByLabel("New map").fill(mapName);
  await page.getByRole("button", { name: "Add map" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(mapName);
  await mapReady(page);
  await expect(page.getByText("No zones yet.")).toBeVisible();

  await page.getByRole("button", { name: "Draw zone" }).click();
  const canvas = page.locator('[data-testid="zone-map"] canvas').first();
  const box = (await canvas.boundingBox())!;
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const corners = [at(0.35, 0.35), at(0.65, 0.35), at(0.65, 0.65), at(0.35, 0.65)];
  for (const p of corners) {
    await page.mouse.move(p.x, p.y);
    await page.mouse.click(p.x, p.y);
    await page.waitForTimeout(150); // terra-draw ignores clicks closer together than a double click
  }
  await page.mouse.move(corners[0]!.x, corners[0]!.y);
  await page.mouse.click(corners[0]!.x, corners[0]!.y); // back on the first corner closes the polygon
  await expect(page.getByText("Zone added.")).toBeVisible();
  const editor = page.getByTestId("zone-editor");
  await expect(editor.getByLabel("Zone name")).toHaveValue("Zone 1");

  await editor.getByLabel("Zone name").fill("Lakeside");
  await editor.getByLabel("Colour").fill("#ff8800");
  await editor.getByRole("button", { name: "Save zone" }).click();
  await expect(page.getByText("Zone saved.")).toBeVisible();
  await screenshot(page, "territory-map-zone-drawn");

  // reshape: drag the selected zone's south-east corner further out; the new outline is saved
  const mapId = page.url().split("/").pop() as string;
  const outline = async () => {
    const d = await gql<{ territoryMap: { territoryZones: { name: string; data: { coordinates: number[][][] } }[] } }>(
      page,
      "query($id: ID!){ territoryMap(mapId: $id){ territoryZones { name data { coordinates } } } }",
      { id: mapId },
    );
    const ring = d.territoryMap.territoryZones.find((z) => z.name === "Lakeside")?.data.coordinates[0] ?? [];
    return { east: Math.max(...ring.map((c) => c[0] as number)), south: Math.min(...ring.map((c) => c[1] as number)) };
  };
  const before = await outline();
  // the map may have moved since the zone was drawn: find its orange outline on the screen
  const drawn = await orangeBounds(page, canvas);
  const from = { x: drawn.right, y: drawn.bottom };
  const to = { x: from.x + 60, y: from.y + 50 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
  await page.mouse.up();
  await expect(page.getByText("Zone outline saved.")).toBeVisible();
  const after = await outline();
  expect(after.east).toBeGreaterThan(before.east);
  expect(after.south).toBeLessThan(before.south);
  // a drag by accident: Ctrl+Z puts the outline back (and the toast offered Undo)
  await page.keyboard.press("Control+z");
  await expect(page.getByText('The outline of "Lakeside" is back as it was.')).toBeVisible();
  await expect.poll(outline).toEqual(before);

  await page.reload();
  await mapReady(page);
  const zones = page.getByRole("list", { name: "Zones" });
  await expect(zones.getByRole("button", { name: /Lakeside/ })).toBeVisible();
  await expect(zones.locator("span[style]").first()).toHaveCSS("background-color", "rgb(255, 136, 0)");

  // a driver and a warehouse for the zone
  await zones.getByRole("button", { name: /Lakeside/ }).click();
  await editor.getByRole("combobox", { name: "Warehouse" }).click();
  await page.getByRole("option", { name: "Main Warehouse" }).click();
  await expect(page.getByText("Warehouse saved.")).toBeVisible();
  await editor.getByLabel("New lead source").fill("Farmers market");
  await editor.getByRole("button", { name: "Add", exact: true }).click();
  await expect(editor.getByText("Farmers market")).toBeVisible();
});

test("zones are imported from and exported to GeoJSON; a map is duplicated and deleted", async ({ page }) => {
  await signInEmployee(page, "/team/territories");
  const mapName = unique("Imported map");
  await page.getByLabel("New map").fill(mapName);
  await page.getByRole("button", { name: "Add map" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(mapName);
  await mapReady(page);
  const square = (x: number, y: number, d = 0.02) => [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ];
  const collection = {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { name: "Imported A", color: "#00aa55" },
        geometry: { type: "Polygon", coordinates: square(-97.76, 30.26) },
      },
      {
        type: "Feature",
        properties: { name: "Imported B" },
        geometry: { type: "MultiPolygon", coordinates: [square(-97.7, 30.3), square(-97.66, 30.3)] },
      },
    ],
  };
  const input = page.getByLabel("GeoJSON file to import");
  await input.setInputFiles({
    name: "zones.geojson",
    mimeType: "application/geo+json",
    buffer: Buffer.from(JSON.stringify(collection)),
  });
  const importDialog = page.getByRole("dialog");
  await expect(importDialog.getByRole("status", { name: "Import preview" })).toContainText("2 new");
  await importDialog.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Imported 2 zones.", { exact: true })).toBeVisible();
  const zones = page.getByRole("list", { name: "Zones" });
  await expect(zones.getByRole("button")).toHaveCount(2);

  const unclosed = {
    type: "Polygon",
    coordinates: [
      [
        [-97.7, 30.2],
        [-97.6, 30.2],
        [-97.6, 30.3],
      ],
    ],
  };
  await input.setInputFiles({
    name: "bad.geojson",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(unclosed)),
  });
  await expect(page.getByText(/is not closed: its last point must be the same as its first/)).toBeVisible();
  await importDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(zones.getByRole("button")).toHaveCount(2);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export GeoJSON" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await (await import("node:fs/promises")).readFile(file, "utf8"));
  expect(exported.features.map((f: { properties: { name: string } }) => f.properties.name).sort()).toEqual([
    "Imported A",
    "Imported B",
  ]);
  expect(
    exported.features.find((f: { geometry: { type: string } }) => f.geometry.type === "MultiPolygon"),
  ).toBeTruthy();

  await page.getByRole("link", { name: "All maps" }).click();
  await page.getByRole("button", { name: `Duplicate ${mapName}` }).click();
  const list = page.getByRole("list", { name: "Territory maps" });
  await expect(list.getByRole("link", { name: `${mapName} (copy)` })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${mapName} (copy)` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`Deleted the map "${mapName} (copy)".`)).toBeVisible();
  await expect(list.getByRole("link", { name: `${mapName} (copy)` })).toHaveCount(0);
});

test("re-importing an exported file: the preview says what changes, the people stay, and the import can be undone", async ({
  page,
}) => {
  await signInEmployee(page, "/team/territories");
  // a map of its own: 4 zones, each with a driver
  const options = await gql<{
    territoryPersonOptions: { id: string; fullName: string }[];
    personTerritoryRoles: { id: string }[];
  }>(page, "{ territoryPersonOptions { id fullName } personTerritoryRoles { id } }");
  const person = options.territoryPersonOptions[0]!;
  const mapName = unique("Reimport map");
  const { addTerritoryMap: map } = await gql<{ addTerritoryMap: { id: string } }>(
    page,
    "mutation($n: String!){ addTerritoryMap(name: $n){ id } }",
    { n: mapName },
  );
  for (const [i, name] of ["Zone A", "Zone B", "Zone C", "Zone D"].entries()) {
    const x = -97.8 + i * 0.05;
    const { addTerritoryZone: zone } = await gql<{ addTerritoryZone: { id: string } }>(
      page,
      "mutation($i: AddTerritoryZoneInput!){ addTerritoryZone(input: $i){ id } }",
      {
        i: {
          mapId: map.id,
          name,
          data: {
            type: "Polygon",
            coordinates: [
              [
                [x, 30.2],
                [x + 0.04, 30.2],
                [x + 0.04, 30.24],
                [x, 30.24],
                [x, 30.2],
              ],
            ],
          },
        },
      },
    );
    await gql(
      page,
      "mutation($z: ID!, $p: [ID!]!, $r: ID!){ setZonePersons(zoneId: $z, personIds: $p, roleId: $r){ id } }",
      {
        z: zone.id,
        p: [person.id],
        r: options.personTerritoryRoles[0]!.id,
      },
    );
  }
  await page.goto(`/team/territories/${map.id}`);
  await mapReady(page);
  const zones = page.getByRole("list", { name: "Zones" });
  await expect(zones.getByRole("button")).toHaveCount(4);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export GeoJSON" }).click();
  const text = await (await import("node:fs/promises")).readFile(await (await download).path(), "utf8");
  const input = page.getByLabel("GeoJSON file to import");
  const dialog = page.getByRole("dialog");
  const preview = dialog.getByRole("status", { name: "Import preview" });

  // the same file again: nothing new, nothing doubled
  await input.setInputFiles({ name: "zones.geojson", mimeType: "application/geo+json", buffer: Buffer.from(text) });
  await expect(preview).toContainText("0 new");
  await expect(preview).toContainText("4 unchanged");
  await dialog.getByRole("button", { name: "Nothing to import" }).click();
  await expect(page.getByText("Nothing to import: the map already has the file's zones as they are.")).toBeVisible();
  await expect(zones.getByRole("button")).toHaveCount(4);
  for (const button of await zones.getByRole("button").all()) await expect(button).toContainText(person.fullName);

  // one zone renamed in the file (as in QGIS or geojson.io)
  const edited = JSON.parse(text);
  edited.features[0].properties.name = "Zone A renamed";
  await input.setInputFiles({
    name: "edited.geojson",
    mimeType: "application/geo+json",
    buffer: Buffer.from(JSON.stringify(edited)),
  });
  await expect(preview).toContainText("1 changed");
  await expect(preview).toContainText("3 unchanged");
  await expect(dialog.getByRole("list", { name: "Zones in the import" })).toContainText("Zone A renamed (was Zone A)");
  await screenshot(page, "territory-import-preview");
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Imported: 1 changed.", { exact: true })).toBeVisible();
  await expect(zones.getByRole("button")).toHaveCount(4);
  await expect(zones.getByRole("button", { name: /Zone A renamed/ })).toContainText(person.fullName);
  await expect(page.getByText("Last import: Imported: 1 changed.")).toBeVisible();

  // undo, from the toast
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(page.getByText("Import undone: the map's zones are as they were before it.")).toBeVisible();
  await expect(zones.getByRole("button", { name: /^Zone A/ })).not.toContainText("renamed");
  await expect(zones.getByRole("button")).toHaveCount(4);
  await expect(page.getByRole("button", { name: "Undo import" })).toHaveCount(0);
  await screenshot(page, "territory-map-after-undo");
});

test("a zone's unsaved name is not lost without a word", async ({ page }) => {
  await signInEmployee(page, "/team/territories");
  await page.getByRole("link", { name: "Service areas" }).click();
  await mapReady(page);
  const zones = page.getByRole("list", { name: "Zones" });
  await zones.getByRole("button", { name: /North Austin/ }).click();
  const editor = page.getByTestId("zone-editor");
  await editor.getByLabel("Zone name").fill("North Austin (typed)");
  // going back to all zones asks first; staying keeps what was typed
  page.once("dialog", (d) => void d.dismiss());
  await page.getByRole("button", { name: "All zones" }).click();
  await expect(editor.getByLabel("Zone name")).toHaveValue("North Austin (typed)");
  // following a link asks too
  page.once("dialog", (d) => void d.dismiss());
  await page.getByRole("link", { name: "All maps" }).click();
  await expect(page).toHaveURL(/\/team\/territories\/[0-9a-f-]+$/);
  await expect(editor.getByLabel("Zone name")).toHaveValue("North Austin (typed)");
  // leaving on purpose drops the change: the zone keeps its saved name
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "All zones" }).click();
  await expect(zones.getByRole("button", { name: /North Austin/ })).toBeVisible();
  await expect(zones).not.toContainText("(typed)");
});

test("the demo map at phone width and in dark mode", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "dark" })));
  await signInEmployee(page, "/team/territories");
  await page.getByRole("link", { name: "Service areas" }).click();
  await mapReady(page);
  await expect(page.getByRole("list", { name: "Zones" }).getByRole("button")).toHaveCount(6);
  await screenshot(page, "territory-map-dark-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .getByRole("list", { name: "Zones" })
    .getByRole("button", { name: /North Austin/ })
    .click();
  await expect(page.getByTestId("zone-editor").getByLabel("Zone name")).toHaveValue("North Austin");
  await screenshot(page, "territory-map-dark-phone");
});

test("territory roles: add, rename, delete; a role in use asks first", async ({ page }) => {
  await signInEmployee(page, "/team/territories/roles");
  const roles = page.getByRole("list", { name: "Territory roles" });
  await expect(roles).toContainText("Driver");
  const role = unique("Surveyor");
  await page.getByLabel("New role").fill(role);
  await page.getByRole("button", { name: "Add role" }).click();
  await expect(roles.getByText(role)).toBeVisible();
  await page.getByRole("button", { name: `Rename ${role}` }).click();
  await page.getByLabel("Role name").fill(`Land ${role}`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(roles.getByText(`Land ${role}`)).toBeVisible();
  await page.getByRole("button", { name: `Delete Land ${role}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(roles.getByText(`Land ${role}`)).toHaveCount(0);

  await page.getByRole("button", { name: "Delete Driver" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByRole("list", { name: "What uses it" })).toContainText("the role that assigns work orders");
  await screenshot(page, "territory-roles-in-use");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(roles.getByText("Driver")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "territory-roles-phone");
});

test("an employee without the permission does not get the territories pages", async ({ page }) => {
  await apiSignIn(page, "noaccess@demo.test", `/team/login?ReturnUrl=${encodeURIComponent("/team")}`);
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("link", { name: "Territories" })).toHaveCount(0);
  await page.goto("/team/territories");
  await expect(page).toHaveURL(/\/forbidden$/);
});
