import { apiSignIn, expect, screenshot, test, users } from "./fixtures";

// A payment approved by the gateway whose answer never reached the browser (a dropped connection)
// must not be charged again: the page keeps the payment's key and asks the server what became of it
// before offering to pay again.

test.describe.configure({ timeout: 90_000 });

const money = (s: string) => Math.round(Number(s.replace(/[$,]/g, "")) * 100);

test("a payment whose answer was lost is found, not charged twice", async ({ page }) => {
  let cut = 0;
  await page.route("**/graphql", async (route) => {
    const post = route.request().postDataJSON() as { operationName?: string } | null;
    if (post?.operationName !== "MakePayment" || cut > 0) return route.fallback();
    cut++;
    // The server does the work; the browser never hears the answer.
    await route.fetch();
    await route.abort("connectionreset");
  });
  await apiSignIn(page, users.customer);
  await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Make a payment" }).click();
  await expect(page.getByTestId("payment-balance")).toBeVisible({ timeout: 30_000 });
  const before = money((await page.getByTestId("payment-balance").textContent()) ?? "");
  await expect(page.getByRole("radio", { name: /Visa \*\*\*\*1111/ })).toBeChecked();
  await page.getByRole("radio", { name: "Another amount" }).check();
  await page.getByLabel("Amount in dollars").fill("2.00");
  await page.getByRole("button", { name: "Pay $2.00" }).click();

  // The page asked the server: the payment went through, with its receipt, and no Pay button is left.
  await expect(page.getByText("Your payment of $2.00 went through.")).toBeVisible();
  const receipt = page.getByRole("region", { name: "Payment receipt" });
  await expect(receipt.getByText("Amount paid$2.00")).toBeVisible();
  await expect(page.getByTestId("payment-balance")).toHaveText(`$${((before - 200) / 100).toFixed(2)}`);
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await screenshot(page, "portal-payment-lost-answer-found");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "portal-payment-lost-answer-found-390");
  expect(cut).toBe(1);
});

test("a payment that never reached the server says so, and paying again charges once", async ({ page }) => {
  let dropped = false;
  await page.route("**/graphql", async (route) => {
    const post = route.request().postDataJSON() as { operationName?: string } | null;
    if (post?.operationName !== "MakePayment" || dropped) return route.fallback();
    dropped = true;
    await route.abort("connectionrefused"); // never sent
  });
  await apiSignIn(page, users.customer);
  await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Make a payment" }).click();
  await expect(page.getByTestId("payment-balance")).toBeVisible({ timeout: 30_000 });
  const before = money((await page.getByTestId("payment-balance").textContent()) ?? "");
  await page.getByRole("radio", { name: "Another amount" }).check();
  await page.getByLabel("Amount in dollars").fill("3.00");
  await page.getByRole("button", { name: "Pay $3.00" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Your payment did not reach us, and nothing was charged." }),
  ).toBeVisible();
  await expect(page.getByTestId("payment-balance")).toHaveText(`$${(before / 100).toFixed(2)}`);
  await page.getByRole("button", { name: "Pay $3.00" }).click();
  await expect(page.getByText("Thank you! Payment of $3.00 approved.")).toBeVisible();
  await expect(page.getByTestId("payment-balance")).toHaveText(`$${((before - 300) / 100).toFixed(2)}`);
});
