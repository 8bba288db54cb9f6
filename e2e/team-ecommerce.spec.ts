import type { Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, screenshot as fullPageScreenshot, test, users } from "./fixtures";

// Journeys of many steps on a shared, busy machine: give each test and each wait room.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A full-page screenshot from the top (a scrolled page would repeat its sticky header mid-image). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageScreenshot(page, name);
}

// Team e-commerce: setup (storefront HTML previewed before saving, pricing plans, branding),
// operations (online orders, open carts) and analytics.

async function signInEmployee(page: Page, path: string) {
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, "\\?")));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test.describe("e-commerce setup", () => {
  test("a banner is previewed without its script, saved, and shown in the shop", async ({ page, browser }) => {
    await signInEmployee(page, "/team/ecommerce-setup");
    await expect(page.getByRole("heading", { name: "E-commerce setup", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "Storefront" });
    const banner = form.getByLabel("Shop banner");
    await expect(banner).toHaveValue(/Fresh water and supplies/);

    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await banner.fill(
      '<h2>Winter sale: 15% off dispensers</h2><p onclick="alert(1)">Until January 31.</p><script>alert("x")</script>',
    );
    const preview = page.frameLocator('iframe[title="Shop banner preview"]');
    await expect(preview.getByRole("heading", { name: "Winter sale: 15% off dispensers" })).toBeVisible();
    await expect(preview.getByText("Until January 31.")).toBeVisible();
    await expect(preview.locator("script")).toHaveCount(0);
    await expect(form.getByText("Unsaved changes")).toBeVisible();
    await screenshot(page, "team-ecommerce-setup-preview");

    await form.getByRole("button", { name: "Save storefront" }).click();
    await expect(page.getByText("Storefront saved.")).toBeVisible();
    await expect(form.getByText("Unsaved changes")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("form", { name: "Storefront" }).getByLabel("Shop banner")).toHaveValue(
      "<h2>Winter sale: 15% off dispensers</h2><p>Until January 31.</p>",
      { timeout: 20_000 },
    );
    expect(dialogs).toBe(0);

    const visitor = await browser.newContext();
    const shop = await visitor.newPage();
    await shop.goto("/shop");
    await expect(shop.getByRole("heading", { name: "Winter sale: 15% off dispensers" })).toBeVisible({
      timeout: 20_000,
    });
    await visitor.close();
  });

  test("pricing plans: create one and make it the shop's default", async ({ page }) => {
    await signInEmployee(page, "/team/ecommerce-setup?tab=pricing");
    const table = page.getByRole("table", { name: "Pricing plans" });
    await expect(table.getByRole("row", { name: /Commercial/ })).toBeVisible();
    await page.getByRole("button", { name: "New plan" }).click();
    const dialog = page.getByRole("dialog", { name: "New pricing plan" });
    await dialog.getByLabel("Name").fill("Commercial");
    await dialog.getByRole("button", { name: "Create plan" }).click();
    await expect(dialog.getByText('A pricing plan named "Commercial" already exists.')).toBeVisible();
    await dialog.getByLabel("Name").fill("Church & school");
    await dialog.getByLabel("Discount (%)").fill("12");
    await dialog.getByRole("button", { name: "Create plan" }).click();
    await expect(page.getByText("Church & school created.")).toBeVisible();
    const row = table.getByRole("row", { name: /Church & school/ });
    await expect(row).toContainText("12%");
    await row.getByRole("button", { name: "Make default" }).click();
    await expect(page.getByText("Church & school is now the default pricing plan.")).toBeVisible();
    await expect(row.getByText("Shop default")).toBeVisible();
    await expect(page.getByText("The shop prices with Church & school (12% off list prices).")).toBeVisible();
    await screenshot(page, "team-ecommerce-setup-pricing");
  });

  test("branding and the other tabs render with their saved values", async ({ page }) => {
    await signInEmployee(page, "/team/ecommerce-setup?tab=branding");
    const form = page.getByRole("form", { name: "Branch branding" });
    await expect(form.getByLabel("Company name")).toHaveValue("Demo Water Co.");
    const header = page.frameLocator('iframe[title="Header HTML preview"]');
    await expect(header.getByText("Pure Texas spring water, delivered to your door since 1998.")).toBeVisible();
    await form.getByLabel("Brand website").fill("demo-water.example");
    await form.getByRole("button", { name: "Save branding" }).click();
    await expect(form.getByText("Brand website must start with https:// or http://.")).toBeVisible();
    await form.getByLabel("Brand website").fill("https://demo-water.example");
    await form.getByLabel("Phone").fill("(512) 555-0101");
    await form.getByRole("button", { name: "Save branding" }).click();
    await expect(page.getByText("Branding saved.")).toBeVisible();
    await screenshot(page, "team-ecommerce-setup-branding");

    await page.getByRole("tab", { name: "Website & shipping" }).click();
    await expect(page).toHaveURL(/tab=website/);
    await expect(page.getByLabel("Contact email")).toHaveValue("shop@demo-water.example");
    await expect(page.getByLabel("Shipping per order")).toHaveValue("5.00");
    await screenshot(page, "team-ecommerce-setup-website");
    await page.getByRole("tab", { name: "Sale workflow" }).click();
    await expect(page.getByRole("combobox", { name: "Workflow shortcut" })).toBeVisible();
    await screenshot(page, "team-ecommerce-setup-workflow");
  });

  test("phones: tabs scroll, editor and preview stack", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInEmployee(page, "/team/ecommerce-setup");
    await expect(page.getByRole("form", { name: "Storefront" })).toBeVisible();
    await screenshot(page, "team-ecommerce-setup-mobile");
  });
});

