import type { Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, screenshot as fullPageScreenshot, test, users } from "./fixtures";
import { pngImage } from "./images";

// Journeys of many steps on a shared, busy machine: give each test and each wait room.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A full-page screenshot from the top (a scrolled page would repeat its sticky header mid-image). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageScreenshot(page, name);
}

// Team inventory: the paged, searchable list (state in the address), and the item page where an
// employee edits an item, prices it, uploads a photo, lists it and sees it in the shop.

async function signInEmployee(page: Page, path = "/team/inventory") {
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, "\\?")));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test.describe("inventory list", () => {
  test("paged and searchable on the server, with the state in the address", async ({ page }) => {
    await signInEmployee(page);
    await expect(page.getByRole("heading", { name: "Inventory", level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Inventory items" });
    await expect(table.getByRole("row")).toHaveCount(26); // header + 25 items
    await expect(page.getByText(/^1–25 of \d+ items$/)).toBeVisible();
    await screenshot(page, "team-inventory-list");

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^26–\d+ of \d+ items$/)).toBeVisible();

    await page.getByRole("searchbox", { name: "Search items" }).fill("spring");
    await expect(page).toHaveURL(/q=spring/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.getByRole("link", { name: "5G-SPRING" })).toBeVisible();
    await expect(table.getByRole("link", { name: "COFFEE-HOUSE" })).toHaveCount(0);

    // The address keeps the search: a reload shows the same list.
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search items" })).toHaveValue("spring");
    await expect(table.getByRole("link", { name: "5G-SPRING" })).toBeVisible();

    await page.getByRole("button", { name: /^Price/ }).click();
    await expect(page).toHaveURL(/sort=RETAIL_PRICE/);

    await page.getByRole("searchbox", { name: "Search items" }).fill("no such thing anywhere");
    await expect(page.getByText("No items match")).toBeVisible();
    await screenshot(page, "team-inventory-empty-search");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByRole("searchbox", { name: "Search items" })).toHaveValue("");
  });

  test("warehouses are listed and a new one can be added", async ({ page }) => {
    await signInEmployee(page);
    await page.getByRole("button", { name: "Warehouses" }).click();
    const dialog = page.getByRole("dialog", { name: "Warehouses" });
    const list = dialog.getByRole("list", { name: "Warehouses" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list).toContainText("Main Warehouse");
    await dialog.getByLabel("New warehouse").fill("main warehouse");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(dialog.getByText('A warehouse named "Main Warehouse" already exists.')).toBeVisible();
    await dialog.getByLabel("New warehouse").fill("Pflugerville Yard");
    await dialog.getByLabel("Code").fill("WH-03");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("Pflugerville Yard added.")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(3);
    // A dialog: the visible screen, not the full page.
    await page.screenshot({ path: "test-results/screens/team-inventory-warehouses.png" });
  });

  test("phones get a list of cards", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInEmployee(page);
    await expect(page.getByRole("list", { name: "Inventory items" }).getByRole("link").first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Inventory items" })).toBeHidden();
    await screenshot(page, "team-inventory-list-mobile");
  });
});

test.describe("inventory item", () => {
  test("an employee edits an item, prices it, uploads a photo, lists it, and the shop shows it", async ({
    page,
    browser,
  }) => {
    await signInEmployee(page, "/team/inventory?q=RO-MEMBRANE");
    await page.getByRole("link", { name: "RO-MEMBRANE" }).click();
    await expect(page.getByRole("heading", { name: "Reverse Osmosis Membrane 75 GPD", level: 1 })).toBeVisible();
    await expect(page.getByText("Not listed").first()).toBeVisible();

    // Details and listing: a title is required to list.
    const details = page.getByRole("form", { name: "Details and shop listing" });
    await details.getByRole("combobox", { name: "Shop status" }).click();
    await page.getByRole("option", { name: "Listed, for sale" }).click();
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByText("A shop title is required to list an item in the shop.")).toBeVisible();
    await details.getByLabel("Shop title").fill("RO Membrane, 75 GPD");
    await details
      .getByLabel("Shop description")
      .fill("Replacement membrane for under-sink reverse osmosis systems. Lasts two to three years.");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Item saved.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "RO Membrane, 75 GPD", level: 1 })).toBeVisible();

    // Prices: a sale price must be lower than retail.
    const prices = page.getByRole("form", { name: "Prices" });
    await prices.getByLabel("Retail price").fill("64.95");
    await prices.getByLabel("Sale price").fill("70");
    await prices.getByRole("button", { name: "Save prices" }).click();
    await expect(
      prices.getByText("Sale price must be lower than the retail price (leave it empty for no sale)."),
    ).toBeVisible();
    await prices.getByLabel("Sale price").fill("54.95");
    await expect(prices.getByText("15% off the retail price")).toBeVisible();
    await prices.getByRole("button", { name: "Save prices" }).click();
    await expect(page.getByText("Prices saved.")).toBeVisible();
    await expect(page.getByText("On sale $54.95")).toBeVisible();

    // Photos: a text file is refused, a PNG is uploaded and shown.
    const upload = page.getByLabel("Upload photos");
    await upload.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByText("notes.txt: Only PNG, JPEG, WebP and GIF images can be uploaded.")).toBeVisible();
    await upload.setInputFiles({ name: "membrane.png", mimeType: "image/png", buffer: pngImage(240) });
    await expect(page.getByText("Photo uploaded.")).toBeVisible();
    const photo = page.getByRole("img", { name: "RO Membrane, 75 GPD (1 of 1)" });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    const src = await photo.getAttribute("src");
    expect(src).toMatch(/^\/media\/[a-f0-9]{32}\.png$/);

    // Stock: add five at the main warehouse.
    await page.getByRole("button", { name: "Adjust stock at Main Warehouse" }).click();
    const dialog = page.getByRole("dialog", { name: "Adjust stock" });
    await dialog.getByRole("textbox", { name: "Quantity" }).fill("5");
    await expect(dialog.getByText("After: 5 in stock")).toBeVisible();
    await dialog.getByRole("button", { name: "Save adjustment" }).click();
    await expect(page.getByText("Main Warehouse: 5 in stock.")).toBeVisible();
    await expect(page.getByText("5 on hand in all warehouses.")).toBeVisible();
    await screenshot(page, "team-inventory-item");

    // A visitor finds the product in the shop, with its photo and sale price.
    const visitor = await browser.newContext();
    const shop = await visitor.newPage();
    await shop.goto("/shop");
    await expect(shop.getByText("RO Membrane, 75 GPD").first()).toBeVisible({ timeout: 20_000 });
    await expect(shop.locator(`img[src="${src}"]`).first()).toBeVisible();
    await expect(shop.getByText("$54.95").first()).toBeVisible();
    await screenshot(shop, "team-inventory-listed-in-shop");
    await visitor.close();
  });

  test("photos reorder and delete after confirmation", async ({ page }) => {
    await signInEmployee(page, "/team/inventory?q=SANITIZE");
    await page.getByRole("link", { name: "SANITIZE" }).click();
    await expect(page.getByText("No photos yet")).toBeVisible();
    const upload = page.getByLabel("Upload photos");
    await upload.setInputFiles([
      { name: "small.png", mimeType: "image/png", buffer: pngImage(48) },
      { name: "large.png", mimeType: "image/png", buffer: pngImage(120) },
    ]);
    await expect(page.getByText("2 photos uploaded.")).toBeVisible();
    const photos = page.getByRole("list", { name: "Photos" });
    const widths = () =>
      photos.getByRole("img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
    await expect.poll(widths).toEqual([48, 120]);
    await expect(photos.getByText("Main photo")).toHaveCount(1);

    await page.getByRole("button", { name: "Move photo 2 earlier" }).click();
    await expect.poll(widths).toEqual([120, 48]);
    await page.reload();
    await expect.poll(widths).toEqual([120, 48]);
    await screenshot(page, "team-inventory-item-photos");

    await page.getByRole("button", { name: "Delete photo 1" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this photo?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Photo deleted.")).toBeVisible();
    await expect.poll(widths).toEqual([48]);
  });

  test("a service keeps no stock, and unsaved edits ask before leaving", async ({ page }) => {
    // A service (no quantity) shows no "0 in stock", in the list or on its page.
    await signInEmployee(page, "/team/inventory?q=SANITIZE");
    const row = page.getByRole("table", { name: "Inventory items" }).getByRole("row").filter({ hasText: "SANITIZE" });
    await expect(row).toBeVisible();
    await expect(row).toContainText("No stock kept");
    await expect(row).not.toContainText(/\b0\b(?!\.)/);
    await row.getByRole("link", { name: "SANITIZE" }).click();
    await expect(page.getByText("No stock is kept for this item: it is a service, rental or fee.")).toBeVisible();
    await expect(page.getByText(/in stock/)).toHaveCount(0);

    // An edit not saved: leaving asks first; Cancel keeps the page and the change.
    const description = page.getByLabel("Description", { exact: true });
    await description.fill("Dispenser Sanitization Service (edited)");
    page.once("dialog", (d) => {
      expect(d.message()).toBe("You have unsaved changes. Leave this page without saving them?");
      void d.dismiss();
    });
    await page.getByRole("link", { name: "Inventory", exact: true }).first().click();
    await expect(description).toHaveValue("Dispenser Sanitization Service (edited)");
    await expect(page).toHaveURL(/\/team\/inventory\/[0-9a-f-]{36}$/);
    // OK leaves without saving
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("link", { name: "Inventory", exact: true }).first().click();
    await expect(page.getByRole("heading", { name: "Inventory", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/team\/inventory$/);
  });

  test("an unknown item id shows the not-found page", async ({ page }) => {
    const path = "/team/inventory/00000000-0000-4000-8000-000000000000";
    await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
    await expect(page).toHaveURL(/\/404/, { timeout: 30_000 });
  });
});
