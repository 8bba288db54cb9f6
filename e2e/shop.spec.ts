import type { Page } from "@playwright/test";
import {
  apiSignIn,
  expect as baseExpect,
  DEMO_PASSWORD,
  screenshot as fullPageScreenshot,
  gql,
  test,
  users,
} from "./fixtures";

// The shop, customer side: browse, product page, cart popup and cart page, checkout as the demo
// customer with the saved Visa, the confirmation, order history and the order page.
// The tests share one seeded database and run in order (the order placed here is #1004).

test.describe.configure({ mode: "serial" });
// The machine running these is shared and often busy: generous waits (a broken page still fails).
test.setTimeout(120_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const header = (page: Page) => page.getByRole("banner");

/** Full-page screenshot from the top (a scrolled page would show the sticky header mid-page). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageScreenshot(page, name);
}
const cartButton = (page: Page) => header(page).getByRole("button", { name: /^Cart, / });

async function signInFromShopHeader(page: Page, email: string) {
  await header(page).getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  // the shop's sign-in dialog also offers a new password and a new account
  await expect(dialog.getByRole("button", { name: "Forgot password?" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create an account" })).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog).toBeHidden();
}

test("a visitor browses the shop: banner, products, search, footer", async ({ page }) => {
  await page.goto("/shop");
  // The first page of a fresh server can take a while on a busy machine.
  await expect(page.getByRole("heading", { name: "Shop", level: 1 })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText("Fresh water and supplies, delivered with your next route stop")).toBeVisible();
  await expect(page.getByText("Questions about an order?")).toBeVisible();
  const products = page.getByRole("region", { name: "Products" }).getByRole("article");
  await expect(products.first()).toBeVisible();
  expect(await products.count()).toBeGreaterThanOrEqual(20);
  // Prices: a sale shows the sale price and the regular one struck through.
  const dispenser = page.getByRole("article", { name: "Hot & Cold Water Dispenser" });
  await expect(dispenser.getByText("$169.00")).toBeVisible();
  await expect(dispenser.getByText("$189.00")).toHaveClass(/line-through/);
  await expect(
    page.getByRole("article", { name: "Insulated Water Bottle, 20 oz" }).getByText("Out of stock"),
  ).toBeVisible();
  // Back-office items are not for sale online.
  await expect(page.getByRole("article", { name: /Deposit|Rental/ })).toHaveCount(0);
  // Visitors get the sign-in dialog and the cart in the header.
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(cartButton(page)).toBeVisible();
  await screenshot(page, "shop-index");

  await page.getByLabel("Search products").fill("coffee");
  await expect(page).toHaveURL(/\/shop\?q=coffee$/);
  await expect(products).toHaveCount(3);
  await expect(page.getByText("3 products matching “coffee”")).toBeVisible();
  await page.getByLabel("Search products").fill("zzz-nothing");
  await expect(page.getByText("No products match “zzz-nothing”")).toBeVisible();
  await page.getByRole("button", { name: "Show all products" }).click();
  await expect(products.first()).toBeVisible();
});

test("the product page: gallery, price, stock; not purchasable and out-of-stock items", async ({ page }) => {
  await page.goto("/shop");
  await page.getByRole("link", { name: "Hot & Cold Water Dispenser" }).click();
  await expect(page).toHaveURL(/\/shop\/products\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Hot & Cold Water Dispenser", level: 1 })).toBeVisible();
  await expect(page.getByText("Save $20.00")).toBeVisible();
  await expect(page.getByText(/In stock/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  // Two photos: the thumbnails switch the main one.
  const main = page.getByRole("img", { name: /photo 1 of 2/ });
  await expect(main).toHaveAttribute("src", "/shop-assets/hot-cold-dispenser.svg");
  await page.getByRole("button", { name: "Show photo 2 of 2" }).click();
  await expect(page.getByRole("img", { name: /photo 2 of 2/ })).toHaveAttribute(
    "src",
    "/shop-assets/hot-cold-dispenser-taps.svg",
  );
  await screenshot(page, "shop-product");

  await page.goto("/shop?q=insulated");
  await page.getByRole("link", { name: "Insulated Water Bottle, 20 oz" }).click();
  await expect(page.getByText("This item is out of stock.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);

  await page.goto("/shop?q=osmosis");
  await page.getByRole("link", { name: "Under-Sink Reverse Osmosis System" }).click();
  await expect(page.getByText("This item is out of stock.")).toBeVisible();
  await expect(page.getByText("Call us at (512) 555-0100 to order.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
});

test("a visitor fills the cart: popup, quantities, remove, badge up to 9+", async ({ page }) => {
  await page.goto("/shop?q=spring water 5 gallon");
  await page.getByRole("link", { name: "5 Gallon Spring Water" }).click();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  await page.goto("/shop");
  await page.getByRole("button", { name: "Add to cart: Paper Cups, 7 oz (50)" }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 3 items");

  // The popup: items, total, Cart and Checkout.
  await cartButton(page).click();
  const popup = page.getByRole("dialog", { name: "Cart" });
  await expect(popup.getByRole("list", { name: "Items in your cart" }).getByRole("listitem")).toHaveCount(2);
  await expect(popup.getByTestId("cart-popup-total")).toHaveText("$41.85"); // 2 x 18.95 + 3.95
  await expect(popup.getByRole("button", { name: "Checkout" })).toBeVisible();
  await screenshot(page, "shop-cart-popup");
  await popup.getByRole("button", { name: "Cart" }).click();

  await expect(page).toHaveURL(/\/shop\/cart$/);
  await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
  const cups = page.getByRole("group", { name: "Quantity of Paper Cups, 7 oz (50)" });
  await expect(cups.getByRole("button", { name: "Decrease quantity" })).toBeDisabled(); // at 1
  await cups.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByTestId("cart-subtotal")).toHaveText("$45.80");
  await expect(cups.getByRole("button", { name: "Decrease quantity" })).toBeEnabled();
  await screenshot(page, "shop-cart");

  // It survives a reload (the cart id is kept in the browser).
  await page.reload();
  await expect(page.getByTestId("cart-subtotal")).toHaveText("$45.80");

  // Typing a quantity; more than nine items shows 9+.
  const input = cups.getByRole("textbox", { name: "Quantity of Paper Cups, 7 oz (50)" });
  await input.fill("9");
  await input.press("Enter");
  await expect(page.getByTestId("cart-badge")).toHaveText("9+");
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 11 items");

  await page.getByRole("button", { name: "Remove Paper Cups, 7 oz (50) from cart" }).click();
  await page.getByRole("button", { name: "Remove 5 Gallon Spring Water from cart" }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

test("a stock limit: the cart can't hold more than is in stock", async ({ page }) => {
  await page.goto("/shop?q=bottom-load");
  await page.getByRole("link", { name: "Bottom-Load Water Dispenser" }).click();
  await expect(page.getByText("(6 available)")).toBeVisible();
  const qty = page.getByRole("textbox", { name: "Quantity of Bottom-Load Water Dispenser" });
  await qty.fill("50");
  await qty.press("Enter");
  await expect(qty).toHaveValue("6");
  await expect(page.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("All 6 available are in your cart.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
});

test("the demo customer signs in from the shop header, checks out with the saved card and sees the order", {
  tag: "@date",
}, async ({ page }) => {
  // Shop as a visitor, then sign in: the cart stays.
  await page.goto("/shop?q=house blend");
  await page.getByRole("button", { name: "Add to cart: Coffee, House Blend 2 lb" }).click();
  await page.goto("/shop?q=paper cups");
  await page.getByRole("button", { name: "Add to cart: Paper Cups, 7 oz (50)" }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
  await signInFromShopHeader(page, users.customer);
  await expect(page).toHaveURL(/\/shop\?q=paper/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");

  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Cart" }).getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/shop\/checkout$/);
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();

  // The service address with its next delivery date, the saved Visa chosen, the cost from the server.
  await expect(page.getByRole("radio", { name: /1100 Congress Ave/ })).toBeChecked();
  await expect(page.getByText(/Next delivery: \w+day, \w+ \d+, \d{4}/)).toBeVisible();
  await expect(page.getByRole("radio", { name: /1111/ })).toBeChecked();
  // Coffee 24.95 (not taxable) + cups 3.95 (taxable: 0.33) + shipping 5.00 = 34.23
  await expect(page.getByTestId("cost-products")).toHaveText("$28.90");
  await expect(page.getByTestId("cost-tax")).toHaveText("$0.33");
  await expect(page.getByTestId("cost-shipping")).toHaveText("$5.00");
  await expect(page.getByTestId("cost-total")).toHaveText("$34.23");
  await expect(page.getByText("By placing this order you authorize Demo Water Co.")).toBeVisible();

  // The agreement must be accepted.
  await page.getByRole("button", { name: "Place order · $34.23" }).click();
  await expect(page.getByText("Please accept the payment agreement.")).toBeVisible();
  // ...and the page brings it into view and puts the keyboard on it (it may be below the fold).
  const agree = page.getByRole("checkbox", { name: "I accept the payment agreement" });
  await expect(agree).toBeFocused();
  await expect(agree).toBeInViewport();
  await page.getByRole("checkbox", { name: "I accept the payment agreement" }).check();
  await screenshot(page, "shop-checkout");
  await page.getByRole("button", { name: "Place order · $34.23" }).click();

  await expect(page).toHaveURL(/\/shop\/checkout-success\?orderId=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByTestId("order-number")).toHaveText("#1004");
  await expect(page.getByText("$34.23").first()).toBeVisible();
  await expect(page.getByText(/1111/).first()).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await screenshot(page, "shop-checkout-success");

  // Order history: the new order first, then the seeded ones.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Order History" }).click();
  await expect(page).toHaveURL(/\/shop\/history$/);
  const orders = page.getByRole("list", { name: "Orders" }).getByRole("listitem").filter({ hasText: "Placed" });
  await expect(orders).toHaveCount(4);
  await expect(orders.first()).toContainText("#1004");
  await expect(orders.first()).toContainText("Scheduled");
  await expect(orders.first()).toContainText("$34.23");
  await expect(orders.nth(1)).toContainText("#1003");
  await expect(orders.nth(1)).toContainText("Delivered");
  await screenshot(page, "shop-history");

  await page.getByRole("link", { name: "View order #1004" }).click();
  await expect(page.getByRole("heading", { name: /Order #1004/, level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Coffee, House Blend 2 lb" })).toBeVisible();
  await expect(page.getByTestId("cost-total")).toHaveText("$34.23");
  await screenshot(page, "shop-order");

  // Buy again puts the items back in the cart.
  await page.getByRole("button", { name: "Buy again" }).click();
  await expect(page).toHaveURL(/\/shop\/cart$/);
  await expect(page.getByTestId("cart-subtotal")).toHaveText("$28.90");

  // Deliveries: the same order number, in the customer's words, paid online.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Deliveries" }).click();
  const delivery = page
    .getByRole("region", { name: "Upcoming deliveries" })
    .getByRole("article")
    .filter({ hasText: "Order #1004" });
  await expect(delivery.getByText("Paid online")).toBeVisible();
  await expect(delivery.getByText("Already paid").first()).toBeVisible();
  await expect(delivery.getByText("Plus sales tax")).toBeVisible();
  await expect(delivery).not.toContainText(/prepaid|Taxable|Delivery #/);
  await delivery.scrollIntoViewIfNeeded();
  await screenshot(page, "shop-order-delivery");

  // Billing: the order's charge, then its card payment, under the same number.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Billing" }).click();
  const table = page.getByRole("table", { name: "Recent activity" });
  await expect(table.getByText("Online order #1004 - Visa ****1111")).toBeVisible();
  const activity = table.getByRole("row");
  const texts = await activity.allInnerTexts();
  const charge = texts.findIndex((t) => /Online order #1004\s+\$34\.23/.test(t));
  const payment = texts.findIndex((t) => /Online order #1004 - Visa \*\*\*\*1111/.test(t));
  expect(charge).toBeGreaterThan(0);
  expect(payment).toBe(charge + 1);
});

test("a declined new card at checkout keeps what was typed and marks the card number", async ({ page }) => {
  await page.goto("/shop?q=paper cups");
  await page.getByRole("button", { name: "Add to cart: Paper Cups, 7 oz (50)" }).click();
  await signInFromShopHeader(page, users.customer);
  await page.goto("/shop/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "New card or bank account" }).click();
  await page.getByLabel("Card number").fill("4000000000000002");
  await page.getByLabel("Expiration (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Jane Customer");
  await page.getByRole("button", { name: "Use this card" }).click();
  await page.getByRole("checkbox", { name: "I accept the payment agreement" }).check();
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page.getByText("Payment declined: Do Not Honor.")).toBeVisible();
  const number = page.getByLabel("Card number");
  await expect(number).toHaveValue("4000000000000002");
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("This card was declined. Check the number or use another card.")).toBeVisible();
  await expect(page.getByLabel("Security code")).toHaveValue("");
});

test("an order whose answer was lost is found, not placed or charged twice", { tag: "@date" }, async ({ page }) => {
  let cut = 0;
  await page.route("**/graphql", async (route) => {
    const post = route.request().postDataJSON() as { operationName?: string } | null;
    if (post?.operationName !== "PlaceOrder" || cut > 0) return route.fallback();
    cut++;
    // The server places the order; the browser never hears the answer.
    await route.fetch();
    await route.abort("connectionreset");
  });
  await apiSignIn(page, "customer", "/v2/account/login?ReturnUrl=/shop?q=paper cups");
  type History = { orderHistory: { id: string; number: string; total: number }[] };
  const ordersBefore = (await gql<History>(page, "{ orderHistory { id number total } }")).orderHistory;
  await page.getByRole("button", { name: "Add to cart: Paper Cups, 7 oz (50)" }).click();
  await expect(cartButton(page)).toHaveAccessibleName(/^Cart, [1-9]/);
  await page.goto("/shop/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("checkbox", { name: "I accept the payment agreement" }).check();
  await page.getByRole("button", { name: /^Place order · \$/ }).click();

  // The page asked the server what became of the order: it was placed, once, and it links to it.
  const placed = page.getByRole("region", { name: "Order placed" });
  await expect(placed.getByRole("heading", { name: /^Your order #\d+ was placed\.$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Place order/ })).toHaveCount(0);
  const ordersAfter = (await gql<History>(page, "{ orderHistory { id number total } }")).orderHistory;
  expect(ordersAfter).toHaveLength(ordersBefore.length + 1);
  const order = ordersAfter.find((o) => !ordersBefore.some((b) => b.id === o.id))!;
  await expect(placed.getByRole("heading")).toHaveText(`Your order #${order.number} was placed.`);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await screenshot(page, "shop-checkout-lost-answer-found");
  await placed.getByRole("link", { name: `View order #${order.number}` }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Order #${order.number}`), level: 1 })).toBeVisible();
  expect(cut).toBe(1);
});

test("someone not linked to an account is told so at checkout", async ({ page }) => {
  await page.goto("/shop");
  await page.getByRole("button", { name: "Add to cart: Paper Cups, 7 oz (50)" }).click();
  await signInFromShopHeader(page, users.admin);
  await page.goto("/shop/checkout");
  await expect(page.getByText("You aren't linked to an account yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Link Account" })).toHaveAttribute("href", "/v2/manage");
});

test("visitors are sent to sign in for checkout; a branch without the shop shows shop-not-enabled", async ({
  page,
}) => {
  await page.goto("/shop/checkout");
  await expect(page).toHaveURL(/\/v2\/account\/login\?ReturnUrl=%2Fshop%2Fcheckout$/);
  // ...and told why
  await expect(page.getByRole("heading", { name: "Sign in to check out", level: 1 })).toBeVisible();
  await expect(page.getByText("Your cart is kept.")).toBeVisible();
  await page.goto("/shop?host=north");
  await expect(page).toHaveURL(/\/shop-not-enabled\?host=north$/);
});

test("on a phone: the brand strip folds away on scroll, and a toast leaves Add to cart uncovered", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/shop");
  await expect(page.getByRole("heading", { name: "Shop", level: 1 })).toBeVisible({ timeout: 40_000 });
  const strip = page.getByTestId("brand-strip");
  await expect(strip).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 800));
  await expect(strip).toBeHidden();
  // the sticky header keeps to its bar
  await expect.poll(async () => (await header(page).boundingBox())?.height).toBeLessThanOrEqual(65);
  await screenshot(page, "shop-mobile-scrolled");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(strip).toBeVisible();

  await page.goto("/shop?q=spring water 5 gallon");
  await page.getByRole("link", { name: "5 Gallon Spring Water" }).click();
  const add = page.getByRole("button", { name: "Add to cart" });
  await add.click();
  const toast = page.getByText("5 Gallon Spring Water added to your cart.");
  await expect(toast).toBeVisible();
  const [t, b] = [await toast.boundingBox(), await add.boundingBox()];
  expect(t && b).toBeTruthy();
  const overlaps = t!.y < b!.y + b!.height && b!.y < t!.y + t!.height;
  expect(overlaps).toBe(false);
  await screenshot(page, "shop-mobile-toast");
});
