import type { Page } from "@playwright/test";
import { apiSignIn, expect, formatBranchDay, screenshot as fullPageShot, serverClock, test, users } from "./fixtures";

/** A full-page screenshot from the top (a scrolled page would draw the sticky header mid-page). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, name);
}

// Payments in the customer portal on the sandbox gateway: pay with a test card and see the balance
// change, a declined card shows the gateway's reason, add and remove a saved method, set autopay.

const money = (s: string) => Math.round(Number(s.replace(/[$,]/g, "")) * 100);

async function openPayment(page: Page) {
  await apiSignIn(page, users.customer);
  await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Make a payment" }).click();
  await expect(page.getByRole("heading", { name: "Make a payment" })).toBeVisible();
  await expect(page.getByTestId("payment-balance")).toBeVisible({ timeout: 30_000 });
}

/** Opens the new-card form (shown at once when no method is saved). */
async function openNewCard(page: Page) {
  const button = page.getByRole("button", { name: "New card or bank account" });
  await expect(button.or(page.getByLabel("Card number"))).toBeVisible({ timeout: 15_000 });
  if (await button.isVisible()) await button.click();
  await expect(page.getByLabel("Card number")).toBeVisible();
}

async function enterNewCard(page: Page, number: string, opts: { showHint?: boolean } = {}) {
  await openNewCard(page);
  if (opts.showHint) {
    // the sandbox hint lists the test numbers
    await page.getByText("Test mode: no real money moves").click();
    await expect(page.getByText('Card 4000000000000002: declined "Do Not Honor"')).toBeVisible();
  }
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiration (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Jane Customer");
  await page.getByRole("button", { name: "Use this card" }).click();
}

// The shared CI machine is slow; the first page after sign-in may take a while.
test.describe.configure({ timeout: 90_000 });

test.describe("payments", () => {
  test("pay with a test card and see the balance change", async ({ page }) => {
    await openPayment(page);
    const before = money((await page.getByTestId("payment-balance").textContent()) ?? "");
    // the saved default card is chosen; pay another amount with a new test card instead
    await expect(page.getByRole("radio", { name: /Visa \*\*\*\*1111/ })).toBeChecked();
    await page.getByRole("radio", { name: "Another amount" }).check();
    await page.getByLabel("Amount in dollars").fill("10.00");
    await enterNewCard(page, "4111 1111 1111 1111");
    await expect(page.getByTestId("new-method-label")).toHaveText("Visa ****1111");
    await screenshot(page, "portal-payment");
    await page.getByRole("button", { name: "Pay $10.00" }).click();
    await expect(page.getByText("Thank you! Payment of $10.00 approved.")).toBeVisible();
    const after = before - 1000;
    await expect(page.getByTestId("payment-balance")).toHaveText(`$${(after / 100).toFixed(2)}`);
    // a receipt replaces the form: amount, method, reference, date, new balance, Print
    const receipt = page.getByRole("region", { name: "Payment receipt" });
    await expect(receipt.getByRole("heading", { name: "Payment receipt" })).toBeFocused();
    await expect(receipt.getByText("Amount paid$10.00")).toBeVisible();
    await expect(receipt.getByText("Paid withVisa ****1111")).toBeVisible();
    await expect(receipt.getByTestId("receipt-reference")).toHaveText(/^sbx_/);
    const { now } = await serverClock();
    // the receipt dates the payment in the branch's time zone (not UTC: after 6 PM in Texas they differ)
    await expect(receipt.getByText(`Date${formatBranchDay(now)}`)).toBeVisible();
    await expect(receipt.getByTestId("receipt-balance")).toHaveText(`$${(after / 100).toFixed(2)}`);
    await expect(receipt.getByRole("button", { name: "Print" })).toBeVisible();
    // no live Pay button: a second payment is a deliberate act
    await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
    await screenshot(page, "portal-payment-approved");
    await receipt.getByRole("button", { name: "Make another payment" }).click();
    await expect(page.getByRole("heading", { name: "Amount" })).toBeFocused();
    await page.getByRole("radio", { name: "Another amount" }).check();
    await expect(page.getByLabel("Amount in dollars")).toHaveValue("");
    // a fresh form: the default saved card is chosen again (the new card paid once)
    await expect(page.getByRole("radio", { name: /Visa \*\*\*\*1111/ })).toBeChecked();
    await page.getByLabel("Amount in dollars").fill("1.00");
    await page.getByRole("button", { name: "Pay $1.00" }).click();
    await expect(page.getByText("Thank you! Payment of $1.00 approved.")).toBeVisible();
    await page.getByRole("link", { name: "Back to billing" }).click();
    await expect(page.getByTestId("balance")).toHaveText(`$${((after - 100) / 100).toFixed(2)}`);
    await expect(page.getByText("Online payment - Visa ****1111").first()).toBeVisible();
  });

  test("paying more than the balance asks for confirmation, up to $500.00 of credit", async ({ page }) => {
    await openPayment(page);
    const balance = money((await page.getByTestId("payment-balance").textContent()) ?? "");
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    await page.getByRole("radio", { name: "Another amount" }).check();
    await page.getByLabel("Amount in dollars").fill(dollars(balance + 60_000));
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByText(`You can pay at most $${dollars(balance + 50_000)}`)).toBeVisible();

    await page.getByLabel("Amount in dollars").fill(dollars(balance + 500));
    await expect(page.getByText("Confirm that you want to pay more than your balance.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay/ })).toBeDisabled();
    const confirm = page.getByRole("checkbox", { name: /Pay \$5\.00 more than my balance/ });
    await confirm.check();
    await expect(page.getByRole("button", { name: `Pay $${dollars(balance + 500)}` })).toBeEnabled();
    await screenshot(page, "portal-payment-credit");
    // A declined test card: the server took the confirmed amount to the gateway, and nothing changed.
    await enterNewCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: `Pay $${dollars(balance + 500)}` }).click();
    await expect(page.getByText(/^Payment declined: Do Not Honor/)).toBeVisible();
    await expect(page.getByTestId("payment-balance")).toHaveText(`$${dollars(balance)}`);
  });

  test("a declined card shows the gateway's reason and the balance stays", async ({ page }) => {
    await openPayment(page);
    const before = (await page.getByTestId("payment-balance").textContent()) ?? "";
    await page.getByRole("radio", { name: "Current balance" }).check();
    await enterNewCard(page, "4000000000000002", { showHint: true });
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Payment declined" })).toContainText(
      "Payment declined: Do Not Honor.",
    );
    await expect(page.getByTestId("payment-balance")).toHaveText(before);
    // what was typed stays (but the security code), the card number is marked with the reason,
    // and Pay waits until a method is chosen again
    const number = page.getByLabel("Card number");
    await expect(number).toHaveValue("4000000000000002");
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(number).toBeFocused();
    await expect(page.getByText("This card was declined. Check the number or use another card.")).toBeVisible();
    await expect(page.getByLabel("Expiration (MM/YY)")).toHaveValue("12/30");
    await expect(page.getByLabel("Name on card")).toHaveValue("Jane Customer");
    await expect(page.getByLabel("Security code")).toHaveValue("");
    await expect(page.getByRole("button", { name: /^Pay/ })).toBeDisabled();
    await expect(page.getByText("Choose how to pay first.")).toBeVisible();
    await screenshot(page, "portal-payment-declined");
    // another card in the same form: Pay comes back
    await number.fill("4111111111111111");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: "Use this card" }).click();
    await expect(page.getByRole("button", { name: /^Pay \$/ })).toBeEnabled();
  });

  test("a failure on our side while paying says what to do, with the request id", async ({ page }) => {
    await page.route("**/graphql", async (route) => {
      const post = route.request().postDataJSON() as { operationName?: string } | null;
      if (post?.operationName !== "MakePayment") return route.fallback();
      await route.fulfill({
        json: {
          data: null,
          errors: [
            { message: "Unexpected error.", path: ["makePayment"], extensions: { code: "INTERNAL_SERVER_ERROR" } },
          ],
        },
      });
    });
    await openPayment(page);
    await page.getByRole("radio", { name: "Another amount" }).check();
    await page.getByLabel("Amount in dollars").fill("1.00");
    await page.getByRole("button", { name: "Pay $1.00" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Payment not processed" });
    await expect(alert).toContainText(
      "Something went wrong on our side. Please try again in a moment, or call us at (512) 555-0100.",
    );
    await expect(alert).toContainText(/Reference: [0-9a-f-]{36}/);
    await expect(alert).not.toContainText("Unexpected error.");
  });

  test("a card type the branch does not take is refused before paying", async ({ page }) => {
    await apiSignIn(page, "customer@north.test", "/v2/account/login?host=north");
    await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("link", { name: "Make a payment" }).click();
    await openNewCard(page);
    // north takes cards only: no bank account tab
    await expect(page.getByRole("tab", { name: "Bank account" })).toHaveCount(0);
    await page.getByLabel("Card number").fill("378282246310005");
    await page.getByLabel("Expiration (MM/YY)").fill("12/30");
    await page.getByLabel("Security code").fill("1234");
    await page.getByRole("button", { name: "Use this card" }).click();
    await expect(
      page.getByText("American Express cards are not accepted. Accepted cards: Visa, Mastercard, Discover."),
    ).toBeVisible();
  });
});

