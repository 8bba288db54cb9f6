import { apiSignIn, expect as baseExpect, screenshot, signInToTeam, test, users } from "./fixtures";

// Team security: groups and members, the actors × permissions matrix (a grant toggled per cell and
// felt by the server at once), who holds what, and one person's effective permissions with their
// sources; at phone width; refused without SECURITY_USERS_AND_POLICIES.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("groups: create, add a member, rename, delete", async ({ page }) => {
  await signInToTeam(page, "/team/security");
  await expect(page.getByRole("heading", { name: "Managers" })).toBeVisible();
  await screenshot(page, "team-security-groups");
  await page.getByRole("button", { name: "New group" }).click();
  await page.getByRole("dialog").getByLabel("Group name").fill("Warehouse crew");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText('Security group "Warehouse crew" was created.')).toBeVisible();
  const card = page.getByLabel("Group Warehouse crew");
  await card.getByRole("combobox", { name: "Add a member to Warehouse crew" }).click();
  await page.getByRole("option", { name: "Marcus Bell" }).click();
  await expect(page.getByText("Marcus Bell is a member of Warehouse crew.")).toBeVisible();
  await expect(card.getByRole("list", { name: "Members of Warehouse crew" })).toContainText("Marcus Bell");

  await card.getByRole("button", { name: "Rename Warehouse crew" }).click();
  await page.getByRole("dialog").getByLabel("Group name").fill("Yard crew");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText('Renamed to "Yard crew".')).toBeVisible();
  await page.getByLabel("Group Yard crew").getByRole("button", { name: "Delete Yard crew" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText('Security group "Yard crew" was deleted.')).toBeVisible();
  await expect(page.getByLabel("Group Yard crew")).toHaveCount(0);
});

test("the matrix grants per cell; who holds what and effective permissions follow", async ({ page }, testInfo) => {
  await signInToTeam(page, "/team/security?tab=matrix");
  const cell = page.getByRole("checkbox", { name: "Sales: Delivery ETAs" });
  await expect(cell).toBeVisible();
  // A retry after a failed attempt finds the grant that attempt made (the data is shared): revoked first.
  if (testInfo.retry > 0 && (await cell.isChecked())) {
    await cell.click();
    await expect(page.getByText("Sales no longer holds Delivery ETAs.")).toBeVisible();
  }
  await expect(cell).not.toBeChecked();
  await cell.click();
  await expect(page.getByText("Sales now holds Delivery ETAs.")).toBeVisible();
  await expect(cell).toBeChecked();
  await screenshot(page, "team-security-matrix");

  await page.getByRole("tab", { name: "Who holds what" }).click();
  await expect(page.getByRole("region", { name: "Delivery ETAs" })).toContainText("Group: Sales");

  await page.getByRole("tab", { name: "Effective permissions" }).click();
  await page.getByRole("combobox", { name: "Person" }).click();
  // Chosen with the keyboard: a click could land while the long list scrolled under the pointer (once in
  // CI the list stayed open, nothing chosen).
  await page.getByRole("option", { name: "Priya Nair" }).press("Enter");
  await expect(page).toHaveURL(/person=/);
  const table = page.getByRole("table", { name: "Effective permissions" });
  await expect(table.getByRole("row", { name: /Delivery ETAs/ })).toContainText("Group: Sales");
  await expect(table.getByRole("row", { name: /^Lead entry/ })).toContainText("Group: Sales");
  await screenshot(page, "team-security-effective");

  // Back in the matrix the grant is revoked again.
  await page.getByRole("tab", { name: "Permission matrix" }).click();
  await page.getByRole("checkbox", { name: "Sales: Delivery ETAs" }).click();
  await expect(page.getByText("Sales no longer holds Delivery ETAs.")).toBeVisible();
});

test("at phone width the tabs and groups fit", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToTeam(page, "/team/security");
  await expect(page.getByRole("heading", { name: "Managers" })).toBeVisible();
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)}`),
  );
  expect(wide).toEqual([]);
  await screenshot(page, "team-security-phone");
});

test("an employee without SECURITY_USERS_AND_POLICIES does not get the security pages", async ({ page }) => {
  await apiSignIn(page, "noaccess@demo.test", `/team/login?ReturnUrl=${encodeURIComponent("/team")}`);
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("link", { name: "Security" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await page.goto("/team/security");
  await expect(page).toHaveURL(/\/team\/forbidden$/);
  await page.goto("/team/api-keys");
  await expect(page).toHaveURL(/\/team\/forbidden$/);
});

test("at 390 px the tabs are not covered; effective permissions sort by label and filter to those held", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent("/team/security")}`);
  const tabs = page.getByRole("tablist");
  await expect(tabs).toBeVisible({ timeout: 30_000 });
  const newGroup = page.getByRole("button", { name: "New group" });
  const [t, b] = [(await tabs.boundingBox())!, (await newGroup.boundingBox())!];
  expect(b.y, "the New group button sits below the tabs").toBeGreaterThanOrEqual(t.y + t.height);
  await screenshot(page, "team-security-phone");
  await page.getByRole("tab", { name: "Effective permissions" }).click();
  await page.getByRole("combobox", { name: "Person" }).click();
  await page.getByRole("option").first().click();
  const table = page.getByRole("table", { name: "Effective permissions" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const labels = async () =>
    (await table.locator("tbody tr td:first-child").allInnerTexts()).map((t) => t.split("\n")[0]!.trim());
  const all = await labels();
  expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
  await page.getByLabel("Held only").check();
  await expect(table.getByRole("img", { name: "No" })).toHaveCount(0);
});
