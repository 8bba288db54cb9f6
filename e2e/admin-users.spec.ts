import { expectRefused, screenshots, signInAsAdmin } from "./admin-helpers";
import { expect as baseExpect, DEMO_PASSWORD, signIn, test } from "./fixtures";

// Admin console: Admin Users (the super admins, adding one, changing any user's password).

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("add an admin who then signs in to the console; change a customer's password", async ({ page, context }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Admin Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Users" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Admin users" })).toContainText("admin@demo.test");

  const add = page.getByRole("form", { name: "Add admin user" });
  await add.getByLabel("First name").fill("Olga");
  await add.getByLabel("Last name").fill("Ops");
  await add.getByLabel("Email").fill("olga@platform.test");
  await add.getByLabel("Password", { exact: true }).fill("12345");
  await add.getByRole("button", { name: "Add admin user" }).click();
  await expect(add.getByText("Passwords must be at least 6 characters").last()).toBeVisible();
  await add.getByLabel("Password", { exact: true }).fill("olga-pass-1");
  await add.getByRole("button", { name: "Add admin user" }).click();
  await expect(page.getByRole("table", { name: "Admin users" })).toContainText("olga@platform.test");
  await screenshots(page, "admin-users");

  const other = await context.browser()!.newContext();
  const tab = await other.newPage();
  await tab.goto("/v2/account/login?host=north");
  await tab.getByLabel(/email/i).fill("olga@platform.test");
  await tab.getByLabel(/^password$/i).fill("olga-pass-1");
  await tab.getByRole("button", { name: /sign in/i }).click();
  await expect(tab).toHaveURL(/\/admin\/b/);
  await expect(tab.getByRole("heading", { level: 1, name: "Branches" })).toBeVisible();
  await other.close();

  // Change a customer's password; the old one stops working.
  await page.getByLabel("Find the user").fill("customer@north");
  await page.getByRole("button", { name: "Change password of customer@north.test" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("New password", { exact: true }).fill("north-new-pass");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The password of customer@north.test was changed.")).toBeVisible();
  const nick = await context.browser()!.newContext();
  const nickTab = await nick.newPage();
  await signIn(nickTab, "customer@north.test", "/v2/account/login?host=north");
  await expect(nickTab.getByText("Incorrect email or password.")).toBeVisible();
  await nickTab.getByLabel("Password", { exact: true }).fill("north-new-pass");
  await nickTab.getByRole("button", { name: "Sign in" }).click();
  await expect(nickTab).toHaveURL(/\/v2\/billing/);
  await nick.close();

  // Back to the demo password: the other specs sign in as this customer.
  await page.getByRole("button", { name: "Change password of customer@north.test" }).click();
  await dialog.getByLabel("New password", { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The password of customer@north.test was changed.")).toBeVisible();
});

test("admin users: refused to everyone but super admins", async ({ page }) => {
  await expectRefused(page, "/admin/users", "Admin Users");
});
