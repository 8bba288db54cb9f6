import type { Page } from "@playwright/test";
import { apiSignIn, expect, formatDay, screenshot as fullPageShot, historyDate, signIn, test, users } from "./fixtures";

/** A full-page screenshot from the top (a scrolled page would draw the sticky header mid-page). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, name);
}

// Billing in the customer portal: the balance of account 100001, statements and their printable
// view, the bare paths going to the user's first customer.

// The shared CI machine is slow; the first page after sign-in may take a while.
test.describe.configure({ timeout: 90_000 });

test.describe("billing", () => {
  test("the billing page shows the balance, past due, activity and statements", async ({ page }) => {
    // The seed's last statement closed on 31 October of its history, moved with the clock.
    const lastClose = formatDay(await historyDate("2026-10-31"));
    await apiSignIn(page, users.customer);
    await expect(page).toHaveURL(/\/v2\/billing\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
    await expect(page.getByText("Account 100001 · ")).toBeVisible();
    await expect(page.getByTestId("balance")).toHaveText("$67.66");
    await expect(page.getByTestId("past-due")).toHaveText("$0.00");
    await expect(page.getByRole("heading", { name: "Recent statements" })).toBeVisible();
    const statements = page.getByRole("table", { name: "Statements" });
    await expect(statements.getByRole("row")).toHaveCount(4); // header + the last 3
    await expect(statements.getByRole("button", { name: lastClose })).toBeVisible();
    // a statement opens to its transactions
    await statements.getByRole("button", { name: lastClose }).click();
    await expect(page.getByRole("table", { name: `Statement of ${lastClose}` })).toBeVisible();
    await screenshot(page, "portal-billing");

    await page.getByRole("link", { name: "View all statements and invoices" }).click();
    await expect(page).toHaveURL(/\?view=all$/);
    await expect(page.getByRole("heading", { name: "All statements" })).toBeVisible();
    await expect(statements.getByRole("row")).toHaveCount(7); // May to October
  });

  test("a statement has a printable view", async ({ page }) => {
    const lastClose = await historyDate("2026-10-31");
    await apiSignIn(page, users.customer);
    await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("link", { name: `Print statement of ${formatDay(lastClose)}` }).click();
    await expect(page).toHaveURL(/print=statement&id=/);
    const doc = page.getByRole("article", { name: `Statement ${formatDay(lastClose, "long")}`, exact: false });
    await expect(doc).toBeVisible();
    await expect(doc.getByText("100001")).toBeVisible();
    await expect(doc.getByText("1100 Congress Ave")).toBeVisible();
    await expect(doc.getByText("New balance").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await screenshot(page, "portal-statement-print");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await screenshot(page, "portal-statement-print-media");
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "Back to billing" }).click();
    await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
  });

  test("the bare billing, payment and payment-methods paths go to the first linked customer", async ({ page }) => {
    await apiSignIn(page, users.customer);
    await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
    const custId = page.url().split("/").pop();
    await page.goto("/billing");
    await expect(page).toHaveURL(new RegExp(`/v2/billing/${custId}$`));
    await page.goto("/payment");
    await expect(page).toHaveURL(new RegExp(`/v2/payment/${custId}$`));
    await expect(page.getByRole("heading", { name: "Make a payment" })).toBeVisible();
    await page.goto("/payment-methods");
    await expect(page).toHaveURL(new RegExp(`/v2/payment-methods/${custId}$`));
    await page.goto("/");
    await expect(page).toHaveURL(new RegExp(`/v2/billing/${custId}$`));
  });

  test("on a phone the billing page stacks and still shows everything", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await apiSignIn(page, users.customer);
    await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("link", { name: "Make a payment" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Statements" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "portal-billing-mobile");
  });

  test("a negative balance reads as a credit, on billing and on the payment page", async ({ page }) => {
    // The account is ahead by $432.34 (the server's answer, changed on its way to the page).
    let served = () => {};
    const billingServed = new Promise<void>((resolve) => {
      served = resolve;
    });
    await page.route("**/graphql", async (route) => {
      const post = route.request().postDataJSON() as { operationName?: string } | null;
      if (post?.operationName !== "Billing") return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { billing?: { balance: number } } };
      if (body.data?.billing) body.data.billing.balance = -43_234;
      await route.fulfill({ response, json: body });
      served();
    });
    // The form, not apiSignIn: billing must load in the page (a route), not arrive with the document.
    await signIn(page, users.customer);
    // Between the click and the balance: the password's hash (about 4 s on a loaded machine), the user,
    // the billing page's code, then Billing through the route above. The balance is checked once that
    // answer was served, not within the usual few seconds of the click (which a loaded run exceeded).
    await billingServed;
    await expect(page.getByTestId("balance")).toHaveText("$432.34 credit");
    await expect(page.getByText("You have a credit on your account.")).toBeVisible();
    await page.getByRole("link", { name: "Make a payment" }).click();
    await expect(page.getByTestId("payment-balance")).toHaveText("$432.34 credit");
    await expect(page.getByText("Nothing is due")).toBeVisible();
  });

  test("a failure on our side reads as what to do, with the request id for support", async ({ page }) => {
    // The server masked a database failure; the page sends its own request id, which the server logs.
    const sent: string[] = [];
    await page.route("**/graphql", async (route) => {
      const post = route.request().postDataJSON() as { operationName?: string } | null;
      if (post?.operationName !== "Billing") return route.fallback();
      sent.push((await route.request().headerValue("x-request-id")) ?? "");
      await route.fulfill({
        json: {
          data: null,
          errors: [{ message: "Database timeout", path: ["billing"], extensions: { code: "INTERNAL_SERVER_ERROR" } }],
        },
      });
    });
    await signIn(page, users.customer);
    await expect(page.getByText("We couldn't load your billing")).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText("Something went wrong on our side. Please try again in a moment, or call us at (512) 555-0100."),
    ).toBeVisible();
    await expect(page.getByText(/Database timeout|Operation:|500 Error/)).toHaveCount(0);
    const reference = ((await page.getByTestId("error-reference").textContent()) ?? "").replace("Reference: ", "");
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toContain(reference);
    await screenshot(page, "portal-billing-error");
  });
});
