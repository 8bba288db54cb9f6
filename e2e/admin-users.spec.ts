import {
  createOwnBranch,
  createOwnCustomer,
  expectRefused,
  screenshots,
  signInAsAdmin,
  uniqueId,
} from "./admin-helpers";
import { expect as baseExpect, DEMO_PASSWORD, signIn, test } from "./fixtures";

// Admin console: Admin Users (the super admins, adding one, changing any user's password). The spec
// makes its own data (an admin with a unique email, a branch and a customer of its own), so it runs
// beside the other specs.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("add an admin who then signs in to the console; change a customer's password", async ({ page, context }) => {
  await signInAsAdmin(page);
  const own = await createOwnBranch(page, { anonymousSignUp: true });
  const customer = await createOwnCustomer(own.host, DEMO_PASSWORD);
  const olga = `olga-${uniqueId()}@platform.test`;
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Admin Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Users" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Admin users" })).toContainText("admin@demo.test");

  const add = page.getByRole("form", { name: "Add admin user" });
  await add.getByLabel("First name").fill("Olga");
  await add.getByLabel("Last name").fill("Ops");
  await add.getByLabel("Email").fill(olga);
  await add.getByLabel("Password", { exact: true }).fill("12345");
  await add.getByRole("button", { name: "Add admin user" }).click();
  await expect(add.getByText("Passwords must be at least 6 characters").last()).toBeVisible();
  await add.getByLabel("Password", { exact: true }).fill("olga-pass-1");
  await add.getByRole("button", { name: "Add admin user" }).click();
  await expect(page.getByRole("table", { name: "Admin users" })).toContainText(olga);
  await screenshots(page, "admin-users", { wide: true });

  const other = await context.browser()!.newContext();
  const tab = await other.newPage();
  await tab.goto("/v2/account/login?host=north");
  await tab.getByLabel(/email/i).fill(olga);
  await tab.getByLabel(/^password$/i).fill("olga-pass-1");
  await tab.getByRole("button", { name: /sign in/i }).click();
  await expect(tab).toHaveURL(/\/admin\/b/);
  await expect(tab.getByRole("heading", { level: 1, name: "Branches" })).toBeVisible();
  await other.close();

  // Change a customer's password; the old one stops working.
  await page.getByLabel("Find the user").fill(customer.email);
  await page.getByRole("button", { name: `Change password of ${customer.email}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("New password", { exact: true }).fill("north-new-pass");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(`The password of ${customer.email} was changed.`)).toBeVisible();
  const nick = await context.browser()!.newContext();
  const nickTab = await nick.newPage();
  await signIn(nickTab, customer.email, `/v2/account/login?host=${own.host}`);
  await expect(nickTab.getByText("Incorrect email or password.")).toBeVisible();
  await nickTab.getByLabel("Password", { exact: true }).fill("north-new-pass");
  await nickTab.getByRole("button", { name: "Sign in" }).click();
  await expect(nickTab).toHaveURL(/\/v2\/billing/);
  await nick.close();
});

test("admin users: refused to everyone but super admins", async ({ page }) => {
  await expectRefused(page, "/admin/users", "Admin Users");
});
