import type { Locator, Page, Route } from "@playwright/test";
import { apiSignIn, DEMO_PASSWORD, expect, screenshot as saveScreenshot, signIn, test, users } from "./fixtures";

// Deliveries in the customer portal as customer@demo.test (account 100001, 1100 Congress Ave, Route 101
// every 2 weeks, 3 x 5 Gallon Spring Water and a dispenser rental, one open order on the next route day).
// Run alone: E2E_PORT=3213 npx playwright test -c e2e/playwright.config.ts e2e/portal-deliveries.spec.ts

// Each test signs in; on a busy two-core machine a journey can take longer than the default 30 s.
test.describe.configure({ mode: "serial", timeout: 90_000 });

/** Sign in and open Deliveries from the menu; one account with one address goes straight to the address. */
async function openDeliveries(page: Page) {
  await apiSignIn(page, users.customer);
  await expect(page).toHaveURL(/\/v2\/billing/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Deliveries" }).click();
  await expect(page).toHaveURL(/\/Deliveries\/[^/]+\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Deliveries", level: 1 })).toBeVisible();
}

/** Answers one GraphQL operation with `patch(body)` (or a status), passing the rest through. */
async function interceptOperation(
  page: Page,
  operationName: string,
  handle: (route: Route, body: Record<string, unknown>) => Promise<void>,
) {
  await page.route("**/graphql", async (route) => {
    const post = route.request().postDataJSON() as { operationName?: string } | null;
    if (post?.operationName !== operationName) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await handle(route, body);
  });
}

/** A full-page screenshot from the top (the sticky header would otherwise sit mid-page). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** Chooses a date by clicking its card, as a user does (the radio itself is visually hidden). */
async function choose(radio: Locator) {
  await radio.locator("xpath=ancestor::label[1]").click();
  await expect(radio).toBeChecked();
}

const upcoming = (page: Page) => page.getByRole("region", { name: "Upcoming deliveries" });
const cards = (page: Page) => upcoming(page).getByRole("article");

// A retry runs the whole serial file again: the open orders an earlier attempt scheduled online are
// cancelled first (through the API, as the customer), so every attempt starts from the demo's one
// seeded order, which was not scheduled online.
test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: String(testInfo.project.use.baseURL) });
  const gql = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const res = await api.post("/graphql", {
      headers: { "content-type": "application/json" },
      data: { query, variables },
    });
    const body = (await res.json()) as { data: T; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
    return body.data;
  };
  try {
    await gql("mutation($u:String!,$p:String!){ login(username:$u,password:$p){ isSuccess } }", {
      u: users.customer,
      p: DEMO_PASSWORD,
    });
    type Orders = {
      customers: { serviceAddresses: { workOrders: { id: string; isOpen: boolean; isPortalOrder: boolean }[] }[] }[];
    };
    const { customers } = await gql<Orders>(
      "{ customers { serviceAddresses { workOrders(limit: 30) { id isOpen isPortalOrder } } } }",
    );
    const ours = customers.flatMap((c) => c.serviceAddresses.flatMap((a) => a.workOrders));
    for (const order of ours.filter((o) => o.isOpen && o.isPortalOrder))
      await gql("mutation($id:String!){ cancelWorkOrder(workOrderId:$id){ __typename } }", { id: order.id });
  } finally {
    await api.dispose();
  }
});

test("the address page: regular service, the upcoming order and past deliveries", { tag: "@date" }, async ({
  page,
}) => {
  await openDeliveries(page);
  await expect(page.getByText("1100 Congress Ave", { exact: true })).toBeVisible();
  const service = page.getByRole("region", { name: "Your regular service" });
  await expect(service.getByText("Route 101 · Downtown & Central")).toBeVisible();
  await expect(service.getByText("Every 2 weeks")).toBeVisible();
  await expect(service.getByText("5 Gallon Spring Water")).toBeVisible();

  // the seeded open order: 3 x 5 Gallon Spring Water, $56.85, no tax
  await expect(cards(page)).toHaveCount(1);
  const seeded = cards(page).first();
  await expect(seeded.getByText("3 × 5 Gallon Spring Water")).toBeVisible();
  await expect(seeded.getByText("$56.85").last()).toBeVisible();
  await expect(seeded.getByRole("link", { name: /^Change the delivery on / })).toBeVisible();

  const past = page.getByRole("region", { name: "Past deliveries" });
  await expect(past.getByRole("listitem").filter({ hasText: "3 × 5 Gallon Spring Water" }).first()).toBeVisible();
  expect(await past.getByRole("listitem").count()).toBeGreaterThan(3);
  await screenshot(page, "deliveries-address");
});

