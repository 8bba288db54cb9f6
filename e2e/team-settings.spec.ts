import type { Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, screenshot, test, users } from "./fixtures";

// Team web settings / mobile and web: the branch's portal settings, applied to the portal at once;
// phone width; refused without TEAM_CONFIGURATION.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3199}`;

async function portalBranding() {
  const res = await fetch(`${baseURL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", BranchHost: "demo" },
    body: JSON.stringify({ query: "{ branchBranding { allowAnonymousSignUp } }" }),
  });
  return ((await res.json()) as { data: { branchBranding: { allowAnonymousSignUp: boolean } } }).data.branchBranding;
}

async function signInTo(page: Page, path: string) {
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(path));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test("a setting saved here applies to the portal at once", async ({ page }) => {
  await signInTo(page, "/team/web-settings");
  await expect(page.getByRole("heading", { name: "Web settings", level: 1 })).toBeVisible();
  const anonymous = page.getByRole("switch", { name: "New customers may sign up with their address" });
  await expect(anonymous).not.toBeChecked();
  expect((await portalBranding()).allowAnonymousSignUp).toBe(false);
  await screenshot(page, "team-web-settings");

  await anonymous.click();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Portal settings saved. Customers see the change now.")).toBeVisible();
  expect((await portalBranding()).allowAnonymousSignUp).toBe(true);

  // Cards only with no card type is refused with the server's message.
  for (const card of ["Visa", "Mastercard", "American Express", "Discover"])
    await page.getByRole("checkbox", { name: card }).click();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Choose at least one card type, or accept bank accounts (ACH) only.")).toBeVisible();

  // Back as it was.
  await page.reload();
  await page.getByRole("switch", { name: "New customers may sign up with their address" }).click();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Portal settings saved. Customers see the change now.")).toBeVisible();
  expect((await portalBranding()).allowAnonymousSignUp).toBe(false);
});

test("mobile and web shows the same settings, and fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, "/team/mobile-and-web");
  await expect(page.getByRole("heading", { name: "Mobile and web", level: 1 })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Online shop" })).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, "team-mobile-and-web-phone");
});

test("an employee without TEAM_CONFIGURATION does not get the settings pages", async ({ page }) => {
  await apiSignIn(page, "noaccess@demo.test", `/team/login?ReturnUrl=${encodeURIComponent("/team")}`);
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("link", { name: "Web settings" })).toHaveCount(0);
  await page.goto("/team/mobile-and-web");
  await expect(page).toHaveURL(/\/team\/forbidden$/);
});
