import { expectRefused, screenshots, signInAsAdmin } from "./admin-helpers";
import { expect as baseExpect, DEMO_PASSWORD, test } from "./fixtures";

// Admin console: Whitelist Branch IP. A branch with addresses accepts employee sign-in only from
// them, with a message that says why; an empty list lets everyone in again.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("a list for north keeps its employees out from elsewhere, with a clear message; clearing it lets them in", async ({
  page,
  context,
}) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Whitelist Branch IP" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Whitelist Branch IP" })).toBeVisible();
  await expect(page.getByText(/Your address:/)).toBeVisible();
  const north = page
    .getByRole("heading", { level: 2, name: /North Springs/ })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await expect(north).toContainText("Every address");

  // A bad address is refused with the server's message.
  await north.getByRole("button", { name: "Add address" }).click();
  await north.getByRole("textbox", { name: "Address 1" }).fill("10.0.0.300");
  await north.getByRole("button", { name: "Save list" }).click();
  // The list leaves out this browser's address: saving asks first.
  const confirm = page.getByRole("alertdialog", { name: "Save a list without your address?" });
  await confirm.getByRole("button", { name: "Save anyway" }).click();
  await expect(north.getByText('"10.0.0.300" is not an IP address or CIDR range')).toBeVisible();

  await north.getByRole("textbox", { name: "Address 1" }).fill("10.0.0.0/8");
  await north.getByRole("textbox", { name: "Comment 1" }).fill("North office VPN");
  await north.getByRole("button", { name: "Save list" }).click();
  await confirm.getByRole("button", { name: "Save anyway" }).click();
  await expect(north).toContainText("1 allowed");
  await screenshots(page, "admin-ip-whitelist");

  // This browser is not in 10.0.0.0/8: north's employee is refused, and told why.
  const employee = await context.browser()!.newContext();
  const tab = await employee.newPage();
  await tab.goto("/team/login?host=north");
  await tab.getByLabel(/email/i).fill("employee@north.test");
  await tab.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await tab.getByRole("button", { name: /sign in/i }).click();
  await expect(tab.getByText(/Employee sign-in from .* is not allowed for this branch/)).toBeVisible();

  // Cleared: everyone may sign in again.
  await north.getByRole("button", { name: /Remove 10\.0\.0\.0\/8/ }).click();
  await north.getByRole("button", { name: "Save list" }).click();
  await expect(north).toContainText("Every address");
  await tab.getByRole("button", { name: /sign in/i }).click();
  await expect(tab).toHaveURL(/\/team(\?host=north)?$/);
  await employee.close();
});

test("whitelist: refused to everyone but super admins", async ({ page }) => {
  await expectRefused(page, "/admin/ip-whitelist", "Whitelist Branch IP");
});
