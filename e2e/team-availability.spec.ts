import type { Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, screenshot, test, users } from "./fixtures";

// Team availability: a salesperson's weekly hours and time off; a zone's appointment slots (zone
// chosen from the territory maps) and its next two weeks; phone width; refused without SCHEDULING.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function signInTo(page: Page, path: string) {
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, "\\?")));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test("weekly hours and time off of a salesperson", async ({ page }) => {
  await signInTo(page, "/team/availability");
  const row = page.getByRole("region", { name: "Colin Mercer" });
  await expect(row).toContainText("Mon 09:00–17:00");
  await expect(row).toContainText("Vacation");
  await screenshot(page, "team-availability-people");
  await row.getByRole("button", { name: "Edit Colin Mercer" }).click();
  const dialog = page.getByRole("dialog", { name: "Availability of Colin Mercer" });
  await dialog.getByRole("button", { name: "Add period" }).click();
  const added = dialog.getByRole("group", { name: "Period 6" });
  await added.getByRole("combobox", { name: "Day" }).click();
  await page.getByRole("option", { name: "Sat" }).click();
  await added.getByLabel("From").fill("09:00");
  await added.getByLabel("To").fill("12:00");
  await dialog.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText("Availability of Colin Mercer saved.")).toBeVisible();
  await expect(row).toContainText("Sat 09:00–12:00");

  // An overlap is refused with the server's message, and nothing changes.
  await row.getByRole("button", { name: "Edit Colin Mercer" }).click();
  await dialog.getByRole("button", { name: "Add period" }).click();
  const overlap = dialog.getByRole("group", { name: "Period 7" });
  await overlap.getByLabel("From").fill("16:00");
  await overlap.getByLabel("To").fill("18:00");
  await dialog.getByRole("button", { name: "Save availability" }).click();
  await expect(dialog.getByText("Working hours on Monday overlap: 09:00–17:00 and 16:00–18:00.")).toBeVisible();
});

test("appointment slots per zone and the next two weeks", async ({ page }) => {
  await signInTo(page, "/team/availability?tab=slots");
  await page.getByRole("combobox", { name: "Zone" }).click();
  await page.getByRole("option", { name: "North sales" }).click();
  await expect(page).toHaveURL(/zone=/);
  await expect(page.getByRole("group", { name: "Slot 1", exact: true })).toBeVisible();
  const days = page.getByRole("list", { name: "Availability by day" });
  await expect(days.getByRole("listitem")).toHaveCount(14);
  await screenshot(page, "team-availability-slots");
  await page.getByRole("button", { name: "Add slot" }).click();
  const last = page.getByRole("group", { name: /^Slot \d+$/ }).last();
  await last.getByRole("combobox", { name: "Day" }).click();
  await page.getByRole("option", { name: "Sun" }).click();
  await last.getByLabel("From").fill("10:00");
  await last.getByLabel("To").fill("12:00");
  await page.getByRole("button", { name: "Save slots" }).click();
  await expect(page.getByText(/^\d+ slots a week saved\.$/)).toBeVisible();
  await expect(days).toContainText("10:00–12:00");
});

test("at phone width the availability page fits", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, "/team/availability");
  await expect(page.getByRole("region", { name: "Colin Mercer" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, "team-availability-phone");
});

test("an employee without SCHEDULING does not get the availability page", async ({ page }) => {
  await apiSignIn(page, "noaccess@demo.test", `/team/login?ReturnUrl=${encodeURIComponent("/team")}`);
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("link", { name: "Availability" })).toHaveCount(0);
  await page.goto("/team/availability");
  await expect(page).toHaveURL(/\/team\/forbidden$/);
});
