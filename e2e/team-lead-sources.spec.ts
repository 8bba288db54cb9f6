import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, screenshot, signInToTeam, test } from "./fixtures";

// Lead sources: this run's own source is added on team/lead-sources, gets its intake key (shown once,
// with the curl example), posts a lead with it through /api/leads (Playwright's request API) and the
// list shows when the key was last used; deactivated, its key is refused; a second post of the same
// idempotency key answers with the first lead. Screenshots at 1440 and 390 px, light and dark.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("add a source, create its key, post a lead with it, see it used, deactivate it", async ({ page }) => {
  const id = uniqueId();
  const name = `Vendor ${id}`;
  await signInToTeam(page, "/team/lead-sources");
  await page.getByRole("button", { name: "New source" }).click();
  const form = page.getByRole("form", { name: "New lead source" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Code").fill(`V-${id}`);
  await form.getByRole("button", { name: "Add source" }).click();
  await expect(page.getByText(`Added the lead source "${name}".`)).toBeVisible();

  const table = page.getByRole("table", { name: "Lead sources" });
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("No key");
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create key" }).click();
  const keyField = dialog.getByLabel("Intake key");
  await expect(keyField).toHaveValue(/^rwl_/);
  const key = await keyField.inputValue();
  await expect(dialog.getByText(`Authorization: Bearer ${key}`)).toBeVisible();
  await screenshot(page, "team-lead-source-key");
  // Shown once: Esc does not close it before it was copied; Done does, and the key is not shown again.
  await page.keyboard.press("Escape");
  await expect(keyField).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).toContainText("Last used never");

  // The vendor posts a lead with the key.
  const lead = {
    firstName: "Ada",
    lastName: `Post ${id}`,
    email: `ada-${id}@example.com`,
    idempotencyKey: `e2e-${id}`,
  };
  const posted = await page.request.post("/api/leads", { headers: { authorization: `Bearer ${key}` }, data: lead });
  expect(posted.status()).toBe(201);
  const answer = (await posted.json()) as { outcome: string; leadNumber: number; leadId: string };
  expect(answer.outcome).toBe("created");
  const again = await page.request.post("/api/leads", { headers: { authorization: `Bearer ${key}` }, data: lead });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ leadId: answer.leadId, replayed: true });

  await page.reload();
  await expect(row).not.toContainText("Last used never");
  await expect(row).toContainText(/Last used \w+/);

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/lead-sources?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole("heading", { name: "Lead sources", level: 1 })).toBeVisible();
      await expect(page.getByText(name).filter({ visible: true })).toBeVisible();
      await screenshot(page, `team-lead-sources-${width}-${theme}`);
    }
  // The source's dialogs on a phone (dark, as the loop left it): edit, then a new key's confirmation.
  await page
    .getByRole("button", { name: `Actions for ${name}` })
    .filter({ visible: true })
    .click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit lead source" });
  await edit.getByRole("combobox", { name: "Retailer" }).click();
  await page.getByRole("option", { name: "Costco" }).click();
  await expect(edit.getByLabel("Retail store id")).toBeVisible();
  await screenshot(page, "team-lead-source-edit-390-dark");
  await page.keyboard.press("Escape");
  await page
    .getByRole("button", { name: `Actions for ${name}` })
    .filter({ visible: true })
    .click();
  await page.getByRole("menuitem", { name: "Replace key" }).click();
  await expect(page.getByRole("dialog")).toContainText("stops working as soon as the new one is made");
  await screenshot(page, "team-lead-source-replace-key-390-dark");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/team/lead-sources");

  // Deactivated, the source's key is refused; active again, it works.
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Deactivate" }).click();
  await expect(page.getByText(`"${name}" is inactive: its key is refused.`)).toBeVisible();
  const refused = await page.request.post("/api/leads", {
    headers: { authorization: `Bearer ${key}` },
    data: { ...lead, idempotencyKey: `e2e-${id}-2` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: `The lead source "${name}" is inactive: its leads are refused.` });
  // the inactive source is behind the Inactive chip
  await expect(row).toHaveCount(0);
  await page.getByRole("button", { name: /^Inactive/ }).click();
  await expect(row).toContainText("Inactive");
});
