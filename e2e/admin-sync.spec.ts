import { screenshots } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, test, users } from "./fixtures";

// Admin console: the health of desktop sync (WebSync Analytics, WTD Syncing), mobile relays and
// payment-terminal relays, from the demo's month of telemetry for demo and north. Super admins only.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const pages = [
  { label: "WebSync Analytics", path: "/admin/syncing-analytics", units: "Loads", shot: "admin-web-sync" },
  { label: "WTD Syncing", path: "/admin/wtd-syncing", units: "Loads", shot: "admin-wtd-sync" },
  { label: "Mobile Relays", path: "/admin/mobile-syncs", units: "Requests", shot: "admin-mobile-relays" },
  { label: "Terminal Relays", path: "/admin/terminal-relays", units: "Requests", shot: "admin-terminal-relays" },
];

test("sync and relay health: totals, charts over time and every branch", async ({ page }) => {
  await apiSignIn(page, users.admin);
  await expect(page).toHaveURL(/\/admin/);
  for (const p of pages) {
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: p.label }).click();
    await expect(page).toHaveURL(new RegExp(`${p.path}$`));
    await expect(page.getByRole("heading", { level: 1, name: p.label })).toBeVisible();
    const totals = page.getByRole("region", { name: "Totals" });
    await expect(totals).toContainText(p.units);
    await expect(totals).toContainText(/\d+(\.\d)?%/);
    await expect(page.getByRole("img", { name: new RegExp(`^${p.units} per day: [\\d,]+ in all`, "i") })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Average latency per day/ })).toBeVisible();
    const branches = page.getByRole("table").filter({ hasText: "Last success" }).first();
    await expect(branches).toContainText("Demo Water Co.");
    await expect(branches).toContainText("North Springs Water");
    if (p.shot === "admin-web-sync" || p.shot === "admin-mobile-relays") await screenshots(page, p.shot);
  }

  // Mobile relays: each device, and north's truck 7 that stopped reporting.
  await page.goto("/admin/mobile-syncs");
  const devices = page.getByRole("table").filter({ hasText: "relay-north-2" });
  await expect(devices.getByRole("row", { name: /Truck 7/ })).toContainText("Not reporting");
  await expect(devices.getByRole("row", { name: /Truck 12/ })).toContainText("OK");

  // Web sync of one branch over the last day: hourly, with its recent loads.
  await page.goto("/admin/syncing-analytics");
  await page.getByRole("combobox", { name: "Period" }).click();
  await page.getByRole("option", { name: "Last 24 hours" }).click();
  await page.getByRole("combobox", { name: "Branch" }).click();
  await page.getByRole("option", { name: /North Springs Water/ }).click();
  await expect(page.getByRole("img", { name: /^loads per hour/i })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent loads" })).toBeVisible();
  await expect(page.getByRole("table").filter({ hasText: "Duration" }).getByRole("row").nth(1)).toContainText(
    /Succeeded|Failed/,
  );
});

test("sync health: an employee who is not a super admin is sent home", async ({ page }) => {
  await apiSignIn(page, users.employee, "/team/login");
  await expect(page).toHaveURL(/\/team/);
  for (const path of ["/admin/syncing-analytics", "/admin/terminal-relays"]) {
    await page.goto(path);
    await expect(page).not.toHaveURL(/\/admin/);
  }
});
