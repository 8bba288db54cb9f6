import type { Page } from "@playwright/test";
import { apiSignIn, expect, screenshot, users } from "./fixtures";

// Shared steps of the admin console's e2e specs (admin-*.spec.ts).

export async function signInAsAdmin(page: Page) {
  await apiSignIn(page, "admin");
  await expect(page).toHaveURL(/\/admin\/b$/, { timeout: 15_000 });
}

/** Light and dark at 1280px and 390px, under test-results/screens/. */
export async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `${name}-1280-light`);
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await screenshot(page, `${name}-1280-dark`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390-dark`);
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await screenshot(page, `${name}-390-light`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Everyone but a super admin is kept out of these admin pages (SPEC section 6): signed out -> sign in
 * (with ReturnUrl), an employee or a customer -> their home, and the page's heading never shows.
 */
export async function expectRefused(page: Page, path: string, heading: string) {
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page).toHaveURL(/\/v2\/account\/login\?ReturnUrl=/);
  for (const [email, home] of [
    [users.employee, /\/team$/],
    [users.customer, /\/v2\/billing(\/[^/?]+)?$/],
    ["noaccess@demo.test", /\/team$/],
  ] as const) {
    await page.context().clearCookies();
    await apiSignIn(page, email);
    await expect(page).not.toHaveURL(/login/);
    await page.goto(path);
    await expect(page).toHaveURL(home);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toHaveCount(0);
  }
  await page.context().clearCookies();
}
