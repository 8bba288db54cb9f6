import { expect as baseExpect, screenshot, signInToTeam, test } from "./fixtures";

// Costco referrals against the development stand-in the demo's Costco connection points to: the
// settings page shows the connection (the secret only as its last characters), the stores, services
// and employees; the import page reads the feed ("Check now"), lists every referral with its outcome
// (one another dealer opened first marked "Opened elsewhere"), imports one as a lead and discards
// another with a reason. Screenshots at 1440 and 390 px, light and dark.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("settings show the connection; import reads the feed, imports one and discards one", async ({ page }) => {
  await signInToTeam(page, "/team/costco-settings");
  await expect(page.getByRole("heading", { name: "Costco settings", level: 1 })).toBeVisible();
  const credentials = page.getByRole("form", { name: "Credentials" });
  await expect(credentials.getByLabel("Dealer account id")).toHaveValue("routewater-austin");
  await expect(credentials.getByLabel("Secret")).toHaveValue("");
  await expect(
    credentials.getByText("A secret is stored (ending in cret). Leave this empty to keep it."),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Stores" })).toContainText("Cedar Park");
  await expect(page.getByRole("table", { name: "Services" })).toContainText("Water softener installation");
  await expect(page.getByRole("table", { name: "Employees" })).toContainText("Sandra Kim");
  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/team/costco-settings");
      await expect(page.getByRole("form", { name: "Credentials" })).toBeVisible();
      await screenshot(page, `team-costco-settings-${width}-${theme}`);
    }
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto("/team/costco-import");
  await expect(page.getByRole("heading", { name: "Costco import", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByText(/new referrals? from Costco|Nothing new from Costco/)).toBeVisible();
  const table = page.getByRole("table", { name: "Referrals" });
  await expect(table.getByRole("row")).toHaveCount(11); // the header and ten referrals
  await expect(table.getByText("Opened elsewhere")).toHaveCount(1);

  // Import the first new one.
  const isNew = { has: page.getByText("New", { exact: true }) };
  const newRows = table.getByRole("row").filter(isNew);
  const first = newRows.first();
  const firstName = (await first.getByRole("cell").nth(1).innerText()).split("\n")[0]!;
  await first.getByRole("checkbox", { name: "Select row" }).check();
  await page.getByRole("button", { name: "Import 1 referral" }).click();
  await expect(page.getByText(/^Imported 1 referral: /)).toBeVisible();
  const imported = table.getByRole("row").filter({ hasText: firstName });
  await expect(imported).toContainText(/Imported|Duplicate/);
  await expect(imported.getByRole("link", { name: /Lead #\d+/ })).toBeVisible();

  // Discard another with a reason.
  const next = table.getByRole("row").filter(isNew).first();
  const nextName = (await next.getByRole("cell").nth(1).innerText()).split("\n")[0]!;
  await next.getByRole("checkbox", { name: "Select row" }).check();
  await page.getByRole("button", { name: "Discard 1 referral" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason").fill("Outside our service area.");
  await dialog.getByRole("button", { name: "Discard 1 referral" }).click();
  await expect(page.getByText("Discarded 1 referral.")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: nextName })).toContainText("Outside our service area.");

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/team/costco-import");
      await expect(page.getByText("Opened elsewhere").filter({ visible: true }).first()).toBeVisible();
      await screenshot(page, `team-costco-import-${width}-${theme}`);
    }
});
