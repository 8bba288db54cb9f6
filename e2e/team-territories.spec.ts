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
  await page.getByLabel("New map").fill("E2E delivery map");
  await page.getByRole("button", { name: "Add map" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E2E delivery map");
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
  await page.getByLabel("New map").fill("Imported map");
  await page.getByRole("button", { name: "Add map" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imported map");
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
  await expect(page.getByText("Imported 2 zones.")).toBeVisible();
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
  await page.getByRole("button", { name: "Duplicate Imported map" }).click();
  const list = page.getByRole("list", { name: "Territory maps" });
  await expect(list.getByRole("link", { name: "Imported map (copy)" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Imported map (copy)" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText('Deleted the map "Imported map (copy)".')).toBeVisible();
  await expect(list.getByRole("link", { name: "Imported map (copy)" })).toHaveCount(0);
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
  await page.getByLabel("New role").fill("Surveyor");
  await page.getByRole("button", { name: "Add role" }).click();
  await expect(roles.getByText("Surveyor")).toBeVisible();
  await page.getByRole("button", { name: "Rename Surveyor" }).click();
  await page.getByLabel("Role name").fill("Land surveyor");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(roles.getByText("Land surveyor")).toBeVisible();
  await page.getByRole("button", { name: "Delete Land surveyor" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(roles.getByText("Land surveyor")).toHaveCount(0);

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
