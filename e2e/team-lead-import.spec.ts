import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, roles, screenshot, signInToTeam, test } from "./fixtures";

// Importing leads from a CSV file, with this run's own leads (unique names and emails): a small file
// with a byte order mark and a quoted line break is chosen, its columns are guessed and one is mapped
// by hand, the dry run lists each row's outcome (new, a repeat of an earlier row, invalid) and filters
// them; the import runs with its progress bar to the end; the file shows in previous imports, where it
// is undone. Screenshots at 1440 and 390 px, light and dark.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test("import a CSV file of leads: map, dry run, import with progress, undo", async ({ page }) => {
  const id = uniqueId();
  const fileName = `leads-${id}.csv`;
  const csv = [
    "\uFEFFFirst Name,Last Name,E-mail,Phone Number,Location,Zip",
    `Ann,Lee${id},ann-${id}@example.com,,"12 Oak St`,
    `Unit 4",78701`,
    `Ben,Ray${id},ben-${id}@example.com,,,`,
    `Ann,Again${id},ANN-${id}@example.com,,,`,
    `Cy,Bad${id},not-an-email,,,`,
  ].join("\r\n");
  await signInToTeam(page, "/team/leads/import", roles.manager);

  await page.getByLabel("CSV file").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
  const mapping = page.getByRole("form", { name: "Map columns" });
  await expect(mapping.getByLabel('Column "First Name"')).toContainText("First name");
  await expect(mapping.getByLabel('Column "E-mail"')).toContainText("Email");
  await expect(mapping.getByLabel('Column "Zip"')).toContainText("Postal code");
  // "Location" is not guessed: mapped by hand.
  await expect(mapping.getByLabel('Column "Location"')).toContainText("Not imported");
  await mapping.getByLabel('Column "Location"').click();
  await page.getByRole("option", { name: "Address" }).click();
  await mapping.getByRole("button", { name: "Check file" }).click();

  // The dry run: four rows, nothing written yet.
  await expect(page).toHaveURL(/\?file=/);
  const checkedUrl = page.url();
  const card = page.getByText("Checked, not imported");
  await expect(card).toBeVisible();
  const rows = page.getByRole("table", { name: "Rows of the file" });
  await expect(rows.getByRole("row")).toHaveCount(5);
  await expect(rows.getByRole("row", { name: /Ann Lee/ })).toContainText("New");
  await expect(rows.getByRole("row", { name: /Ann Again/ })).toContainText(
    "Duplicate of row 2 of this file: the same email.",
  );
  await expect(rows.getByRole("row", { name: /Cy Bad/ })).toContainText("Email is not an email address.");
  await page.getByRole("button", { name: /^Invalid/ }).click();
  await expect(rows.getByRole("row")).toHaveCount(2);
  await expect(rows.getByRole("row", { name: /Cy Bad/ })).toBeVisible();
  await page.getByRole("button", { name: /^All/ }).click();
  await expect(rows.getByRole("row")).toHaveCount(5);
  await screenshot(page, "team-lead-import-dry-run");

  // The import: the progress bar runs to the end (three leads: two new, one marked duplicate).
  await page.getByRole("button", { name: "Import 3 leads" }).click();
  const progress = page.getByRole("progressbar", { name: `Import of ${fileName}` });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "4", { timeout: 90_000 });
  await expect(page.getByText("Imported", { exact: true }).first()).toBeVisible();
  await screenshot(page, "team-lead-import-done");

  // Previous imports: the file with its counts; undo it.
  await page.getByRole("link", { name: "previous imports", exact: true }).click();
  const files = page.getByRole("table", { name: "Imported files" });
  const row = files.getByRole("row", { name: new RegExp(fileName) });
  await expect(row).toContainText("Imported");
  await expect(row).toContainText("4 of 4");
  await screenshot(page, "team-lead-previous-imports");
  await row.getByRole("link", { name: fileName }).click();
  await expect(page.getByRole("button", { name: "Undo import" })).toBeEnabled();
  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByRole("button", { name: "Undo import" })).toBeVisible();
      await screenshot(page, `team-lead-previous-import-${width}-${theme}`);
      await page.goto(checkedUrl);
      await expect(page.getByText("Email is not an email address.").locator("visible=true")).toBeVisible();
      await screenshot(page, `team-lead-import-${width}-${theme}`);
      await page.goBack();
    }
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await page.getByRole("button", { name: "Undo import" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Undo import" }).click();
  await expect(page.getByText("Undone", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/This import was undone already/)).toBeVisible();
});
