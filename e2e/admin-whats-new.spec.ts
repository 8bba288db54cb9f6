import type { Page } from "@playwright/test";
import { screenshots } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, screenshot, test, users } from "./fixtures";

// Admin console: what's-new posts and portal banners. A super admin writes a post for customers and
// a banner for the north branch's customer portal (with HTML that tries to run a script); north's
// customer then sees both, the script never runs, and a visitor does not see the customer-only post.
// Refused for non-admins. The post, banner and template are named uniquely per run, and the banner
// shows only on north's portal (which no other spec opens), so this runs beside other specs.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Unique per run: other runs and specs may share the server. */
const run = Date.now().toString(36);
const POST_TITLE = `Schedule deliveries by text ${run}`;
/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const BANNER_TEXT = `Water main repair on Friday ${run}`;
const TEMPLATE = `Water main repair ${run}`;

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a post and a banner written by the admin reach the customer, and nothing in them runs", async ({ page }) => {
  await page.addInitScript(() => {
    window.addEventListener("securitypolicyviolation", () => {
      (window as unknown as { __cspViolation: boolean }).__cspViolation = true;
    });
  });
  page.on("dialog", (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });

  await apiSignIn(page, users.admin);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Edit What's New" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit What's New" })).toBeVisible();
  // the demo's posts
  await expect(page.getByRole("list", { name: "Posts" })).toContainText("A fresh look for the portal");

  // A post for customers.
  await page.getByRole("button", { name: "New post" }).click();
  const postForm = page.getByRole("form", { name: "New post" });
  await postForm.getByRole("button", { name: "Publish post" }).click();
  await expect(postForm.getByText("Title is required.")).toBeVisible();
  await postForm.getByLabel("Title").fill(POST_TITLE);
  await choose(page, "Audience", "Customers");
  await choose(page, "Emphasis", "Important");
  await postForm
    .getByLabel("Body")
    .fill(
      '<p>Reply <strong>C</strong> to confirm.</p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script>',
    );
  // An image, uploaded through the media service and shown under the text.
  await postForm.getByLabel("Upload image").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
  await expect(postForm.locator('img[src^="/media/"]')).toHaveCount(1);
  await screenshot(page, "admin-whats-new-post-dialog");
  await postForm.getByRole("button", { name: "Publish post" }).click();
  await expect(postForm).toBeHidden();
  await expect(page.getByRole("list", { name: "Posts" }).getByRole("listitem").first()).toContainText(POST_TITLE);
  await screenshots(page, "admin-whats-new-posts");

  // A banner for the north branch's customer portal, showing from now for a week.
  await page.getByRole("tab", { name: "Portal banners" }).click();
  await expect(page).toHaveURL(/tab=banners/);
  await expect(page.getByRole("list", { name: "Templates" })).toContainText("Holiday schedule");
  await page.getByRole("button", { name: "New banner" }).click();
  const bannerForm = page.getByRole("form", { name: "New banner" });
  await bannerForm
    .getByLabel("Banner text")
    .fill(
      `<strong>${BANNER_TEXT}</strong>: deliveries may be late. <a href="javascript:window.__xss=1">Details</a><img src=x onerror="window.__xss=1">`,
    );
  await choose(page, "Branch", "North Springs Water (north)");
  await bannerForm.getByLabel("Colour", { exact: true }).fill("#1E3A8A");
  await expect(bannerForm.getByTestId("banner-preview")).toContainText(BANNER_TEXT);
  await screenshot(page, "admin-whats-new-banner-dialog");
  await bannerForm.getByRole("button", { name: "Create banner" }).click();
  await expect(bannerForm).toBeHidden();
  const banner = page.getByRole("list", { name: "Banners" }).getByRole("listitem").filter({ hasText: BANNER_TEXT });
  await expect(banner).toContainText("Showing now");
  await expect(banner).toContainText("Customer portal");

  // Save it as a template, then see it among the templates.
  await banner.getByRole("button", { name: "Save as template" }).click();
  await page.getByLabel("Template name").fill(TEMPLATE);
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("list", { name: "Templates" })).toContainText(TEMPLATE);
  await screenshots(page, "admin-whats-new-banners");

  // North's customer sees the banner on the portal and the post on What's new.
  await page.context().clearCookies();
  await apiSignIn(page, "northCustomer", "/v2/account/login?host=north");
  await expect(page).toHaveURL(/\/v2\/billing/);
  const shown = page.getByTestId("portal-banners");
  await expect(shown).toContainText(BANNER_TEXT);
  await expect(shown.locator("a", { hasText: "Details" })).not.toHaveAttribute("href", /.*/);
  await expect(shown.locator("img")).toHaveCount(0);
  await screenshot(page, "portal-banner-customer");
  await page.goto("/whats-new?host=north");
  const post = page.getByRole("article", { name: POST_TITLE });
  await expect(post).toContainText("Reply C to confirm.");
  await expect(post).toContainText("Important");
  await expect(post.locator('img[src^="/media/"]')).toHaveCount(1);
  await expect(post.locator('script, img:not([src^="/media/"])')).toHaveCount(0);
  await expect(page.getByRole("article", { name: "A fresh look for the portal" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Message audit in the admin console" })).toHaveCount(0);
  await screenshots(page, "whats-new-customer");
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // A visitor sees what is for everyone, not what is for customers.
  await page.context().clearCookies();
  await page.goto("/whats-new");
  await expect(page.getByRole("article", { name: "A fresh look for the portal" })).toBeVisible();
  await expect(page.getByRole("article", { name: POST_TITLE })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // Clean up: the banner, its template and the post.
  await apiSignIn(page, users.admin);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto("/admin/whats-new?tab=banners");
  const mine = page.getByRole("list", { name: "Banners" }).getByRole("listitem").filter({ hasText: BANNER_TEXT });
  await mine.getByRole("button", { name: "Delete banner" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(mine).toHaveCount(0);
  const template = page.getByRole("list", { name: "Templates" }).getByRole("listitem").filter({ hasText: TEMPLATE });
  await template.getByRole("button", { name: "Delete template" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(template).toHaveCount(0);
  // and the post
  await page.getByRole("tab", { name: "Posts" }).click();
  await page.getByRole("button", { name: `Delete ${POST_TITLE}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("list", { name: "Posts" })).not.toContainText(POST_TITLE);
});

test("the what's-new editor refuses anyone but a super admin", async ({ page }) => {
  await apiSignIn(page, users.employee, "/team/login");
  await expect(page).toHaveURL(/\/team/);
  await page.goto("/admin/whats-new");
  await expect(page).not.toHaveURL(/\/admin/);
  await expect(page.getByRole("heading", { name: "Edit What's New" })).toHaveCount(0);
});
