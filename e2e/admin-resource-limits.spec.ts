import { expectRefused, screenshots, signInAsAdmin } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, test, users } from "./fixtures";

// Resource limits: the admin's view per tenant (create, update) and the team's read-only page.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("the admin sees each tenant's allowances and changes one; the team sees its own with usage bars", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Resource Limits" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Resource Limits" })).toBeVisible();
  const texts = page.getByRole("button", { name: /^Edit Texts of / }).first();
  await expect(page.getByText("4,310 of 5,000 (86.2%)").first()).toBeVisible();
  await screenshots(page, "admin-resource-limits");

  await texts.click();
  const dialog = page.getByRole("dialog", { name: "Edit resource limit" });
  await dialog.getByLabel("Limit", { exact: true }).fill("6000");
  await dialog.getByLabel("Warning at (%)").fill("120");
  await dialog.getByRole("button", { name: "Save limit" }).click();
  await expect(dialog.getByText("The warning percent must be between 1 and 100.")).toBeVisible();
  await dialog.getByLabel("Warning at (%)").fill("80");
  await dialog.getByRole("button", { name: "Save limit" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("4,310 of 6,000 (71.8%)").first()).toBeVisible();

  // The team's page (TEAM_CONFIGURATION; the demo employee has ADMINISTRATIVE_SETUP).
  await page.context().clearCookies();
  await apiSignIn(page, users.employee, "/team/login");
  await expect(page).toHaveURL(/\/team$/);
  await page.goto("/team/resource-limits");
  await expect(page.getByRole("heading", { level: 1, name: "Resource limits" })).toBeVisible();
  await expect(page.getByText("4,310 of 6,000 (71.8%)")).toBeVisible();
  await expect(page.getByText("1,990 of 2,000 (99.5%)")).toBeVisible();
  await expect(page.getByText("Past the warning").first()).toBeVisible();
  await screenshots(page, "team-resource-limits");

  // An employee without the permission is not offered the page and is refused on a direct visit.
  await page.context().clearCookies();
  await apiSignIn(page, "noaccess@demo.test", "/team/login");
  await expect(page).toHaveURL(/\/team$/);
  await page.goto("/team/resource-limits");
  await expect(page.getByText("4,310 of 6,000")).toHaveCount(0);
});

test("resource limits: refused to everyone but super admins", async ({ page }) => {
  await expectRefused(page, "/admin/resource-limits", "Resource Limits");
});
