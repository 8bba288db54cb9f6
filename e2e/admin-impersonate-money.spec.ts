import { screenshots, signInAsAdmin } from "./admin-helpers";
import { expect as baseExpect, test } from "./fixtures";

// Viewing as a customer moves no money in their name: a one-off payment (and a shop order) is
// refused while a super admin views as the customer, and the balance stays as it was.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("viewing as a customer, Pay is refused and nothing is charged", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/impersonate");
  await page.getByLabel("Find a user of any branch").fill("customer@north");
  await page.getByRole("button", { name: "View as customer@north.test" }).click();
  await expect(page).toHaveURL(/\/v2\/billing.*host=north/);

  await page.getByRole("link", { name: "Make a payment" }).click();
  const balance = page.getByTestId("payment-balance");
  await expect(balance).toBeVisible({ timeout: 30_000 });
  const before = await balance.textContent();
  await page.getByRole("radio", { name: "Another amount" }).check();
  await page.getByLabel("Amount in dollars").fill("1.00");
  const newMethod = page.getByRole("button", { name: "New card or bank account" });
  await expect(
    newMethod.or(page.getByLabel("Card number")).or(page.getByRole("radio", { name: /\*\*\*\*/ }).first()),
  ).toBeVisible();
  if (
    !(await page
      .getByRole("radio", { name: /\*\*\*\*/ })
      .first()
      .isVisible())
  ) {
    if (await newMethod.isVisible()) await newMethod.click();
    await page.getByLabel("Card number").fill("4111 1111 1111 1111");
    await page.getByLabel("Expiration (MM/YY)").fill("12/30");
    await page.getByLabel("Security code").fill("123");
    await page.getByLabel("Name on card").fill("Nick Customer");
    await page.getByRole("button", { name: "Use this card" }).click();
  }
  await page.getByRole("button", { name: "Pay $1.00" }).click();
  await expect(page.getByText(/Not available while viewing as another user/).first()).toBeVisible();
  await screenshots(page, "admin-impersonate-payment-refused");
  await page.reload();
  await expect(balance).toHaveText(before ?? "");
});