test.describe("e-commerce operations", () => {
  test("online orders with their state, filtered and searched", { tag: "@date" }, async ({ page }) => {
    await signInEmployee(page, "/team/ecommerce-operations");
    const table = page.getByRole("table", { name: "Online orders" });
    await expect(table.getByRole("row")).toHaveCount(21); // header + 20 per page
    await expect(page.getByText(/^1–20 of \d+ orders$/)).toBeVisible();
    await screenshot(page, "team-ecommerce-operations-orders");

    await page.getByRole("button", { name: /^Cancelled/ }).click();
    await expect(page).toHaveURL(/status=CANCELLED/);
    await expect(table.getByText("Cancelled").first()).toBeVisible();
    await expect(table.getByText("Scheduled")).toHaveCount(0);

    await page.getByRole("button", { name: /^All/ }).click();
    await page.getByRole("searchbox", { name: "Search orders" }).fill("100001");
    // The shop seed's orders of 100001 (#1001-#1003), and any placed since.
    await expect(table.getByRole("button", { name: "Show lines of order #1003" })).toBeVisible();
    await expect(table.getByRole("button", { name: "Show lines of order #1001" })).toBeVisible();
    for (const row of await table.getByRole("row").all()) {
      if (await row.getByRole("columnheader").count()) continue;
      await expect(row).toContainText("#100001");
    }
    await table.getByRole("button", { name: "Show lines of order #1003" }).click();
    await expect(table.getByRole("term").filter({ hasText: "Sales tax" })).toBeVisible();
  });

  test("open carts: a cart is cleared after confirmation", async ({ page }) => {
    await signInEmployee(page, "/team/ecommerce-operations?tab=carts");
    const carts = page.getByRole("list", { name: "Open carts" });
    await expect(carts.getByRole("listitem").first()).toBeVisible();
    const total = page.getByText(/^1–\d+ of (\d+) carts$/);
    const before = Number((await total.textContent())?.match(/of (\d+)/)?.[1]);
    await screenshot(page, "team-ecommerce-operations-carts");
    await carts
      .getByRole("button", { name: /^Clear cart of/ })
      .first()
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Clear this cart?" });
    await confirm.getByRole("button", { name: "Clear cart" }).click();
    await expect(page.getByText(/^Cart cleared \(\d+ items? removed\)\.$/)).toBeVisible();
    await expect(page.getByText(new RegExp(`of ${before - 1} carts$`))).toBeVisible();
  });

  test("phones: orders as cards", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInEmployee(page, "/team/ecommerce-operations");
    await expect(page.getByRole("list", { name: "Online orders" }).getByRole("listitem").first()).toBeVisible();
    await screenshot(page, "team-ecommerce-operations-mobile");
  });
});

test.describe("e-commerce analytics", () => {
  test("totals and charts match the API for the chosen period", { tag: "@date" }, async ({ page }) => {
    await signInEmployee(page, "/team/ecommerce-analytics");
    await expect(page.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
    const url = new URL(page.url());
    expect(url.searchParams.get("start")).toBeNull();
    await expect(page.getByRole("img", { name: /^Sales per day/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Carts and orders per day/ })).toBeVisible();

    // The page shows what the API reports for the same period.
    const start = await page.getByLabel("From", { exact: true }).inputValue();
    const end = await page.getByLabel("To", { exact: true }).inputValue();
    const api = await page.request.post("/graphql", {
      data: {
        query: `query($s: Date!, $e: Date!) { cartsAndSalesAnalytics(startDate: $s, endDate: $e) { salesCents orderCount cartCount convertedCartCount } }`,
        variables: { s: start, e: end },
      },
    });
    const { data } = (await api.json()) as {
      data: {
        cartsAndSalesAnalytics: {
          salesCents: number;
          orderCount: number;
          cartCount: number;
          convertedCartCount: number;
        };
      };
    };
    const a = data.cartsAndSalesAnalytics;
    expect(a.orderCount).toBeGreaterThan(0);
    const totals = page.getByRole("region", { name: "Totals" });
    const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(a.salesCents / 100);
    await expect(totals.getByText(money, { exact: true })).toBeVisible();
    await expect(totals.getByText(`${a.convertedCartCount} of ${a.cartCount} carts ordered`)).toBeVisible();
    await screenshot(page, "team-ecommerce-analytics");

    await page.getByRole("button", { name: "Last 90 days" }).click();
    await expect(page).toHaveURL(/start=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole("button", { name: "Last 90 days" })).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-31");
    await expect(page.getByText("No shop activity in this period")).toBeVisible();
  });

  test("phones: totals in two columns, charts full width", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInEmployee(page, "/team/ecommerce-analytics");
    await expect(page.getByRole("img", { name: /^Sales per day/ })).toBeVisible();
    await screenshot(page, "team-ecommerce-analytics-mobile");
  });
});
