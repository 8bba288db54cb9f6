import type { Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, test, users } from "./fixtures";

// The Content-Security-Policy (docs/decisions/0009-security-headers.md) breaks nothing: the portal
// (including the sandbox card form), the shop and the team back office (including the sandboxed HTML
// preview) load in Chromium without a single violation, and the theme is still applied before the
// bundle loads (the script that does it is a file now, not inline).

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Every CSP violation the page reports, from the console and from securitypolicyviolation events. */
async function cspViolations(page: Page) {
  const found: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|securitypolicyviolation/i.test(m.text())) found.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(
        `securitypolicyviolation: ${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return found;
}

test("the document carries the policy, and the pre-paint theme script still runs under it", async ({ page }) => {
  const violations = await cspViolations(page);
  const res = await page.goto("/v2/account/login");
  const csp = res?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res?.headers()["x-content-type-options"]).toBe("nosniff");

  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "dark" })));
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await page.evaluate(() => localStorage.removeItem("preferences"));
  expect(violations).toEqual([]);
});

test("the portal and the shop load with no CSP violation", async ({ page }) => {
  const violations = await cspViolations(page);
  await page.goto("/shop");
  await expect(page.getByRole("region", { name: "Shop announcement" })).toBeVisible({ timeout: 30_000 });
  await page.goto("/shop/cart");
  await apiSignIn(page, users.customer);
  await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Make a payment" }).click();
  await expect(page.getByTestId("payment-balance")).toBeVisible({ timeout: 30_000 });
  const newCard = page.getByRole("button", { name: "New card or bank account" });
  await expect(newCard.or(page.getByLabel("Card number"))).toBeVisible();
  if (await newCard.isVisible()) await newCard.click();
  await expect(page.getByLabel("Card number")).toBeVisible();
  await page.goto("/v2/deliveries");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.goto("/shop");
  await expect(page.getByRole("region", { name: "Shop announcement" })).toBeVisible({ timeout: 30_000 });
  // Violations are reported as resources load: wait until the network is quiet.
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("the team pages load with no CSP violation, the HTML preview included", async ({ page }) => {
  const violations = await cspViolations(page);
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent("/team/ecommerce-setup")}`);
  await expect(page.getByRole("heading", { name: "E-commerce setup", level: 1 })).toBeVisible({ timeout: 30_000 });
  const preview = page.frameLocator('iframe[title="Shop banner preview"]');
  await expect(preview.getByRole("heading").first()).toBeVisible();
  await page.goto("/team");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.goto("/team/reports");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  // Violations are reported as resources load: wait until the network is quiet.
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});
