import { screenshots, signInAsAdmin } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, test, users } from "./fixtures";

// Admin console: Wtd Errors (desktop and app errors by period and severity, from the demo's month of
// telemetry) and one error's detail, resolved and un-resolved. Super admins only.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("errors: by period and severity, then one in detail, resolved and un-resolved", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Wtd Errors" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Wtd Errors" })).toBeVisible();
  const table = page.getByRole("table", { name: "Errors" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  // the demo's startup crash is happening now
  await expect(table).toContainText("Could not load file or assembly 'Wtd.Reports");
  await expect(page.getByText(/\d+ errors?, [\d,]+ occurrences/)).toBeVisible();
  await screenshots(page, "admin-errors");

  // A month of history, fatal only.
  await page.getByRole("combobox", { name: "Period" }).click();
  await page.getByRole("option", { name: "Last 30 days" }).click();
  for (const s of ["Error", "Warning"]) await page.getByRole("checkbox", { name: s }).uncheck();
  await expect(page.getByRole("checkbox", { name: "Fatal" })).toBeChecked();
  const rows = table.getByRole("row");
  // every row fatal, once the list has been fetched again
  const bodyRows = async () => (await rows.allTextContents()).slice(1);
  await expect.poll(async () => (await bodyRows()).every((t) => t.includes("Fatal"))).toBe(true);
  expect((await bodyRows()).length).toBeGreaterThan(0);

  // Search narrows the list.
  await page.getByRole("searchbox", { name: "Search errors" }).fill("Wtd.Reports");
  await expect.poll(async () => (await bodyRows()).every((t) => t.includes("Wtd.Reports"))).toBe(true);
  expect((await bodyRows()).length).toBeGreaterThan(0);

  // The detail adds machine, Windows version, instance and status.
  await table
    .getByRole("link", { name: /Could not load file or assembly/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/errors\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Could not load file or assembly");
  for (const label of ["Machine", "Windows version", "Instance", "Program · line", "Build", "User"])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText("at Wtd.Program.Main(String[] args)")).toBeVisible();
  await screenshots(page, "admin-error");

  await page.getByLabel("Fixed in version").fill("7.5.0111");
  await page.getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByText("Marked resolved.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Un-resolve" })).toBeVisible();
  await expect(page.getByText("7.5.0111")).toBeVisible();
  await page.getByRole("button", { name: "Un-resolve" }).click();
  await expect(page.getByText("Marked active again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resolve" })).toBeVisible();

  // Back to the list.
  await page.getByRole("link", { name: "Wtd Errors" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Wtd Errors" })).toBeVisible();
});

test("errors: an employee who is not a super admin is sent home", async ({ page }) => {
  await apiSignIn(page, users.employee, "/team/login");
  await expect(page).toHaveURL(/\/team/);
  await page.goto("/admin/errors");
  await expect(page).not.toHaveURL(/\/admin/);
  await expect(page.getByRole("heading", { name: "Wtd Errors" })).toHaveCount(0);
});