test("schedule a delivery: date, quantities, tax and total, confirm", { tag: "@date" }, async ({ page }) => {
  await openDeliveries(page);
  await page.getByRole("link", { name: "Schedule a delivery" }).first().click();
  await expect(page.getByRole("heading", { name: "Schedule a delivery", level: 1 })).toBeVisible();

  // the seeded order's date is taken; every other offered date is free
  await expect(page.getByRole("radio", { name: /Already scheduled$/ })).toBeDisabled();
  const free = page.getByRole("radio", { name: /(Regular|Extra)$/ });
  expect(await free.count()).toBeGreaterThanOrEqual(3);

  // nothing chosen: the date is asked for
  await page.getByRole("button", { name: "Review delivery" }).click();
  await expect(page.getByText("Choose a delivery date.")).toBeVisible();
  await screenshot(page, "deliveries-new-validation");

  await choose(free.nth(1));
  await expect(page.getByText("Choose a delivery date.")).toHaveCount(0);
  await page.getByRole("button", { name: "More: 5 Gallon Spring Water" }).click();
  await expect(page.getByLabel("Quantity of 5 Gallon Spring Water")).toHaveValue("4");
  await page.getByRole("checkbox", { name: "Add Hot & Cold Dispenser Rental" }).check();
  await page.getByLabel("Purchase order number").fill("JANE-42");

  // 4 x $18.95 + $9.99 = $85.79; tax 8.25% of $9.99 = $0.82; total $86.61
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText("$85.79")).toBeVisible();
  await expect(summary.getByText("Tax (8.25%)")).toBeVisible();
  await expect(summary.getByText("$0.82")).toBeVisible();
  await expect(summary.getByText("$86.61")).toBeVisible();
  await screenshot(page, "deliveries-new");

  await page.getByRole("button", { name: "Review delivery" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Schedule this delivery?" });
  await expect(dialog.getByText("4 × 5 Gallon Spring Water")).toBeVisible();
  await expect(dialog.getByText("$86.61")).toBeVisible();
  await expect(dialog.getByText("JANE-42")).toBeVisible();
  await screenshot(page, "deliveries-new-confirm");
  await dialog.getByRole("button", { name: "Confirm delivery" }).click();

  await expect(page).toHaveURL(/\/Deliveries\/[^/]+\/[^/]+$/);
  await expect(page.getByText(/^Your delivery on .+ is scheduled\.$/)).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  const created = cards(page).filter({ hasText: "JANE-42" });
  await expect(created.getByText("Scheduled online")).toBeVisible();
  await expect(created.getByText("$86.61")).toBeVisible();
  await expect(created.getByText("Plus sales tax")).toBeVisible();
});

test("change the delivery: another date and fewer bottles", { tag: "@date" }, async ({ page }) => {
  await openDeliveries(page);
  const card = cards(page).filter({ hasText: "JANE-42" });
  const before = (await card.getByRole("heading").textContent())?.trim();
  await card.getByRole("link", { name: /^Change the delivery on / }).click();
  await expect(page.getByRole("heading", { name: "Change a delivery", level: 1 })).toBeVisible();

  // the form starts from the order: its date, its quantities, its purchase order
  await expect(page.getByRole("radio", { name: /Current date$/ })).toBeChecked();
  await expect(page.getByLabel("Quantity of 5 Gallon Spring Water")).toHaveValue("4");
  await expect(page.getByRole("checkbox", { name: "Add Hot & Cold Dispenser Rental" })).toBeChecked();
  await expect(page.getByLabel("Purchase order number")).toHaveValue("JANE-42");

  // a bad quantity is explained
  await page.getByLabel("Quantity of 5 Gallon Spring Water").fill("1.5");
  await page.getByRole("button", { name: "Review changes" }).click();
  await expect(page.getByText("Quantities must be whole numbers from 0 to 99.")).toBeVisible();
  await page.getByLabel("Quantity of 5 Gallon Spring Water").fill("2");
  await page.getByRole("checkbox", { name: "Add Hot & Cold Dispenser Rental" }).uncheck();

  const other = page.getByRole("radio", { name: /(Regular|Extra)$/ }).last();
  const otherLabel = await other.getAttribute("aria-label");
  await choose(other);
  await screenshot(page, "deliveries-edit");
  await page.getByRole("button", { name: "Review changes" }).click();
  await page
    .getByRole("alertdialog", { name: "Save these changes?" })
    .getByRole("button", { name: "Save changes" })
    .click();

  await expect(page.getByText(/^Your delivery on .+ has been updated\.$/)).toBeVisible();
  const changed = cards(page).filter({ hasText: "JANE-42" });
  await expect(changed.getByRole("heading")).toHaveText(otherLabel!.replace(/, (Regular|Extra)$/, ""));
  expect(otherLabel).not.toContain(before ?? "-");
  await expect(changed.getByText("2 × 5 Gallon Spring Water")).toBeVisible();
  await expect(changed.getByText("$37.90").last()).toBeVisible();
});

test("cancel the delivery after confirming", { tag: "@date" }, async ({ page }) => {
  await openDeliveries(page);
  const card = cards(page).filter({ hasText: "JANE-42" });
  await card.getByRole("button", { name: "Cancel" }).click();
  const dialog = page.getByRole("alertdialog", { name: /^Cancel the delivery on / });
  await expect(dialog).toBeVisible();
  await screenshot(page, "deliveries-cancel-confirm");
  // "Keep delivery" changes nothing
  await dialog.getByRole("button", { name: "Keep delivery" }).click();
  await expect(cards(page)).toHaveCount(2);

  await card.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel delivery" }).click();
  await expect(page.getByText(/^Your delivery on .+ is cancelled\.$/)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByText("JANE-42")).toHaveCount(0);
});

test("keyboard only: schedule a delivery", { tag: "@date" }, async ({ page }) => {
  await openDeliveries(page);
  await page.getByRole("link", { name: "Schedule a delivery" }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Schedule a delivery", level: 1 })).toBeVisible();

  // arrows move between the dates of the group; Space chooses
  await page
    .getByRole("radio", { name: /(Regular|Extra)$/ })
    .first()
    .focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: /(Regular|Extra)$/ }).first()).toBeChecked();
  await page.keyboard.press("ArrowRight");
  const checked = page.getByRole("radio", { checked: true });
  await expect(checked).toHaveCount(1);
  await expect(checked).not.toHaveAttribute("aria-label", /Already scheduled/);

  await page.getByRole("button", { name: "Fewer: 5 Gallon Spring Water" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Quantity of 5 Gallon Spring Water")).toHaveValue("2");
  await page.keyboard.press("Tab"); // to the quantity
  await page.keyboard.press("Tab"); // to "More"
  await page.keyboard.press("Tab"); // to the rental checkbox
  await expect(page.getByRole("checkbox", { name: "Add Hot & Cold Dispenser Rental" })).toBeFocused();

  await page.getByRole("button", { name: "Review delivery" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Schedule this delivery?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Go back" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Confirm delivery" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/^Your delivery on .+ is scheduled\.$/)).toBeVisible();
  await expect(cards(page)).toHaveCount(2);

  // and cancel it again with the keyboard
  const card = cards(page).filter({ hasText: "2 × 5 Gallon Spring Water" }).filter({ hasText: "Scheduled online" });
  await card.getByRole("button", { name: "Cancel" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("alertdialog").getByRole("button", { name: "Cancel delivery" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(cards(page)).toHaveCount(1);
});

test("mobile layout: the address page and the form in one column", { tag: "@date" }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await apiSignIn(page, users.customer);
  await expect(page).toHaveURL(/\/v2\/billing/);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Deliveries" }).click();
  await expect(page.getByRole("heading", { name: "Deliveries", level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  const noOverflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noOverflow()).toBe(true);
  await screenshot(page, "deliveries-address-mobile");

  await page.getByRole("link", { name: "Schedule a delivery" }).first().click();
  await expect(page.getByRole("heading", { name: "Schedule a delivery", level: 1 })).toBeVisible();
  await choose(page.getByRole("radio", { name: /(Regular|Extra)$/ }).first());
  expect(await noOverflow()).toBe(true);
  // the summary follows the form
  const form = await page.getByRole("group", { name: "1. Delivery date" }).boundingBox();
  const summary = await page.getByRole("complementary", { name: "Order summary" }).boundingBox();
  expect(summary!.y).toBeGreaterThan(form!.y);
  await screenshot(page, "deliveries-new-mobile");
});

test.describe("states", () => {
  test("loading shows a skeleton; a failed load shows the error with Try again", async ({ page }) => {
    await apiSignIn(page, users.customer);
    await expect(page).toHaveURL(/\/v2\/billing/);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let fail = true;
    await page.route("**/graphql", async (route) => {
      const post = route.request().postDataJSON() as { operationName?: string } | null;
      if (post?.operationName !== "DeliveryAddress") return route.fallback();
      await held;
      if (fail) return route.fulfill({ status: 500, body: "upstream failure" });
      return route.fallback();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Deliveries" }).click();
    await expect(page.getByRole("status", { name: "Loading deliveries" })).toBeVisible();
    await screenshot(page, "deliveries-loading");
    release();
    await expect(page.getByText("We couldn't load your deliveries")).toBeVisible({ timeout: 15_000 });
    // a plain sentence with what to do, the branch's phone, and the request id for support; no "500 Error"
    await expect(
      page.getByText("Something went wrong on our side. Please try again in a moment, or call us at (512) 555-0100."),
    ).toBeVisible();
    await expect(page.getByTestId("error-reference")).toHaveText(/^Reference: [0-9a-f-]{36}$/);
    await expect(page.getByText("500 Error")).toHaveCount(0);
    await screenshot(page, "deliveries-error");
    fail = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(cards(page)).toHaveCount(1);
  });

  test("no deliveries yet: empty upcoming and past sections", async ({ page }) => {
    await interceptOperation(page, "DeliveryAddress", async (route, body) => {
      const data = body.data as { customer: { serviceAddresses: { workOrders: unknown[] }[] } };
      for (const a of data.customer.serviceAddresses) a.workOrders = [];
      await route.fulfill({ json: body });
    });
    await openDeliveries(page);
    // beside the next regular delivery, the empty list says what is true
    await expect(page.getByText("No extra deliveries scheduled")).toBeVisible();
    await expect(page.getByText(/^Your next regular delivery is on \w+day, \w+ \d+\./)).toBeVisible();
    await expect(page.getByText("No deliveries scheduled", { exact: true })).toHaveCount(0);
    await expect(page.getByText("No past deliveries yet")).toBeVisible();
    await screenshot(page, "deliveries-empty");
  });

  test("credit hold: the reason, no scheduling, no changes", async ({ page }) => {
    const hold = async (route: Route, body: Record<string, unknown>) => {
      const data = body.data as { customer: { serviceAddresses: { isOnCreditHold: boolean }[] } };
      for (const a of data.customer.serviceAddresses) a.isOnCreditHold = true;
      await route.fulfill({ json: body });
    };
    await interceptOperation(page, "DeliveryAddress", hold);
    await openDeliveries(page);
    await expect(page.getByText("This address is on credit hold")).toBeVisible();
    await expect(page.getByText(/call us at \(512\) 555-0100/)).toBeVisible();
    // the number is one a phone can call
    await expect(page.getByRole("link", { name: "(512) 555-0100" }).first()).toHaveAttribute("href", "tel:5125550100");
    await expect(page.getByRole("link", { name: "Schedule a delivery" })).toHaveCount(0);
    await expect(
      cards(page)
        .first()
        .getByRole("link", { name: /^Change/ }),
    ).toHaveCount(0);
    await screenshot(page, "deliveries-credit-hold");

    // the form itself refuses too
    await page.unrouteAll({ behavior: "wait" });
    await interceptOperation(page, "DeliveryForm", hold);
    await page.goto(`${new URL(page.url()).pathname}/New`);
    await expect(page.getByText("This address is on credit hold")).toBeVisible();
    await expect(page.getByRole("button", { name: "Review delivery" })).toHaveCount(0);
  });

  test("the form: no dates to offer; a failed load with Try again", async ({ page }) => {
    let mode: "empty" | "fail" | "pass" = "empty";
    await page.route("**/graphql", async (route) => {
      const post = route.request().postDataJSON() as { operationName?: string } | null;
      if (post?.operationName !== "DeliveryForm" || mode === "pass") return route.fallback();
      if (mode === "fail") return route.fulfill({ status: 502, body: "bad gateway" });
      const response = await route.fetch();
      const body = (await response.json()) as { data: { routeCalendarDates: unknown[] } };
      body.data.routeCalendarDates = [];
      await route.fulfill({ json: body });
    });
    await openDeliveries(page);
    const newPath = `${new URL(page.url()).pathname}/New`;
    await page.getByRole("link", { name: "Schedule a delivery" }).first().click();
    await expect(page.getByText("No delivery dates are available")).toBeVisible();
    await expect(page.getByText(/Call us at \(512\) 555-0100/)).toBeVisible();
    await screenshot(page, "deliveries-new-no-dates");

    mode = "fail";
    await page.goto(newPath);
    await expect(page.getByText("We couldn't load the delivery form")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Something went wrong on our side\./)).toBeVisible();
    await expect(page.getByText("502 Error")).toHaveCount(0);
    await screenshot(page, "deliveries-new-error");
    mode = "pass";
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("button", { name: "Review delivery" })).toBeVisible();
  });

  test("not linked to an account: the link-account message", async ({ page }) => {
    await interceptOperation(page, "DeliveryCustomers", async (route, body) => {
      (body.data as { customers: unknown[] }).customers = [];
      await route.fulfill({ json: body });
    });
    // The form, not apiSignIn: the intercepted answer must load in the page, not arrive with the document.
    await signIn(page, users.customer);
    await expect(page).toHaveURL(/\/v2\/billing/);
    await page.goto("/Deliveries");
    await expect(page.getByText("You aren't linked to an account yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Link Account" })).toHaveAttribute("href", "/v2/manage");
    await screenshot(page, "deliveries-not-linked");
  });

  test("several accounts: each with its addresses", async ({ page }) => {
    await interceptOperation(page, "DeliveryCustomers", async (route, body) => {
      const data = body.data as { customers: Record<string, unknown>[] };
      const first = data.customers[0]!;
      data.customers.push({ ...first, id: `${first.id}-copy`, accountNumber: "100777", name: "Jane's Office" });
      await route.fulfill({ json: body });
    });
    await signIn(page, users.customer);
    await expect(page).toHaveURL(/\/v2\/billing/);
    await page.goto("/Deliveries");
    await expect(page.getByRole("heading", { name: /Jane Customer/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Jane's Office/ })).toBeVisible();
    await screenshot(page, "deliveries-accounts");
    await page
      .getByRole("link", { name: /1100 Congress Ave/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/Deliveries\/[^/]+\/[^/]+$/);
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "All accounts" }),
    ).toBeVisible();
  });

  test("the feature off: no menu entry, and the page says so", async ({ page }) => {
    await interceptOperation(page, "Overview", async (route, body) => {
      const overview = (body.data as { overview: { features: string[] } | null }).overview;
      if (overview) overview.features = overview.features.filter((f) => f !== "WEB_PORTAL_DELIVERIES");
      await route.fulfill({ json: body });
    });
    await signIn(page, users.customer);
    await expect(page).toHaveURL(/\/v2\/billing/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Deliveries" })).toHaveCount(
      0,
    );
    await page.goto("/Deliveries");
    await expect(page.getByText("Deliveries aren't available online")).toBeVisible();
    await screenshot(page, "deliveries-feature-off");
  });
});
