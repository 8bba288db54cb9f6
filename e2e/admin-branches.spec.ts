import { expectRefused, screenshots, signInAsAdmin } from "./admin-helpers";
import { expect as baseExpect, test } from "./fixtures";

// Admin console: the layout (menu of built pages in the SPEC's order, 200/20 sidebar, 50px top bar
// with name, branch, version, dark mode, customer view, sign-out; usable at 390px) and the branches:
// overview, a new branch reachable at ?host=<new> at once, its settings, features and a key reset
// shown once. Everyone else is refused.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const mine = ["Branches", "Whitelist Branch IP", "Impersonate", "Admin Users", "Branch Usage", "Resource Limits"];

test("layout: menu in the SPEC's order, collapsible 200/20, top bar 50 with name, branch, version and sign-out", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const menu = page.getByRole("navigation", { name: "Admin menu" });
  await expect(menu.getByRole("link", { name: "Resource Limits" })).toBeVisible();
  const labels = await menu.getByRole("link").allTextContents();
  expect(labels.filter((l) => mine.includes(l))).toEqual(mine);
  const sidebar = page.getByRole("complementary", { name: "Admin" });
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(200);
  await expect.poll(async () => (await page.getByRole("banner").first().boundingBox())?.height).toBe(50);
  await expect(page.getByTestId("admin-name")).toHaveText("Ada Admin");
  await expect(page.getByTestId("admin-branch")).toHaveText("Demo Water Co.");
  await expect(page.getByTestId("app-version")).toHaveText("v1.2.1061");
  await page.getByRole("button", { name: "Collapse menu" }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(20);
  await page.getByRole("button", { name: "Expand menu" }).click();
  await expect(menu).toBeVisible();

  // 390px: the name and the menu stay usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("admin-name")).toBeVisible();
  await page.getByRole("button", { name: "Expand menu" }).click();
  await menu.getByRole("link", { name: "Branch Usage" }).click();
  await expect(page).toHaveURL(/\/admin\/usage$/);
  await expect(menu).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });

  // An unbuilt admin page answers a direct visit honestly; sign-out ends the session.
  await page.goto("/admin/b");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/v2\/account\/login$/);
  await page.goto("/admin/b");
  await expect(page).toHaveURL(/\/v2\/account\/login\?ReturnUrl=/);
});

test("branches: overview with real data, a new branch answers at ?host= at once, settings and a key reset", async ({
  page,
  context,
}) => {
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Branches" })).toBeVisible();
  const table = page.getByRole("table", { name: "Branches" });
  await expect(table.getByRole("row", { name: /Demo Water Co\./ })).toContainText("demo");
  await expect(table.getByRole("row", { name: /North Springs/ })).toContainText("north");
  await screenshots(page, "admin-branches");

  await page.getByRole("button", { name: "New branch" }).click();
  const dialog = page.getByRole("dialog", { name: "New branch" });
  await dialog.getByLabel("Branch number").fill("77");
  await dialog.getByLabel("Host").fill("lakeside");
  await dialog.getByLabel("Company").fill("Lakeside Water");
  await dialog.getByLabel("Internal name").fill("lakeside-e2e");
  await dialog.getByRole("button", { name: "Create branch" }).click();
  await expect(page).toHaveURL(/\/admin\/b\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Lakeside Water");

  // Reachable at once, in another tab.
  const visitor = await context.newPage();
  await visitor.goto("/v2/account/login?host=lakeside");
  await expect(visitor.getByText("Lakeside Water").first()).toBeVisible();
  await visitor.close();

  // Settings: a bad redirect URL is refused with the server's message, a good one saved.
  const settings = page.getByRole("form", { name: "Branch settings" });
  await settings.getByLabel("Redirect URL").fill("javascript:alert(1)");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("Redirect URL must start with https://.")).toBeVisible();
  await settings.getByLabel("Redirect URL").fill("https://lakeside.example.com");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();

  // Portal feature and a watertight feature with a window.
  await page.getByRole("switch", { name: "E commerce" }).click();
  await expect(page.getByRole("switch", { name: "E commerce" })).toBeChecked();
  await page.getByLabel("Leads from").fill("2026-01-01T08:00");
  await page.getByRole("button", { name: "Turn on Leads" }).click();
  await expect(page.getByRole("switch", { name: "Leads", exact: true })).toBeChecked();

  // Gateway keys are write-only: shown masked once saved.
  await page.getByLabel("Sale API key").fill("sk_e2e_secret_4321");
  await page.getByRole("button", { name: "Save keys" }).click();
  await expect(page.getByText("Saved: ••••4321")).toBeVisible();
  await expect(page.getByText("sk_e2e_secret_4321")).toHaveCount(0);

  // Reset the API key: shown once.
  const before = await page.getByTestId("branch-api-key").textContent();
  await page.getByRole("button", { name: "Reset API key" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reset key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toContainText("rwk_");
  const key = (await shown.textContent()) ?? "";
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("branch-api-key")).toHaveText(`••••${key.slice(-4)}`);
  expect(before).not.toBe(`••••${key.slice(-4)}`);
  await expect(page.getByText(key)).toHaveCount(0);

  // Deactivate: the portal says it is not enabled, at once.
  await page.getByRole("button", { name: "Deactivate branch" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("This branch is inactive")).toBeVisible();
  await screenshots(page, "admin-branch");
});

test("branches: refused to everyone but super admins", async ({ page }) => {
  await expectRefused(page, "/admin/b", "Branches");
});
