import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, screenshot, signInToTeam, test } from "./fixtures";

// Discard reasons: this run adds its own reason on team/lead-discard-reasons, renames it, sees it with
// no leads, and deletes it after the confirmation; a demo reason that discarded leads shows its count,
// and deleting it is refused with how many leads use it (nothing changes). Screenshots at 1440 and
// 390 px, light and dark.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("add, rename and delete a reason; a reason in use is not deleted", async ({ page }) => {
  const id = uniqueId();
  const name = `Wrong number ${id}`;
  const renamed = `Wrong phone ${id}`;
  await signInToTeam(page, "/team/lead-discard-reasons");
  const table = page.getByRole("table", { name: "Discard reasons" });

  // A demo reason with leads: its count, and a refusal that says how many use it.
  const used = table.getByRole("row", { name: /Out of area/ });
  await expect(used).toContainText(/[1-9][\d,]* leads?/);
  const count = (await used.getByRole("cell").nth(1).innerText()).trim();
  await used.getByRole("button", { name: "Actions for Out of area" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`${count} were discarded with it`);
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete reason" }).click();
  await expect(
    page.getByText(/leads? (was|were) discarded as "Out of area", so it cannot be deleted\./).first(),
  ).toBeVisible();
  await expect(used).toContainText(count);

  await page.getByRole("button", { name: "New reason" }).click();
  const form = page.getByRole("form", { name: "New discard reason" });
  await form.getByLabel("Name").fill(` ${name} `);
  await form.getByRole("button", { name: "Add reason" }).click();
  await expect(page.getByText(`Added the discard reason "${name}".`)).toBeVisible();
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("0 leads");

  // A second reason of the same name, whatever its case, is refused on the field.
  await page.getByRole("button", { name: "New reason" }).click();
  await form.getByLabel("Name").fill(name.toUpperCase());
  await form.getByRole("button", { name: "Add reason" }).click();
  await expect(form.getByText(`Another discard reason is already named "${name}".`)).toBeVisible();
  await form.getByRole("button", { name: "Cancel" }).click();

  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const rename = page.getByRole("form", { name: "Rename discard reason" });
  await rename.getByLabel("Name").fill(renamed);
  await rename.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText(`Renamed to "${renamed}".`)).toBeVisible();
  const renamedRow = table.getByRole("row", { name: new RegExp(renamed) });
  await expect(renamedRow).toBeVisible();

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/team/lead-discard-reasons");
      await expect(page.getByRole("heading", { name: "Discard reasons", level: 1 })).toBeVisible();
      await expect(page.getByText(renamed).filter({ visible: true })).toBeVisible();
      await screenshot(page, `team-lead-discard-reasons-${width}-${theme}`);
    }
  await page
    .getByRole("button", { name: `Actions for ${renamed}` })
    .filter({ visible: true })
    .click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await screenshot(page, "team-lead-discard-reason-rename-390-dark");
  await page.keyboard.press("Escape");
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/team/lead-discard-reasons");

  await renamedRow.getByRole("button", { name: `Actions for ${renamed}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete reason" }).click();
  await expect(page.getByText(`Deleted the discard reason "${renamed}".`)).toBeVisible();
  await expect(renamedRow).toHaveCount(0);
});
