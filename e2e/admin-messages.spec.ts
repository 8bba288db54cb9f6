import { screenshots, signInAsAdmin } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, test, users } from "./fixtures";

// Admin console: the message audit (every outbound message with its delivery status, searchable,
// paged) and texting analytics (texts, segments, robo calls and successes per branch and per day),
// on the demo's seeded month of texts and calls for demo and north. Super admins only.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("message audit: every branch's texts, calls and mail with their delivery status", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Text/Call Usage" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Text/Call Usage" })).toBeVisible();
  const table = page.getByRole("table", { name: "Outbound messages" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByText(/of [\d,]+ messages/)).toBeVisible();
  await screenshots(page, "admin-message-audit");

  // Robo calls that were busy, in one branch.
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Robo call" }).click();
  await page.getByRole("combobox", { name: "Delivery status" }).click();
  await page.getByRole("option", { name: "Busy", exact: true }).click();
  await expect(page).toHaveURL(/platform=PHONE/);
  await expect(page).toHaveURL(/status=BUSY/);
  const rows = table.getByRole("row");
  await expect(rows.nth(1)).toContainText("Busy");
  for (const row of await rows.all().then((r) => r.slice(1))) {
    await expect(row).toContainText("Robo call");
    await expect(row).toContainText("Busy");
  }

  // Search the text of the messages.
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "All types" }).click();
  await page.getByRole("combobox", { name: "Delivery status" }).click();
  await page.getByRole("option", { name: "Any status" }).click();
  await page.getByRole("searchbox", { name: "Search messages" }).fill("softener");
  await expect(page).toHaveURL(/q=softener/);
  await expect(rows.nth(1)).toContainText("water softener service");
  await expect(rows.nth(1)).toContainText(/segments/);

  // Paging keeps the filters.
  await page.getByRole("searchbox", { name: "Search messages" }).fill("");
  await expect(page).not.toHaveURL(/q=/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^26–50 of/)).toBeVisible();
});

test("texting analytics: texts, segments, robo calls and successes per branch and per day", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/texting-analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Texting Analytics" })).toBeVisible();
  const totals = page.getByRole("region", { name: "Totals" });
  await expect(totals).toContainText("Texts");
  await expect(totals).toContainText(/\d+% delivered/);
  await expect(totals).toContainText(/\d+% answered/);
  await expect(page.getByRole("img", { name: "Texts — all branches, per day" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Robo calls and mail, per day" })).toBeVisible();
  const perBranch = page.getByRole("table", { name: "Messaging per branch" });
  await expect(perBranch.getByRole("row", { name: /Demo Water Co\./ })).toBeVisible();
  await expect(perBranch.getByRole("row", { name: /North Springs Water/ })).toBeVisible();
  await screenshots(page, "admin-texting-analytics");

  // One branch.
  await page.getByRole("combobox", { name: "Branch" }).click();
  await page.getByRole("option", { name: /\(north\)/ }).click();
  await expect(page).toHaveURL(/branch=/);
  await expect(page.getByRole("img", { name: /^Texts — .+, per day$/ })).toBeVisible();
  await expect(page.getByRole("img", { name: "Texts — all branches, per day" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Period" }).click();
  await page.getByRole("option", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/period=7/);
  await page.getByText("Show the numbers").first().click();
  await expect(page.getByRole("cell").first()).toBeVisible();
});

test("the messaging pages refuse anyone but a super admin", async ({ page }) => {
  await page.goto("/admin/message-audit");
  await expect(page).toHaveURL(/\/v2\/account\/login/);
  await apiSignIn(page, users.customer);
  await expect(page).toHaveURL(/\/v2\/billing/);
  await page.goto("/admin/texting-analytics");
  await expect(page).toHaveURL(/\/v2\/billing/);
  await expect(page.getByRole("heading", { name: "Texting Analytics" })).toHaveCount(0);
});
