import { uniqueId } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, screenshot, signInToTeam, test } from "./fixtures";
import { pngImage } from "./images";

// Team personnel: the searchable, sortable list with its state in the address; adding an employee
// (invited by email), editing them, their groups and grants, deactivating them; at phone width; and an
// employee without PERSONNEL_MANAGEMENT neither sees the page in the menu nor opens it. The employee
// added here has a name, email and job title of this run's own (no search or count of the demo's
// people finds them), so the spec runs beside the others.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("the list is searchable and sortable, with its state in the address", async ({ page }) => {
  await signInToTeam(page, "/team/personnel");
  await expect(page.getByRole("heading", { name: "Personnel", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Personnel" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  expect(await table.getByRole("row").count()).toBeGreaterThan(20);
  await screenshot(page, "team-personnel-list");

  await page.getByLabel("Search personnel").fill("sales rep");
  await expect(page).toHaveURL(/q=sales\+rep/);
  await expect(table.getByRole("row")).toHaveCount(6); // header + 5 sales representatives (one inside)
  await table.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(/dir=DESC/);
  await expect(table.getByRole("row").nth(1)).toContainText("Luis Ortega");
  const names = await table.getByRole("row").locator("td:first-child").allInnerTexts();
  expect(names.map((n) => n.trim().split(/\s+/).pop())).toEqual(["Ortega", "Nair", "Mercer", "Greene", "Ashworth"]);

  await page.reload();
  await expect(page.getByLabel("Search personnel")).toHaveValue("sales rep");
  await expect(table.getByRole("row")).toHaveCount(6);

  await page.getByLabel("Search personnel").fill("nobody-like-this");
  await expect(page.getByText("Nobody matches", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/q=/);
});

test("add an employee, edit them, put them in a group, deactivate them", async ({ page }) => {
  // Letters only: names take no digits.
  const id = uniqueId().replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const last = `Newcomb${id}`;
  const email = `wendy.${id}@example.test`;
  await signInToTeam(page, "/team/personnel");
  await page.getByRole("button", { name: "Add employee" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an employee" });
  await dialog.getByLabel("First name").fill("Wendy");
  await dialog.getByLabel("Last name").fill(last);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Job title").fill("Field Trainee");
  await dialog.getByRole("button", { name: "Add employee" }).click();
  await expect(page.getByText(`Wendy ${last} was added. Invitation sent to ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/team\/personnel\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Wendy ${last}`);
  await expect(page.getByText("Invited", { exact: true })).toBeVisible();

  await page.getByLabel("Phone").fill("(512) 555-0177");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();

  const photoFile = page.getByLabel("Photo file");
  await photoFile.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(
    page.getByRole("alert").filter({ hasText: "Only PNG, JPEG, WebP and GIF images can be uploaded." }),
  ).toBeVisible();
  await photoFile.setInputFiles({ name: "wendy.png", mimeType: "image/png", buffer: pngImage(128) });
  await expect(page.getByText("Photo saved.", { exact: true })).toBeVisible();
  const avatars = page.locator('img[src^="/media/"]');
  await expect(avatars).toHaveCount(2); // the page header and the details card
  await expect.poll(() => avatars.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);

  await page.getByRole("checkbox", { name: "Sales" }).click();
  await expect(page.getByText(`Wendy ${last} is a member of Sales.`)).toBeVisible();
  await page.getByRole("switch", { name: /Dispatch/ }).click();
  await expect(page.getByText(`Wendy ${last} now holds Dispatch.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Territories" })).toBeVisible();
  await screenshot(page, "team-person");
  await page.getByRole("button", { name: "Remove photo" }).click();
  await expect(page.getByText("Photo removed.", { exact: true })).toBeVisible();
  await expect(page.locator('img[src^="/media/"]')).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Upload photo" })).toBeVisible();

  await page.getByRole("button", { name: "Deactivate" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText(/is deactivated: signed out everywhere/)).toBeVisible();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reactivate" })).toBeVisible();
});

test("at phone width the list is one card per person", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToTeam(page, "/team/personnel?q=driver");
  const list = page.getByRole("list", { name: "Personnel" });
  await expect(list.getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Personnel" })).toBeHidden();
  await list.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/team\/personnel\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("button", { name: "Save details" })).toBeVisible();
  await screenshot(page, "team-person-phone");
});

test("the team home shows the counts the employee may read, with shortcuts to their pages", async ({ page }) => {
  await signInToTeam(page, "/team");
  const glance = page.getByRole("region", { name: "At a glance" });
  await expect(glance.getByRole("link", { name: /Active employees/ })).toBeVisible();
  await expect(glance.getByRole("link", { name: /Security groups/ })).toContainText("4");
  await expect(glance.getByRole("link", { name: /Invitations not accepted yet/ })).toBeVisible();
  await screenshot(page, "team-home");
});

test("an employee without PERSONNEL_MANAGEMENT does not get the personnel pages", async ({ page }) => {
  await apiSignIn(page, "noaccess@demo.test", `/team/login?ReturnUrl=${encodeURIComponent("/team")}`);
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("region", { name: "At a glance" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Personnel" })).toHaveCount(0);
  await page.goto("/team/personnel");
  await expect(page).toHaveURL(/\/team\/forbidden$/);
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
});

test("the personnel and security pages in the dark theme", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("preferences", JSON.stringify({ themeMode: "dark" })));
  await signInToTeam(page, "/team/personnel");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("table", { name: "Personnel" }).getByRole("row").nth(1)).toBeVisible();
  await screenshot(page, "team-personnel-dark");
  await page.goto("/team/security?tab=matrix");
  await expect(page.getByRole("table", { name: "Permission matrix" })).toBeVisible();
  await screenshot(page, "team-security-matrix-dark");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/team/availability");
  await expect(page.getByRole("region", { name: "Colin Mercer" })).toBeVisible();
  await screenshot(page, "team-availability-dark-phone");
});

test("a person's edited job title is not lost without a word; the breadcrumb names them", async ({ page }) => {
  await signInToTeam(page, "/team/personnel?q=driver");
  await page.getByRole("table", { name: "Personnel" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/team\/personnel\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(/ · /);
  const name = (await page.title()).split(" · ")[0]!;
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(name);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).not.toContainText("Team member");
  await page.getByLabel("Job title").fill("Typed, not saved");
  page.once("dialog", (d) => void d.dismiss());
  await page.getByRole("link", { name: "Personnel", exact: true }).first().click();
  await expect(page).toHaveURL(/\/team\/personnel\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Job title")).toHaveValue("Typed, not saved");
  await screenshot(page, "team-person-unsaved");
});
