import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hydrated, hydrationComplaints, openServerRendered } from "./server-rendered";

// The team home comes rendered by the server (decision 0413, 0980) and the browser takes it over:
// no hydration complaint from React, in the light and the dark theme, wide and narrow, and the page
// works as the browser-rendered one did (the side navigation, the drawer, a count's link).

test.describe.configure({ timeout: 120_000 });

/** Opens /team until the server has rendered it; its HTML holds the greeting, the side navigation and the counts. */
const serverRendered = (page: Page) =>
  openServerRendered(page, "/team", ["Welcome back", 'aria-label="Team navigation"']);

for (const theme of ["light", "dark"] as const) {
  test(`the team home is sent rendered and taken over without a hydration complaint (${theme})`, async ({
    page,
    loginAs,
  }) => {
    const complaints = hydrationComplaints(page);
    await page.addInitScript((mode) => localStorage.setItem("preferences", JSON.stringify({ themeMode: mode })), theme);
    await loginAs("employee", "/team/login?ReturnUrl=/team");
    await serverRendered(page);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome back/ })).toBeVisible();
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
    // The side navigation works: a group opens and its page opens in the browser.
    const nav = page.getByRole("navigation", { name: "Team" });
    await nav.getByRole("button", { name: "People & security" }).click();
    await nav.getByRole("link", { name: "Personnel" }).click();
    await expect(page).toHaveURL(/\/team\/personnel$/);
    await expect(page.getByRole("heading", { level: 1, name: "Personnel" })).toBeVisible();
    expect(complaints).toEqual([]);
  });
}

test("on a phone the drawer opens from the server-rendered header", async ({ page, loginAs }) => {
  const complaints = hydrationComplaints(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs("employee", "/team/login?ReturnUrl=/team");
  await serverRendered(page);
  await hydrated(page);
  await page.getByRole("button", { name: "Open navigation" }).click();
  const drawer = page.getByRole("dialog", { name: "Team navigation" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "People & security" }).click();
  await drawer.getByRole("link", { name: "Personnel" }).click();
  await expect(page).toHaveURL(/\/team\/personnel$/);
  await expect(drawer).toBeHidden();
  expect(complaints).toEqual([]);
});
