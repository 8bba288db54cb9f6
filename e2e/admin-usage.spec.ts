import { expectRefused, screenshots, signInAsAdmin } from "./admin-helpers";
import { expect as baseExpect, test } from "./fixtures";

// Admin console: Branch Usage per account, and one account's users with type and last sign-in.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("usage per branch with real counts, then one account's users", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Branch Usage" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Branch Usage" })).toBeVisible();
  const demo = page.getByRole("table", { name: "Branch usage" }).getByRole("row", { name: /#1 Demo Water Co\./ });
  await expect(demo).toBeVisible();
  // ~300 demo customers and their work orders; the latest sign-in names who signed in (the admin's own,
  // or a spec running beside this one that signed in after it).
  await expect(demo.getByRole("cell").nth(1)).toHaveText(/^\d{3}$/);
  await expect(demo.getByRole("cell").nth(5)).toContainText(/[a-z]+@demo\.test$/);
  await screenshots(page, "admin-usage");

  await demo.getByRole("link", { name: /#1 Demo Water Co\./ }).click();
  await expect(page).toHaveURL(/\/admin\/usage\/1$/);
  const users = page.getByRole("table", { name: "Users" });
  await expect(users.getByRole("row", { name: /employee@demo\.test/ })).toContainText("Employee");
  await expect(users.getByRole("row", { name: /admin@demo\.test/ })).toContainText("Super admin");
  await expect(users.getByRole("row", { name: /customer@demo\.test/ }).first()).toContainText("Customer");
  await screenshots(page, "admin-usage-account");
});

test("usage: refused to everyone but super admins", async ({ page }) => {
  await expectRefused(page, "/admin/usage", "Branch Usage");
});
