import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, newLeadSource, screenshot, signInToTeam, test } from "./fixtures";

// Lead views: this run's own lead source posts three leads (through /api/leads with its key); a new view
// filtered on that source shows only them, counts them by status, two are assigned in bulk, the view is
// saved and, opened again from the list, shows the same leads with its saved filter in the address.
// The list and the view at 1440 and 390 px, light and dark.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("create a view with filters, see only its leads, assign two in bulk, save, reopen", async ({ page }) => {
  const id = uniqueId();
  const sourceName = `Views ${id}`;
  await signInToTeam(page, "/team/lead-views");

  // This run's own source and three leads.
  const { sourceId, key } = await newLeadSource(page, sourceName, `VW-${id}`);
  const names = ["Avery", "Blake", "Casey"].map((first) => ({ firstName: first, lastName: `Viewer ${id}` }));
  const posted = await page.request.post("/api/leads", {
    headers: { authorization: `Bearer ${key}` },
    data: {
      leads: names.map((n, i) => ({
        ...n,
        email: `${n.firstName.toLowerCase()}-${id}@example.com`,
        phone: `51255501${i}${i}`,
      })),
    },
  });
  expect(posted.status()).toBeLessThan(300);

  // A new view, filtered on the source.
  const viewName = `My view ${id}`;
  await page.getByRole("button", { name: "New view" }).click();
  const form = page.getByRole("form", { name: "New lead view" });
  await form.getByLabel("Name").fill(viewName);
  await form.getByRole("button", { name: "Create view" }).click();
  await expect(page.getByRole("heading", { name: viewName, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/team\/lead-views\/[\w-]+\?v=1/);

  await page.getByRole("button", { name: "Filter by source" }).click();
  await page.getByRole("menuitemcheckbox", { name: sourceName }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`source=${sourceId}`));
  const table = page.getByRole("table", { name: `Leads of ${viewName}` });
  await expect(table.getByRole("row")).toHaveCount(4); // the header and three leads
  for (const n of names) await expect(table).toContainText(`${n.firstName} ${n.lastName}`);
  await expect(page.getByText("1–3 of 3 leads")).toBeVisible();

  // Counts by status.
  await page.getByRole("combobox", { name: "Group by" }).click();
  await page.getByRole("option", { name: "Group by status" }).click();
  const counts = page.getByRole("list", { name: "Leads by status" });
  await expect(counts).toContainText("Unassigned");
  await expect(counts).toContainText("3");

  // Two assigned in bulk.
  await table
    .getByRole("row", { name: new RegExp(`Avery Viewer ${id}`) })
    .getByRole("checkbox")
    .check();
  await table
    .getByRole("row", { name: new RegExp(`Blake Viewer ${id}`) })
    .getByRole("checkbox")
    .check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  const assign = page.getByRole("form", { name: "Assign 2 leads" });
  await assign.getByRole("combobox", { name: "Person" }).click();
  await page.getByRole("option", { name: "Eric Employee" }).press("Enter"); // by keyboard: in a long picker a click once left the list open
  await assign.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(assign).toBeHidden();
  await expect(table.getByRole("row", { name: new RegExp(`Avery Viewer ${id}`) })).toContainText("Eric Employee");
  await expect(table.getByRole("row", { name: new RegExp(`Casey Viewer ${id}`) })).not.toContainText("Eric Employee");
  await expect(counts).toContainText("Assigned");

  // Saved, then opened again from the list: the same leads, the saved filter in the address.
  await page.getByRole("button", { name: "Save view" }).click();
  await expect(page.getByText(`Saved the lead view "${viewName}".`)).toBeVisible();
  const viewUrl = new URL(page.url());
  await page.goto(`/team/lead-views?q=${encodeURIComponent(viewName)}`);
  await page.getByRole("table", { name: "Lead views" }).getByRole("link", { name: viewName }).click();
  await expect(page).toHaveURL(new RegExp(`${viewUrl.pathname}\\?v=1.*source=${sourceId}.*group=STATUS`));
  await expect(table.getByRole("row")).toHaveCount(4);
  // The page's leads are remembered for the lead page's next and previous.
  const nav = await page.evaluate(() => JSON.parse(sessionStorage.getItem("lead-nav") ?? "null"));
  expect(nav).toMatchObject({ viewId: viewUrl.pathname.split("/").at(-1), label: viewName });
  expect(nav.ids).toHaveLength(3);

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${viewUrl.pathname}${viewUrl.search}`);
      await expect(page.getByText(`Casey Viewer ${id}`).filter({ visible: true })).toBeVisible();
      await screenshot(page, `team-lead-view-${width}-${theme}`);
      await page.goto(`/team/lead-views?q=${encodeURIComponent(viewName)}`);
      await expect(page.getByText(viewName).filter({ visible: true })).toBeVisible();
      await screenshot(page, `team-lead-views-${width}-${theme}`);
    }
});
