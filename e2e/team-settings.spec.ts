import type { Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, screenshot, serverURL, test, users } from "./fixtures";

// Team web settings / mobile and web: the branch's portal settings, each page its own part, applied
// to the portal when saved; unsaved changes are not lost without a word; turning the portal off asks
// first; phone width; refused without TEAM_CONFIGURATION. (Branch-wide settings: this spec changes
// what others read, so it runs in "shared-data" and puts back what it changed.)

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function portalBranding() {
  const res = await fetch(`${serverURL()}/graphql`, {
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

  // Back as it was. Reloading with the refused changes asks first (accepted here).
  page.once("dialog", (d) => d.accept());
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
  // Its own part: the app's features; the portal switch, payments and sign-up are on web settings.
  await expect(page.getByRole("switch", { name: "Two-way texting" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Customer portal" })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Visa" })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, "team-mobile-and-web-phone");
});

test("the page says when changes apply, and a toggled switch is not lost without a word", async ({ page }) => {
  await signInTo(page, "/team/web-settings");
  await expect(page.getByText("Changes reach customers when you save them.")).toBeVisible();
  await expect(page.getByText(/apply at once/i)).toHaveCount(0);
  const web = page.getByRole("switch", { name: "Online shop" });
  await expect(web).toHaveCount(0); // the shop is under mobile and web
  const reference = page.getByRole("switch", { name: "Customers may link with a reference number" });
  const before = await reference.isChecked();
  await reference.click();

  // Leaving by the menu asks; staying keeps the toggled switch.
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole("link", { name: "Mobile and web" }).first().click();
  await expect.poll(() => asked).toContain("unsaved changes");
  await expect(page).toHaveURL(/\/team\/web-settings$/);
  await expect(reference).toBeChecked({ checked: !before });
  await screenshot(page, "team-web-settings-unsaved");

  // Discard puts it back; then leaving does not ask.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(reference).toBeChecked({ checked: before });
  await page.getByRole("link", { name: "Mobile and web" }).first().click();
  await expect(page.getByRole("heading", { name: "Mobile and web", level: 1 })).toBeVisible();
});

test("turning the whole customer portal off asks first, naming what customers lose", async ({ page }) => {
  await signInTo(page, "/team/web-settings");
  const portal = page.getByRole("switch", { name: "Customer portal" });
  await expect(portal).toBeChecked();
  await portal.click();
  await page.getByRole("button", { name: "Save settings" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Turn the customer portal off?" });
  await expect(confirm).toContainText("Customers can no longer sign in to see their bills, pay online");
  await screenshot(page, "team-web-settings-portal-off");
  await confirm.getByRole("button", { name: "Keep it on" }).click();
  await expect(confirm).toHaveCount(0);
  // Nothing was saved: the portal is still on after a reload.
  page.once("dialog", (d) => d.accept());
  await page.reload();
  await expect(page.getByRole("switch", { name: "Customer portal" })).toBeChecked();
});

test("an employee without TEAM_CONFIGURATION does not get the settings pages", async ({ page }) => {
  await apiSignIn(page, "noaccess@demo.test", `/team/login?ReturnUrl=${encodeURIComponent("/team")}`);
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("link", { name: "Web settings" })).toHaveCount(0);
  await page.goto("/team/mobile-and-web");
  await expect(page).toHaveURL(/\/team\/forbidden$/);
});
