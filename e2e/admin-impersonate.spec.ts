import { expectRefused, screenshots, signInAsAdmin } from "./admin-helpers";
import { expect as baseExpect, test } from "./fixtures";

// Admin console: Impersonate. The admin finds a customer of another branch and sees the portal as
// they do, with a "Viewing as" banner and Stop on every page; passwords cannot be changed meanwhile;
// Stop brings the admin back to the console.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("view as a north customer: banner on every page, no password change, Stop returns to the console", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Impersonate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Impersonate" })).toBeVisible();
  await page.getByLabel("Find a user of any branch").fill("customer@north");
  await expect(page.getByTestId("user-result").first()).toContainText("North Springs");
  await screenshots(page, "admin-impersonate");
  await page.getByRole("button", { name: "View as customer@north.test" }).click();

  await expect(page).toHaveURL(/\/v2\/billing.*host=north/);
  const banner = page.getByRole("region", { name: "Impersonation" });
  await expect(banner).toContainText("Viewing as Nick Customer");
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await screenshots(page, "admin-impersonating");

  // Another page: the banner stays; a password change is refused.
  await page.goto("/v2/manage/update-password?host=north");
  await expect(banner).toContainText("Viewing as Nick Customer");
  const form = page.getByRole("form", { name: "Update password" });
  await form.getByLabel("Current password", { exact: true }).fill("demo-pass-1");
  await form.getByLabel("New password", { exact: true }).fill("taken-over-1");
  await form.getByLabel("Confirm new password", { exact: true }).fill("taken-over-1");
  await form.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText(/Not available while viewing as another user/).first()).toBeVisible();

  // The console is closed while viewing as someone else.
  await page.goto("/admin/b?host=north");
  await expect(page).not.toHaveURL(/\/admin/);

  await banner.getByRole("button", { name: "Stop" }).click();
  await expect(page).toHaveURL(/\/admin\/impersonate$/);
  await expect(page.getByRole("heading", { level: 1, name: "Impersonate" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Impersonation" })).toHaveCount(0);
  await expect(page.getByTestId("admin-name")).toHaveText("Ada Admin");
});

test("impersonate: refused to everyone but super admins", async ({ page }) => {
  await expectRefused(page, "/admin/impersonate", "Impersonate");
});
