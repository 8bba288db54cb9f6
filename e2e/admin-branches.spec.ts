import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createOwnBranch, expectRefused, screenshots, signInAsAdmin, uniqueId } from "./admin-helpers";
import { expect as baseExpect, screenshot, test } from "./fixtures";

// Admin console: the layout (menu of built pages in their fixed order, 200/20 sidebar, 50px top bar
// with name, branch, version, dark mode, customer view, sign-out; usable at 390px) and the branches:
// overview, a new branch reachable at ?host=<new> at once, its settings, features and a key reset
// shown once. Everyone else is refused. The spec changes only branches it makes itself, so it runs
// beside the other specs.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const mine = ["Branches", "Whitelist Branch IP", "Impersonate", "Admin Users", "Branch Usage", "Resource Limits"];

test("layout: menu in its fixed order, collapsible 200/20, top bar 50 with name, branch, version and sign-out", async ({
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

  // 390px: the name and the menu stay usable (the menu is a drawer opened from the top bar).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("admin-name")).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
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
  await screenshots(page, "admin-branches", { wide: true });

  await page.getByRole("button", { name: "New branch" }).click();
  const dialog = page.getByRole("dialog", { name: "New branch" });
  const id = uniqueId();
  await dialog.getByLabel("Branch number").fill(String(10_000 + Math.floor(Math.random() * 80_000)));
  await dialog.getByLabel("Host").fill(`lakeside-${id}`);
  await dialog.getByLabel("Company").fill("Lakeside Water");
  await dialog.getByLabel("Internal name").fill("lakeside-e2e");
  await dialog.getByRole("button", { name: "Create branch" }).click();
  await expect(page).toHaveURL(/\/admin\/b\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Lakeside Water");

  // Reachable at once, in another tab.
  const visitor = await context.newPage();
  await visitor.goto(`/v2/account/login?host=lakeside-${id}`);
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
  const portal = page.getByRole("list", { name: "Portal features" });
  await portal.getByRole("switch", { name: "E-commerce" }).click();
  await expect(portal.getByRole("switch", { name: "E-commerce" })).toBeChecked();
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
  await screenshots(page, "admin-branch", { wide: true });
});

/** Turns features on for a branch through the API (the branch page's switches do the same). */
async function setFeatures(page: Page, branchId: string) {
  const call = (query: string, variables: Record<string, unknown>) =>
    page.request.post("/graphql", { headers: { "content-type": "application/json" }, data: { query, variables } });
  for (const feature of ["E_COMMERCE", "TWO_WAY_TEXTING"])
    await call(
      "mutation($b: ID!, $f: BranchPortalFeature!){ updatePortalFeature(branchId: $b, feature: $f, enabled: true){ id } }",
      {
        b: branchId,
        f: feature,
      },
    );
  const W = `mutation($b: ID!, $f: WatertightFeature!, $s: DateTime, $e: DateTime){
    toggleWatertightFeature(branchId: $b, featureId: $f, enabled: true, startTime: $s, endTime: $e){ id } }`;
  await call(W, { b: branchId, f: "ECOMMERCE" });
  await call(W, { b: branchId, f: "TWO_WAY_SMS" });
  // A window that ended long ago: kept on the branch, but not on.
  await call(W, { b: branchId, f: "LEADS", s: "2020-01-01T00:00:00Z", e: "2020-02-01T00:00:00Z" });
}

test("feature names in words, each once; a feature whose window ended is not on", async ({ page }) => {
  await signInAsAdmin(page);
  const own = await createOwnBranch(page);
  await setFeatures(page, own.id);

  await page.goto(`/admin/b?q=${own.host}`);
  const row = page.getByRole("table", { name: "Branches" }).getByRole("row", { name: new RegExp(own.company) });
  const features = row.getByRole("list", { name: "Features" });
  await expect(features.getByRole("listitem")).toHaveText(["E-commerce", "Two-way texting", "Web portal (v2)"]);
  await expect(row).not.toContainText("Leads");

  await page.goto(`/admin/usage?q=${own.host}`);
  const usage = page.getByRole("table", { name: "Branch usage" }).getByRole("row", { name: new RegExp(own.company) });
  await expect(usage.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveText([
    "E-commerce",
    "Two-way texting",
    "Web portal (v2)",
  ]);

  await page.goto(`/admin/b/${own.id}`);
  const watertight = page.getByRole("list", { name: "Watertight features" });
  await expect(watertight.getByRole("switch", { name: "E-commerce" })).toBeChecked();
  await expect(watertight.getByRole("switch", { name: "Leads", exact: true })).not.toBeChecked();
  await expect(watertight.getByRole("listitem").filter({ hasText: "Leads" })).toContainText("Ended");
});

test("IP allow-list on a branch page: labelled fields, an address in the comment field, a list without your address", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const own = await createOwnBranch(page);
  const entries = async () => {
    const r = await page.request.post("/graphql", {
      headers: { "content-type": "application/json" },
      data: { query: "{ ipWhitelist { branches { branchId entries { cidr comment } } } }" },
    });
    const body = (await r.json()) as {
      data: { ipWhitelist: { branches: { branchId: string; entries: unknown[] }[] } };
    };
    return body.data.ipWhitelist.branches.find((b) => b.branchId === own.id)?.entries;
  };
  await page.goto(`/admin/b/${own.id}`);
  const list = page
    .getByRole("heading", { level: 2, name: "IP allow-list" })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await expect(list).toContainText("Every address");
  await list.getByRole("button", { name: "Add address" }).click();
  // Each field has a visible label.
  await expect(list.locator("label").filter({ hasText: /^Address 1$/ })).toBeVisible();
  await expect(list.locator("label").filter({ hasText: /^Comment 1$/ })).toBeVisible();

  // An address typed into the comment field: told so on that field, and nothing is saved.
  await list.getByRole("textbox", { name: "Comment 1" }).fill("10.1.2.3");
  await list.getByRole("button", { name: "Save list" }).click();
  await expect(list.getByText(/"10\.1\.2\.3" is an address: type it in the Address field/)).toBeVisible();
  await expect(list.getByRole("textbox", { name: "Comment 1" })).toHaveAttribute("aria-invalid", "true");
  expect(await entries()).toEqual([]);

  // A list without the admin's own address: a warning naming it, and a confirmation before saving.
  await list.getByRole("textbox", { name: "Address 1" }).fill("10.1.2.3");
  await list.getByRole("textbox", { name: "Comment 1" }).fill("North office");
  await expect(
    list.getByText(/^Your address .+ is not on the list: employees signing in from it will be refused\.$/),
  ).toBeVisible();
  await screenshots(page, "admin-branch-allow-list", { wide: true });
  await list.getByRole("button", { name: "Save list" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Save a list without your address?" });
  await expect(confirm).toContainText(
    /Your address \S+ is not on the list: employees signing in from it will be refused\./,
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  expect(await entries()).toEqual([]);
  await list.getByRole("button", { name: "Save list" }).click();
  await confirm.getByRole("button", { name: "Save anyway" }).click();
  await expect(list).toContainText("1 allowed");
  expect(await entries()).toEqual([{ cidr: "10.1.2.3", comment: "North office" }]);

  // A refusal of the server reads as a sentence, without the operation's name.
  await list.getByRole("textbox", { name: "Address 1" }).fill("10.0.0.300");
  await list.getByRole("button", { name: "Save list" }).click();
  await confirm.getByRole("button", { name: "Save anyway" }).click();
  await expect(list.getByText(/"10\.0\.0\.300" is not an IP address or CIDR range/)).toBeVisible();
  await expect(list).not.toContainText("Operation");
  await expect(list.getByRole("textbox", { name: "Address 1" })).toHaveValue("10.0.0.300");
  expect(await entries()).toEqual([{ cidr: "10.1.2.3", comment: "North office" }]);
});

test("phone width: the admin menu is a drawer; the logo link has a name; axe finds nothing serious", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const own = await createOwnBranch(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/b");
  await expect(page.getByRole("heading", { level: 1, name: "Branches" })).toBeVisible();
  // No 20px strip at this width: the menu opens from the top bar, as wide as a menu.
  await expect(page.getByRole("complementary", { name: "Admin" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Admin menu" });
  await expect(menu.getByRole("link", { name: "Admin Users" })).toBeVisible();
  expect((await menu.boundingBox())?.width).toBeGreaterThan(250);
  await screenshot(page, "admin-menu-drawer-390-light");
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await screenshot(page, "admin-menu-drawer-390-dark");
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await menu.getByRole("link", { name: "Admin Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(menu).toBeHidden();
  await screenshots(page, "admin-users-list", { wide: true });

  for (const [path, heading] of [
    ["/admin/b", "Branches"],
    [`/admin/b/${own.id}`, own.company],
    ["/admin/users", "Admin Users"],
  ] as const) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map((v) => `${path} ${width}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    }
  }
});

test("branches: refused to everyone but super admins", async ({ page }) => {
  await expectRefused(page, "/admin/b", "Branches");
});