test.describe("payment methods", () => {
  test("add a card, then remove it", async ({ page }) => {
    await apiSignIn(page, users.customer);
    await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("link", { name: "Payment methods" }).click();
    await expect(page.getByRole("heading", { name: "Payment methods", level: 1 })).toBeVisible();
    await expect(
      page.getByRole("article", { name: "Visa ****1111" }).or(page.getByLabel("Visa ****1111")),
    ).toBeVisible();

    await page.getByRole("button", { name: "Add a payment method" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a payment method" });
    await dialog.getByLabel("Card number").fill("5555555555554444");
    await dialog.getByLabel("Expiration (MM/YY)").fill("08/29");
    await dialog.getByLabel("Security code").fill("321");
    await dialog.getByRole("button", { name: "Save card" }).click();
    await expect(dialog).toBeHidden();
    // focus is back on the button that opened the dialog
    await expect(page.getByRole("button", { name: "Add a payment method" }).first()).toBeFocused();
    const mc = page.getByLabel("Mastercard ****4444");
    await expect(mc).toBeVisible();
    await expect(mc.getByText("Expires 08/29")).toBeVisible();

    await mc.getByRole("button", { name: "Edit expiration" }).click();
    const edit = page.getByRole("dialog", { name: "Edit expiration" });
    await edit.getByLabel("Expiration (MM/YY)").fill("09/31");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(mc.getByText("Expires 09/31")).toBeVisible();
    await expect(mc.getByRole("button", { name: "Edit expiration" })).toBeFocused();
    await screenshot(page, "portal-payment-methods");

    await mc.getByRole("button", { name: "Remove" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByLabel("Mastercard ****4444")).toHaveCount(0);
    await expect(page.getByLabel("Visa ****1111")).toBeVisible();
    // The removed card's button is gone: the keyboard lands on the list's heading, not the page's top.
    await expect(page.getByRole("heading", { name: "Saved methods" })).toBeFocused();
  });

  test("set up automatic payments", async ({ page }) => {
    await apiSignIn(page, users.customer);
    await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("autopay-status")).toHaveText("Off");
    await page.getByRole("link", { name: "Set up automatic payments" }).click();
    const form = page.getByRole("form", { name: "Automatic payments" });
    await expect(form).toBeVisible();
    await form.getByRole("combobox", { name: "Day of the month" }).click();
    await page.getByRole("option", { name: "15th" }).click();
    await form.getByLabel("Limit (optional)").fill("250");
    await form.getByRole("button", { name: "Turn on automatic payments" }).click();
    await expect(
      page.getByText(
        "Automatic payments are on: your balance (up to $250.00) with Visa ****1111 on day 15 of each month.",
      ),
    ).toBeVisible();
    await expect(
      page.getByText("Your balance (up to $250.00) is paid on the 15th of each month with Visa ****1111."),
    ).toBeVisible();
    await screenshot(page, "portal-autopay");

    // Removing the method automatic payments use moves them to another saved method in the same dialog.
    await page.getByRole("button", { name: "Add a payment method" }).first().click();
    const add = page.getByRole("dialog", { name: "Add a payment method" });
    await add.getByLabel("Card number").fill("6011111111111117");
    await add.getByLabel("Expiration (MM/YY)").fill("08/29");
    await add.getByLabel("Security code").fill("321");
    await add.getByRole("button", { name: "Save card" }).click();
    await expect(add).toBeHidden();
    await page.getByRole("button", { name: "Change", exact: true }).click();
    await form.getByRole("combobox", { name: "Pay with" }).click();
    await page.getByRole("option", { name: "Discover ****1117" }).click();
    await form.getByRole("button", { name: "Save automatic payments" }).click();
    await expect(
      page.getByText("Your balance (up to $250.00) is paid on the 15th of each month with Discover ****1117."),
    ).toBeVisible();
    const mc = page.getByLabel("Discover ****1117");
    await mc.getByRole("button", { name: "Remove" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Discover ****1117?" });
    await expect(confirm).toContainText("This method pays your automatic payments.");
    await expect(confirm.getByRole("radio", { name: "Visa ****1111" })).toBeChecked();
    await screenshot(page, "portal-autopay-remove");
    await confirm.getByRole("button", { name: "Switch and remove" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByLabel("Discover ****1117")).toHaveCount(0);
    await expect(
      page.getByText("Your balance (up to $250.00) is paid on the 15th of each month with Visa ****1111."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Billing" }).first().click();
    await expect(page.getByTestId("autopay-status")).toHaveText("Your balance on the 15th");
  });

  test("on a phone the payment and methods pages fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPayment(page);
    await openNewCard(page);
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "portal-payment-mobile");
    await page.getByRole("link", { name: "Billing" }).last().click();
    await page.getByRole("link", { name: "Payment methods" }).click();
    await expect(page.getByRole("heading", { name: "Payment methods", level: 1 })).toBeVisible();
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // A thumb's target: the card's buttons are at least 40 px tall on a phone.
    const visa = page.getByLabel("Visa ****1111");
    for (const name of ["Edit expiration", "Remove"])
      expect((await visa.getByRole("button", { name }).boundingBox())?.height).toBeGreaterThanOrEqual(40);
    await screenshot(page, "portal-payment-methods-mobile");
  });
});
