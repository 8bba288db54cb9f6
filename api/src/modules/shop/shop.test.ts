import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { randomUUID } from "node:crypto";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { clock } from "../../clock.ts";
import { computeOrderCost, effectiveSalePrice, taxOn, unitPriceOf } from "./shop.pricing.ts";
import { testHooks } from "./shop.service.ts";

// The shop through GraphQL: products, prices and stock; the cart's rules; order cost (tax per taxable
// item, shipping and its tax); placing an order (charge once, the order and its work order in one
// transaction) with its failure paths; history and order pages; other customers' and branches' ids.

// The machine is shared: give slow moments room (a test that hangs still fails).
setDefaultTimeout(30_000);

let server: TestServer;
let f: ReturnType<typeof factories>;
type Branch = Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;
let shopA: Branch;
let shopB: Branch;
let noShop: Branch;
let catalogA: Awaited<ReturnType<typeof makeCatalog>>;
let catalogB: Awaited<ReturnType<typeof makeCatalog>>;

const DAY = 86_400_000;
const todayChicago = () =>
  new Date(
    `${new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit", day: "2-digit" }).format(clock.now())}T00:00:00Z`,
  );
const iso = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer();
  f = factories(server.prisma);
  shopA = await f.branch({ host: "shop-a", features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  shopB = await f.branch({ host: "shop-b", features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  noShop = await f.branch({ host: "shop-off", features: ["V2_WEB_PORTAL"] });
  for (const b of [shopA, shopB])
    await server.prisma.branch.update({
      where: { id: b.id },
      data: {
        salesTaxRateBasisPoints: 825,
        phone: "(512) 555-0100",
        ecommercePaymentAgreementHtml: "<p>I authorize the charge.</p>",
      },
    });
  catalogA = await makeCatalog(shopA);
  catalogB = await makeCatalog(shopB);
}, 120_000);

afterAll(() => server.close(), 30_000);
afterEach(() => {
  testHooks.beforeCommit = undefined;
  testHooks.afterCharge = undefined;
});

async function makeCatalog(branch: Branch) {
  const db = server.prisma;
  const item = (
    partNumber: string,
    data: Partial<{
      retailPriceCents: number;
      salePriceCents: number | null;
      taxable: boolean;
      ecommerceStatus: "LISTED_AND_PURCHASABLE" | "LISTED_BUT_NOT_PURCHASABLE" | "NOT_LISTED";
      eCommerceTitle: string;
      inactive: boolean;
    }>,
  ) =>
    db.catalogItem.create({
      data: {
        branchId: branch.id,
        partNumber,
        description: `${partNumber} description`,
        retailPriceCents: 1000,
        taxable: false,
        ecommerceStatus: "LISTED_AND_PURCHASABLE",
        ...data,
      },
    });
  const water = await item("WATER", { retailPriceCents: 1895, eCommerceTitle: "Spring Water" });
  const cups = await item("CUPS", { retailPriceCents: 395, taxable: true, eCommerceTitle: "Cups" });
  const dispenser = await item("DISP", {
    retailPriceCents: 18900,
    salePriceCents: 16900,
    taxable: true,
    eCommerceTitle: "Dispenser",
  });
  const badSale = await item("BADSALE", { retailPriceCents: 500, salePriceCents: 700, eCommerceTitle: "Bad Sale" });
  const ro = await item("RO", {
    retailPriceCents: 49900,
    ecommerceStatus: "LISTED_BUT_NOT_PURCHASABLE",
    eCommerceTitle: "RO System",
  });
  const empty = await item("EMPTY", { retailPriceCents: 2495, eCommerceTitle: "Empty Bottle" });
  const hidden = await item("HIDDEN", { ecommerceStatus: "NOT_LISTED", eCommerceTitle: "Hidden" });
  const retired = await item("RETIRED", { inactive: true, eCommerceTitle: "Retired" });
  const main = await db.warehouse.create({ data: { branchId: branch.id, name: "Main" } });
  const depot = await db.warehouse.create({ data: { branchId: branch.id, name: "Depot" } });
  const closed = await db.warehouse.create({ data: { branchId: branch.id, name: "Closed", inactive: true } });
  const stock = (warehouseId: string, catalogItemId: string, quantity: number) =>
    db.inventoryStock.create({ data: { branchId: branch.id, warehouseId, catalogItemId, quantity } });
  await stock(main.id, water.id, 30);
  await stock(depot.id, water.id, 12);
  await stock(closed.id, water.id, 500); // an inactive warehouse does not count
  await stock(main.id, cups.id, 100);
  await stock(main.id, dispenser.id, 1);
  await stock(depot.id, dispenser.id, 2);
  await stock(main.id, badSale.id, 5);
  await stock(main.id, ro.id, 3);
  await stock(main.id, empty.id, 0);
  await stock(depot.id, empty.id, -2); // a miscount below zero counts as none
  await stock(main.id, hidden.id, 9);
  await db.productMedia.create({
    data: { branchId: branch.id, catalogItemId: water.id, baseUrl: "/shop-assets/water", extension: "svg" },
  });
  await db.productMedia.create({
    data: {
      branchId: branch.id,
      catalogItemId: water.id,
      baseUrl: "/shop-assets/water-2",
      extension: "png",
      sortOrder: 1,
    },
  });
  await db.storefrontConfig.create({
    data: { branchId: branch.id, bannerHtml: "<h2>Banner</h2>", footerHtml: "<p>Footer</p>", shippingCents: 500 },
  });
  return { water, cups, dispenser, badSale, ro, empty, hidden, retired, main, depot };
}

let accountCounter = 700000;
/** A signed-in customer with a service address on a route with dates ahead, and two saved cards. */
async function customer(branch: Branch, opts: { routeDates?: number[] } = {}) {
  const db = server.prisma;
  const user = await f.user(branch.id);
  const c = await f.customer(branch.id, String(accountCounter++), { userId: user.id });
  const address = await db.serviceAddress.create({
    data: {
      branchId: branch.id,
      customerId: c.id,
      streetNumber: "1100",
      streetName: "Congress Ave",
      city: "Austin",
      state: "TX",
      postalCode: "78701",
    },
  });
  const route = await db.route.create({ data: { branchId: branch.id, routeNumber: `R${accountCounter}` } });
  const today = todayChicago();
  for (const days of opts.routeDates ?? [-7, 0, 3, 10])
    await db.routeCalendarDate.create({
      data: { branchId: branch.id, routeId: route.id, date: new Date(today.getTime() + days * DAY) },
    });
  await db.service.create({ data: { branchId: branch.id, serviceAddressId: address.id, routeId: route.id } });
  const card = async (behavior: "APPROVE" | "DECLINE", last4: string, isDefault: boolean) => {
    const vault = await db.sandboxVaultEntry.create({
      data: { kind: "CARD", brand: "VISA", last4, expiration: "1230", behavior },
    });
    return db.paymentAccount.create({
      data: {
        branchId: branch.id,
        customerId: c.id,
        kind: "CARD",
        cardType: "VISA",
        externalId: vault.id,
        maskedAccountNumber: `************${last4}`,
        expiration: "1230",
        isDefault,
      },
    });
  };
  const goodCard = await card("APPROVE", "1111", true);
  const badCard = await card("DECLINE", "0002", false);
  const client = new Client(server.url, branch.host);
  expect((await client.login(user.email, user.password)).isSuccess).toBe(true);
  return { user, customer: c, address, route, goodCard, badCard, client };
}

const PRODUCT_FIELDS =
  "id status title description unitPrice salePrice price taxable purchasable stock inStock media { id baseUrl extension url }";
type Product = {
  id: string;
  status: string;
  title: string;
  unitPrice: number;
  salePrice: number | null;
  price: number;
  purchasable: boolean;
  stock: number;
  inStock: boolean;
  media: { url: string }[];
};
const CART_FIELDS =
  "cartId itemCount subtotal hasProblems items { clientCartId itemId quantity lastModified unitPrice amount problem product { id title } }";
type Cart = {
  cartId: string;
  itemCount: number;
  subtotal: number;
  hasProblems: boolean;
  items: {
    itemId: string;
    quantity: number;
    amount: number;
    problem: string | null;
    product: { title: string } | null;
  }[];
};
const SET = `mutation($c: ID!, $i: ID!, $q: Int!) { setShoppingCart(cartId: $c, itemId: $i, quantity: $q) { ${CART_FIELDS} } }`;
const UPDATE = `mutation($c: ID!, $i: ID!, $q: Int!) { updateShoppingCart(cartId: $c, itemId: $i, quantity: $q) { ${CART_FIELDS} } }`;
const CART = `query($c: ID!) { shoppingCart(cartId: $c) { ${CART_FIELDS} } }`;
const COST = `query($cu: ID!, $a: ID!, $c: ID!) { orderCost(customerId: $cu, addressId: $a, cartId: $c) {
  products tax shipping shippingTax total deliveryDate items { itemId title quantity price amount tax taxable } } }`;
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { isSuccess message orderId orderNumber paymentResult } }`;
const ORDER_FIELDS = `id number status pending customerId accountNumber addressLabel scheduledDate completedDate subtotal tax
  shipping shippingTax total paymentLabel oneLineBillingDescription invoiceId
  lines { itemId title quantity unitPrice amount salesTax image { url } productAvailable }
  transactions { type quantity amount salesTax payment }`;
type PlaceResult = {
  placeOrder: {
    isSuccess: boolean;
    message: string;
    orderId: string | null;
    orderNumber: string | null;
    paymentResult: string | null;
  };
};

async function set(c: Client, cartId: string, itemId: string, quantity: number) {
  return c.gql<{ setShoppingCart: Cart }>(SET, { c: cartId, i: itemId, q: quantity });
}

function placeInput(
  who: Awaited<ReturnType<typeof customer>>,
  cartId: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    customerId: who.customer.id,
    addressId: who.address.id,
    cartId,
    paymentMethod: { paymentAccountId: who.goodCard.id },
    acceptAgreement: true,
    idempotencyKey: randomUUID(),
    ...extra,
  };
}

async function counts(customerId: string) {
  const db = server.prisma;
  const [orders, workOrders, attempts, payments] = await Promise.all([
    db.onlineOrder.count({ where: { customerId } }),
    db.workOrder.count({ where: { customerId } }),
    db.paymentAttempt.count({ where: { customerId } }),
    db.transaction.count({ where: { customerId, kind: "PAYMENT" } }),
  ]);
  return { orders, workOrders, attempts, payments };
}

const stockOf = async (itemId: string) =>
  (
    await server.prisma.inventoryStock.findMany({ where: { catalogItemId: itemId, warehouse: { inactive: false } } })
  ).reduce((s, r) => s + Math.max(0, r.quantity), 0);

describe("pricing (pure)", () => {
  test("the sale price counts only when lower than the unit price", () => {
    expect(effectiveSalePrice({ retailPriceCents: 1000, salePriceCents: 800 })).toBe(800);
    expect(effectiveSalePrice({ retailPriceCents: 1000, salePriceCents: 1000 })).toBeNull();
    expect(effectiveSalePrice({ retailPriceCents: 1000, salePriceCents: 1200 })).toBeNull();
    expect(effectiveSalePrice({ retailPriceCents: 1000, salePriceCents: null })).toBeNull();
    expect(unitPriceOf({ retailPriceCents: 1000, salePriceCents: 1200 })).toBe(1000);
    expect(unitPriceOf({ retailPriceCents: 1000, salePriceCents: 999 })).toBe(999);
  });

  test("tax per line, half up to the cent, only on taxable items; shipping and its tax", () => {
    expect(taxOn(395, true, 825)).toBe(33); // 32.5875
    expect(taxOn(200, true, 825)).toBe(17); // 16.5 rounds up
    expect(taxOn(1895, false, 825)).toBe(0);
    const cost = computeOrderCost(
      [
        { itemId: "a", title: "Water", quantity: 3, price: 1895, taxable: false },
        { itemId: "b", title: "Cups", quantity: 2, price: 395, taxable: true },
      ],
      { taxBasisPoints: 825, shippingCents: 500, shippingTaxable: true },
    );
    expect(cost).toMatchObject({ products: 5685 + 790, tax: 65, shipping: 500, shippingTax: 41 });
    expect(cost.total).toBe(5685 + 790 + 65 + 500 + 41);
    expect(computeOrderCost([], { taxBasisPoints: 825, shippingCents: 500, shippingTaxable: true }).total).toBe(0);
  });
});

describe("products and stock", () => {
  test("visitors see the listed products with prices, stock from active warehouses and photos", async () => {
    const c = new Client(server.url, "shop-a");
    const { data, errors } = await c.gql<{ products: Product[] }>(`{ products { ${PRODUCT_FIELDS} } }`);
    expect(errors).toBeUndefined();
    const titles = data!.products.map((p) => p.title);
    expect(titles).toEqual(["Bad Sale", "Cups", "Dispenser", "Empty Bottle", "RO System", "Spring Water"]);
    const by = new Map(data!.products.map((p) => [p.title, p]));
    expect(by.get("Spring Water")).toMatchObject({ stock: 42, inStock: true, price: 1895, salePrice: null });
    expect(by.get("Spring Water")!.media.map((m) => m.url)).toEqual([
      "/shop-assets/water.svg",
      "/shop-assets/water-2.png",
    ]);
    expect(by.get("Dispenser")).toMatchObject({ unitPrice: 18900, salePrice: 16900, price: 16900, stock: 3 });
    expect(by.get("Bad Sale")).toMatchObject({ unitPrice: 500, salePrice: null, price: 500 });
    expect(by.get("Empty Bottle")).toMatchObject({ stock: 0, inStock: false, purchasable: true });
    expect(by.get("RO System")).toMatchObject({ status: "LISTED_BUT_NOT_PURCHASABLE", purchasable: false });
  });

  test("search matches every word in the title, description or part number", async () => {
    const c = new Client(server.url, "shop-a");
    const r = await c.gql<{ products: Product[] }>("query($s: String) { products(search: $s) { title } }", {
      s: "spring water",
    });
    expect(r.data!.products.map((p) => p.title)).toEqual(["Spring Water"]);
    const none = await c.gql<{ products: Product[] }>("query($s: String) { products(search: $s) { title } }", {
      s: "spring cups",
    });
    expect(none.data!.products).toEqual([]);
  });

  test("product(id): an unlisted, inactive or other branch's item is not found", async () => {
    const c = new Client(server.url, "shop-a");
    const ok = await c.gql<{ product: Product }>(`query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`, {
      id: catalogA.water.id,
    });
    expect(ok.data!.product.title).toBe("Spring Water");
    for (const id of [catalogA.hidden.id, catalogA.retired.id, catalogB.water.id]) {
      const r = await c.gql("query($id: ID!) { product(id: $id) { id } }", { id });
      expect(r.status).toBe(404);
      expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    }
  });

  test("stockQuantities: total and per active warehouse, listed items only", async () => {
    const c = new Client(server.url, "shop-a");
    const r = await c.gql<{
      stockQuantities: {
        itemId: string;
        quantity: number;
        warehouses: { warehouseName: string; quantity: number }[];
      }[];
    }>(
      "query($ids: [ID!]!) { stockQuantities(itemIds: $ids) { itemId quantity warehouses { warehouseName quantity } } }",
      {
        ids: [catalogA.water.id, catalogA.hidden.id, catalogB.water.id],
      },
    );
    expect(r.data!.stockQuantities).toEqual([
      {
        itemId: catalogA.water.id,
        quantity: 42,
        warehouses: [
          { warehouseName: "Depot", quantity: 12 },
          { warehouseName: "Main", quantity: 30 },
        ],
      },
    ]);
  });

  test("banner and footer; a branch without E_COMMERCE has no shop", async () => {
    const a = await new Client(server.url, "shop-a").gql<{ shopBannerAndFooter: { bannerHtml: string } }>(
      "{ shopBannerAndFooter { bannerHtml footerHtml } }",
    );
    expect(a.data!.shopBannerAndFooter.bannerHtml).toBe("<h2>Banner</h2>");
    const off = new Client(server.url, "shop-off");
    // every storefront and cart operation, for a visitor (and the checkout's, below, for a customer)
    const cart = randomUUID();
    for (const [q, v] of [
      ["{ products { id } }", {}],
      ["{ shopBannerAndFooter { bannerHtml } }", {}],
      ["query($i: ID!){ product(id: $i) { id } }", { i: catalogA.water.id }],
      ["query($i: [ID!]!){ stockQuantities(itemIds: $i) { itemId } }", { i: [catalogA.water.id] }],
      ["query($c: ID!){ shoppingCart(cartId: $c) { cartId } }", { c: cart }],
      [
        "mutation($c: ID!, $i: ID!){ setShoppingCart(cartId: $c, itemId: $i, quantity: 1) { cartId } }",
        { c: cart, i: catalogA.water.id },
      ],
      [
        "mutation($c: ID!, $i: ID!){ updateShoppingCart(cartId: $c, itemId: $i, quantity: 1) { cartId } }",
        { c: cart, i: catalogA.water.id },
      ],
    ] as const) {
      const r = await off.gql(q, v);
      expect(r.errors?.[0]?.message).toBe("The online shop is not enabled for this branch.");
      expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect(noShop.features).not.toContain("E_COMMERCE");

    // and the checkout, for the branch's own signed-in customer
    const who = await customer(noShop);
    const checkout = [
      [`query($id: ID!){ shopCheckoutOptions(customerId: $id) { customerId } }`, { id: who.customer.id }],
      [COST, { cu: who.customer.id, a: who.address.id, c: cart }],
      [`query($id: ID!){ orderByKey(customerId: $id, idempotencyKey: "k") { id } }`, { id: who.customer.id }],
      [
        PLACE,
        {
          input: {
            customerId: who.customer.id,
            addressId: who.address.id,
            cartId: cart,
            paymentMethod: { paymentAccountId: who.goodCard.id },
            acceptAgreement: true,
            idempotencyKey: randomUUID(),
          },
        },
      ],
    ] as const;
    for (const [q, v] of checkout) {
      const r = await who.client.gql(q, v);
      expect(r.errors?.[0]).toMatchObject({
        message: "The online shop is not enabled for this branch.",
        extensions: { code: "FORBIDDEN" },
      });
    }
    expect(await server.prisma.onlineOrder.count({ where: { branchId: noShop.id } })).toBe(0);
  });
});

describe("shopping cart", () => {
  test("set, update, 0 removes; the cart is keyed by the browser's id and survives signing in", async () => {
    const visitor = new Client(server.url, "shop-a");
    const cartId = randomUUID();
    let r = await set(visitor, cartId, catalogA.water.id, 2);
    expect(r.errors).toBeUndefined();
    expect(r.data!.setShoppingCart).toMatchObject({ cartId, itemCount: 2, subtotal: 3790 });
    r = await set(visitor, cartId, catalogA.cups.id, 3);
    const u = await visitor.gql<{ updateShoppingCart: Cart }>(UPDATE, { c: cartId, i: catalogA.water.id, q: 1 });
    expect(u.data!.updateShoppingCart.items.map((i) => [i.product?.title, i.quantity])).toEqual([
      ["Spring Water", 3],
      ["Cups", 3],
    ]);
    const down = await visitor.gql<{ updateShoppingCart: Cart }>(UPDATE, { c: cartId, i: catalogA.cups.id, q: -5 });
    expect(down.data!.updateShoppingCart.items.map((i) => i.itemId)).toEqual([catalogA.water.id]);

    // Signing in keeps the cart (same id); the signed-in user is recorded on the lines they touch.
    const who = await customer(shopA);
    const mine = await who.client.gql<{ shoppingCart: Cart }>(CART, { c: cartId });
    expect(mine.data!.shoppingCart).toMatchObject({ itemCount: 3, subtotal: 3 * 1895 });
    await set(who.client, cartId, catalogA.water.id, 4);
    const row = await server.prisma.shoppingCartItem.findFirstOrThrow({ where: { clientCartId: cartId } });
    expect(row).toMatchObject({ quantity: 4, userId: who.user.id });

    r = await set(who.client, cartId, catalogA.water.id, 0);
    expect(r.data!.setShoppingCart.items).toEqual([]);
    expect(await server.prisma.shoppingCartItem.count({ where: { clientCartId: cartId } })).toBe(0);
  });

  test("quantities cannot exceed stock; not-purchasable and out-of-stock items are refused", async () => {
    const c = new Client(server.url, "shop-a");
    const cartId = randomUUID();
    const over = await set(c, cartId, catalogA.dispenser.id, 4);
    expect(over.errors?.[0]?.message).toBe("Only 3 in stock.");
    expect((await set(c, cartId, catalogA.dispenser.id, 3)).errors).toBeUndefined();
    const more = await c.gql(UPDATE, { c: cartId, i: catalogA.dispenser.id, q: 1 });
    expect(more.errors?.[0]?.message).toBe("Only 3 in stock.");
    expect((await set(c, cartId, catalogA.empty.id, 1)).errors?.[0]?.message).toBe("This item is out of stock.");
    expect((await set(c, cartId, catalogA.ro.id, 1)).errors?.[0]?.message).toBe("This item can't be ordered online.");
    expect((await set(c, cartId, catalogA.hidden.id, 1)).errors?.[0]?.message).toBe("cant find product");
    expect((await set(c, cartId, catalogA.water.id, -1)).errors?.[0]?.message).toBe("The quantity can't be negative.");
    expect((await set(c, cartId, catalogA.water.id, 1.5 as never)).errors?.length).toBe(1);
    expect((await set(c, "not-a-uuid", catalogA.water.id, 1)).errors?.[0]?.message).toBe("Invalid cart id.");
    const cart = await c.gql<{ shoppingCart: Cart }>(CART, { c: cartId });
    expect(cart.data!.shoppingCart.items.map((i) => [i.itemId, i.quantity])).toEqual([[catalogA.dispenser.id, 3]]);
  });

  test("a line whose product went away reads 'cant find product' and is left out of the totals", async () => {
    const c = new Client(server.url, "shop-a");
    const cartId = randomUUID();
    const gone = await server.prisma.catalogItem.create({
      data: {
        branchId: shopA.id,
        partNumber: `GONE-${cartId.slice(0, 6)}`,
        description: "Gone",
        retailPriceCents: 100,
      },
    });
    await server.prisma.inventoryStock.create({
      data: { branchId: shopA.id, warehouseId: catalogA.main.id, catalogItemId: gone.id, quantity: 5 },
    });
    await server.prisma.catalogItem.update({
      where: { id: gone.id },
      data: { ecommerceStatus: "LISTED_AND_PURCHASABLE" },
    });
    await set(c, cartId, catalogA.cups.id, 1);
    expect((await set(c, cartId, gone.id, 2)).errors).toBeUndefined();
    await server.prisma.catalogItem.update({ where: { id: gone.id }, data: { ecommerceStatus: "NOT_LISTED" } });
    const cart = (await c.gql<{ shoppingCart: Cart }>(CART, { c: cartId })).data!.shoppingCart;
    expect(cart.items.find((i) => i.itemId === gone.id)).toMatchObject({ product: null, problem: "cant find product" });
    expect(cart).toMatchObject({ itemCount: 1, subtotal: 395, hasProblems: true });
    // It can still be removed.
    expect((await set(c, cartId, gone.id, 0)).data!.setShoppingCart.hasProblems).toBe(false);
  });

  test("a cart id is usable on its own branch only; another branch's item is not found", async () => {
    const a = new Client(server.url, "shop-a");
    const b = new Client(server.url, "shop-b");
    const cartId = randomUUID();
    await set(a, cartId, catalogA.water.id, 1);
    for (const r of [await b.gql(CART, { c: cartId }), await set(b, cartId, catalogB.water.id, 1)]) {
      expect(r.errors?.[0]?.message).toBe("This cart belongs to another shop.");
      expect(r.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    }
    const cross = await set(a, cartId, catalogB.water.id, 1);
    expect(cross.errors?.[0]?.message).toBe("cant find product");
    expect(await server.prisma.shoppingCartItem.count({ where: { clientCartId: cartId } })).toBe(1);
  });
});

describe("order cost", () => {
  test("products, per-item tax at the branch rate on taxable items, shipping, total; next route date", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.water.id, 3); // 3 x 18.95, not taxable
    await set(who.client, cartId, catalogA.cups.id, 2); // 2 x 3.95, taxable: 0.65
    await set(who.client, cartId, catalogA.dispenser.id, 1); // sale 169.00, taxable: 13.94
    const r = await who.client.gql<{ orderCost: Record<string, unknown> & { items: Record<string, unknown>[] } }>(
      COST,
      {
        cu: who.customer.id,
        a: who.address.id,
        c: cartId,
      },
    );
    expect(r.errors).toBeUndefined();
    const cost = r.data!.orderCost;
    expect(cost.items).toEqual([
      {
        itemId: catalogA.water.id,
        title: "Spring Water",
        quantity: 3,
        price: 1895,
        amount: 5685,
        tax: 0,
        taxable: false,
      },
      { itemId: catalogA.cups.id, title: "Cups", quantity: 2, price: 395, amount: 790, tax: 65, taxable: true },
      {
        itemId: catalogA.dispenser.id,
        title: "Dispenser",
        quantity: 1,
        price: 16900,
        amount: 16900,
        tax: 1394,
        taxable: true,
      },
    ]);
    expect(cost).toMatchObject({ products: 23375, tax: 1459, shipping: 500, shippingTax: 0, total: 25334 });
    // The first route date after today (today's own run is too late).
    expect(cost.deliveryDate).toBe(iso(new Date(todayChicago().getTime() + 3 * DAY)));

    await server.prisma.storefrontConfig.update({ where: { branchId: shopA.id }, data: { shippingTaxable: true } });
    const taxed = await who.client.gql<{ orderCost: { shippingTax: number; total: number } }>(COST, {
      cu: who.customer.id,
      a: who.address.id,
      c: cartId,
    });
    await server.prisma.storefrontConfig.update({ where: { branchId: shopA.id }, data: { shippingTaxable: false } });
    expect(taxed.data!.orderCost).toMatchObject({ shippingTax: 41, total: 25375 });
  });

  test("an empty cart, a visitor, another customer's account or address are refused", async () => {
    const who = await customer(shopA);
    const other = await customer(shopA);
    const cartId = randomUUID();
    const empty = await who.client.gql(COST, { cu: who.customer.id, a: who.address.id, c: cartId });
    expect(empty.errors?.[0]?.message).toBe("Your cart is empty.");
    await set(who.client, cartId, catalogA.water.id, 1);
    const visitor = await new Client(server.url, "shop-a").gql(COST, {
      cu: who.customer.id,
      a: who.address.id,
      c: cartId,
    });
    expect(visitor.status).toBe(401);
    const theirs = await who.client.gql(COST, { cu: other.customer.id, a: other.address.id, c: cartId });
    expect(theirs.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const theirAddress = await who.client.gql(COST, { cu: who.customer.id, a: other.address.id, c: cartId });
    expect(theirAddress.errors?.[0]?.message).toBe("Service address not found.");
  });

  test("no route date ahead, or a credit hold, is explained", async () => {
    const noDates = await customer(shopA, { routeDates: [-14, -7, 0] });
    const cartId = randomUUID();
    await set(noDates.client, cartId, catalogA.water.id, 1);
    const r = await noDates.client.gql(COST, { cu: noDates.customer.id, a: noDates.address.id, c: cartId });
    expect(r.errors?.[0]?.message).toBe(
      "There is no delivery date on the calendar for this address yet. Please call us at (512) 555-0100 to order.",
    );
    const held = await customer(shopA);
    await server.prisma.serviceAddress.update({ where: { id: held.address.id }, data: { isOnCreditHold: true } });
    const h = await held.client.gql(COST, { cu: held.customer.id, a: held.address.id, c: cartId });
    expect(h.errors?.[0]?.message).toContain("This address is on credit hold");
  });
});

describe("placing an order", () => {
  test("charges once, creates the order, its lines and its work order on the next route date, empties the cart", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.water.id, 2);
    await set(who.client, cartId, catalogA.cups.id, 2);
    const stockBefore = [await stockOf(catalogA.water.id), await stockOf(catalogA.cups.id)];
    const input = placeInput(who, cartId, { expectedTotal: 2 * 1895 + 790 + 65 + 500 });
    const r = await who.client.gql<PlaceResult>(PLACE, { input });
    expect(r.errors).toBeUndefined();
    expect(r.data!.placeOrder).toMatchObject({
      isSuccess: true,
      message: "Thank you! Your order has been placed.",
      paymentResult: "SUCCESS",
    });
    const { orderId, orderNumber } = r.data!.placeOrder;
    expect(orderNumber).toMatch(/^\d+$/);

    const db = server.prisma;
    const order = await db.onlineOrder.findUniqueOrThrow({ where: { id: orderId! }, include: { lines: true } });
    expect(order).toMatchObject({
      customerId: who.customer.id,
      serviceAddressId: who.address.id,
      subtotalCents: 4580,
      taxCents: 65,
      shippingCents: 500,
      shippingTaxCents: 0,
      totalCents: 5145,
      clientCartId: cartId,
      userId: who.user.id,
    });
    expect(order.lines.map((l) => [l.title, l.quantity, l.unitPriceCents, l.salesTaxCents]).sort()).toEqual([
      ["Cups", 2, 395, 65],
      ["Spring Water", 2, 1895, 0],
    ]);
    const wo = await db.workOrder.findUniqueOrThrow({
      where: { id: order.workOrderId! },
      include: { billingItems: true },
    });
    expect(wo).toMatchObject({
      source: "SHOP",
      isOpen: true,
      customerId: who.customer.id,
      name: `Online order #${orderNumber}`,
    });
    expect(iso(wo.scheduledDate)).toBe(iso(new Date(todayChicago().getTime() + 3 * DAY)));
    expect(wo.billingItems.reduce((s, b) => s + b.amountCents + b.taxCents, 0)).toBe(5145);
    expect(wo.billingItems.find((b) => b.name === "Shipping")).toMatchObject({ amountCents: 500, catalogItemId: null });

    const attempt = await db.paymentAttempt.findUniqueOrThrow({ where: { id: order.paymentAttemptId! } });
    expect(attempt).toMatchObject({ result: "SUCCESS", amountCents: 5145, source: "SHOP", voidedAt: null });
    expect(await counts(who.customer.id)).toEqual({ orders: 1, workOrders: 1, attempts: 1, payments: 1 });
    // Billing tells it in order, under the order's number: the charge, then its card payment.
    const ledger = await db.transaction.findMany({
      where: { customerId: who.customer.id },
      orderBy: [{ datePosted: "asc" }],
      select: { kind: true, amountCents: true, description: true },
    });
    expect(ledger).toEqual([
      { kind: "CHARGE", amountCents: 5145, description: `Online order #${orderNumber}` },
      { kind: "PAYMENT", amountCents: -5145, description: `Online order #${orderNumber} - Visa ****1111` },
    ]);
    expect([await stockOf(catalogA.water.id), await stockOf(catalogA.cups.id)]).toEqual([
      stockBefore[0]! - 2,
      stockBefore[1]! - 2,
    ]);
    expect(await db.shoppingCartItem.count({ where: { clientCartId: cartId } })).toBe(0);
    // A receipt went to the customer.
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { recipient: who.user.email } });
    expect(mail.subject).toContain(`Your order #${orderNumber}`);
    expect(mail.text).toContain("Total charged: $51.45");

    // The next order gets the next number.
    await set(who.client, cartId, catalogA.cups.id, 1);
    const next = await who.client.gql<PlaceResult>(PLACE, { input: placeInput(who, cartId) });
    expect(Number(next.data!.placeOrder.orderNumber)).toBe(Number(orderNumber) + 1);

    // History and the order page.
    const h = await who.client.gql<{ orderHistory: { id: string; number: string; status: string; total: number }[] }>(
      `{ orderHistory { ${ORDER_FIELDS} } }`,
    );
    expect(h.data!.orderHistory.map((o) => o.number)).toEqual([next.data!.placeOrder.orderNumber!, orderNumber!]);
    const one = await who.client.gql<{ onlineOrder: Record<string, unknown> }>(
      `query($id: ID!) { onlineOrder(orderId: $id) { ${ORDER_FIELDS} } }`,
      { id: orderId },
    );
    expect(one.data!.onlineOrder).toMatchObject({
      number: orderNumber,
      status: "SCHEDULED",
      pending: true,
      total: 5145,
      paymentLabel: "Visa ending in 1111",
      addressLabel: "1100 Congress Ave, Austin, TX 78701",
    });
    expect((one.data!.onlineOrder.transactions as { type: string; payment: number }[]).map((t) => t.type)).toEqual([
      "ITEM",
      "ITEM",
      "SHIPPING",
      "PAYMENT",
    ]);

    // Once the office posts the work order the order reads as completed.
    await db.workOrder.update({ where: { id: wo.id }, data: { isOpen: false, postedAt: clock.now() } });
    const done = await who.client.gql<{ onlineOrder: { status: string; completedDate: string | null } }>(
      "query($id: ID!) { onlineOrder(orderId: $id) { status completedDate } }",
      { id: orderId },
    );
    expect(done.data!.onlineOrder.status).toBe("COMPLETED");
    expect(done.data!.onlineOrder.completedDate).not.toBeNull();
  });

  test("a declined card leaves no order, no work order, the cart and the stock as they were", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.water.id, 1);
    const before = await stockOf(catalogA.water.id);
    const r = await who.client.gql<PlaceResult>(PLACE, {
      input: placeInput(who, cartId, { paymentMethod: { paymentAccountId: who.badCard.id } }),
    });
    expect(r.data!.placeOrder).toMatchObject({ isSuccess: false, paymentResult: "DECLINED", orderId: null });
    expect(r.data!.placeOrder.message).toContain("declined");
    expect(await counts(who.customer.id)).toEqual({ orders: 0, workOrders: 0, attempts: 1, payments: 0 });
    expect(await stockOf(catalogA.water.id)).toBe(before);
    expect(await server.prisma.shoppingCartItem.count({ where: { clientCartId: cartId } })).toBe(1);
  });

  test("a new card token is charged through the gateway and can be saved", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.cups.id, 1);
    const res = await fetch(`${server.url}/sandbox-gateway/tokenize`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      // not the customer's saved Visa ****1111 12/30 (a second copy of that one is not saved again)
      body: JSON.stringify({ kind: "CARD", number: "4111111111111111", expiration: "11/31", cvv: "123" }),
    });
    const { token } = (await res.json()) as { token: string };
    const r = await who.client.gql<PlaceResult>(PLACE, {
      input: placeInput(who, cartId, { paymentMethod: { token, saveForLater: true } }),
    });
    expect(r.data!.placeOrder.isSuccess).toBe(true);
    expect(await server.prisma.paymentAccount.count({ where: { customerId: who.customer.id } })).toBe(3);
  });

  test("a failure after the charge voids the payment and leaves no order", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.water.id, 2);
    const before = await stockOf(catalogA.water.id);
    testHooks.beforeCommit = () => {
      throw new Error("disk full");
    };
    const r = await who.client.gql<PlaceResult>(PLACE, { input: placeInput(who, cartId) });
    expect(r.data!.placeOrder).toMatchObject({
      isSuccess: false,
      orderId: null,
      message: "We couldn't place your order, so your payment was voided. Please try again.",
    });
    const db = server.prisma;
    const attempt = await db.paymentAttempt.findFirstOrThrow({ where: { customerId: who.customer.id } });
    expect(attempt.result).toBe("SUCCESS");
    expect(attempt.voidedAt).not.toBeNull();
    // The payment was posted and reversed: the balance is as before.
    const sum = await db.transaction.aggregate({ where: { customerId: who.customer.id }, _sum: { amountCents: true } });
    expect(sum._sum.amountCents ?? 0).toBe(0);
    expect(await db.onlineOrder.count({ where: { customerId: who.customer.id } })).toBe(0);
    expect(await db.workOrder.count({ where: { customerId: who.customer.id } })).toBe(0);
    expect(await stockOf(catalogA.water.id)).toBe(before);
    expect(await db.shoppingCartItem.count({ where: { clientCartId: cartId } })).toBe(1);
  });

  test("stock sold out before checkout is caught before charging; between charge and order, the payment is voided", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    const item = await server.prisma.catalogItem.create({
      data: {
        branchId: shopA.id,
        partNumber: `LAST-${cartId.slice(0, 6)}`,
        description: "Last One",
        retailPriceCents: 1000,
        ecommerceStatus: "LISTED_AND_PURCHASABLE",
      },
    });
    const row = await server.prisma.inventoryStock.create({
      data: { branchId: shopA.id, warehouseId: catalogA.main.id, catalogItemId: item.id, quantity: 1 },
    });
    await set(who.client, cartId, item.id, 1);
    await server.prisma.inventoryStock.update({ where: { id: row.id }, data: { quantity: 0 } });
    const early = await who.client.gql<PlaceResult>(PLACE, { input: placeInput(who, cartId) });
    expect(early.errors?.[0]?.message).toBe("Last One: This item is out of stock.");
    expect(await counts(who.customer.id)).toEqual({ orders: 0, workOrders: 0, attempts: 0, payments: 0 });

    // Back in stock, but someone else takes the last unit while the card is being charged.
    await server.prisma.inventoryStock.update({ where: { id: row.id }, data: { quantity: 1 } });
    testHooks.afterCharge = async () => {
      await server.prisma.inventoryStock.update({ where: { id: row.id }, data: { quantity: 0 } });
    };
    const late = await who.client.gql<PlaceResult>(PLACE, { input: placeInput(who, cartId) });
    expect(late.data!.placeOrder).toMatchObject({
      isSuccess: false,
      message:
        "Last One: This item is out of stock. We couldn't place your order, so your payment was voided. Please try again.",
    });
    const attempt = await server.prisma.paymentAttempt.findFirstOrThrow({ where: { customerId: who.customer.id } });
    expect(attempt.voidedAt).not.toBeNull();
    expect(await counts(who.customer.id)).toMatchObject({ orders: 0, workOrders: 0, attempts: 1 });
  });

  test("a double submit charges once and makes one order", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.water.id, 1);
    const input = placeInput(who, cartId);
    const [a, b] = await Promise.all([
      who.client.gql<PlaceResult>(PLACE, { input }),
      who.client.gql<PlaceResult>(PLACE, { input }),
    ]);
    expect(a.data!.placeOrder.isSuccess).toBe(true);
    expect(b.data!.placeOrder.isSuccess).toBe(true);
    expect(a.data!.placeOrder.orderId).toBe(b.data!.placeOrder.orderId);
    expect(await counts(who.customer.id)).toEqual({ orders: 1, workOrders: 1, attempts: 1, payments: 1 });
    // And again later (a reload that re-sends): still the same order, no new charge.
    const c = await who.client.gql<PlaceResult>(PLACE, { input });
    expect(c.data!.placeOrder.orderId).toBe(a.data!.placeOrder.orderId);
    expect(await counts(who.customer.id)).toEqual({ orders: 1, workOrders: 1, attempts: 1, payments: 1 });
  });

  test("purchase order, agreement and a changed total are checked before charging", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.water.id, 1);
    const noAgreement = await who.client.gql<PlaceResult>(PLACE, {
      input: placeInput(who, cartId, { acceptAgreement: false }),
    });
    expect(noAgreement.data!.placeOrder).toMatchObject({
      isSuccess: false,
      message: "Please accept the payment agreement.",
    });
    const changed = await who.client.gql<PlaceResult>(PLACE, {
      input: placeInput(who, cartId, { expectedTotal: 100 }),
    });
    expect(changed.data!.placeOrder.message).toBe(
      "The order total has changed to $23.95. Please review your order and try again.",
    );
    await server.prisma.customer.update({ where: { id: who.customer.id }, data: { purchaseOrderRequired: true } });
    const noPo = await who.client.gql<PlaceResult>(PLACE, { input: placeInput(who, cartId) });
    expect(noPo.data!.placeOrder.message).toBe("A purchase order is required for this account.");
    const po = await server.prisma.purchaseOrder.create({
      data: { branchId: shopA.id, customerId: who.customer.id, number: "PO-1" },
    });
    const other = await customer(shopA);
    const otherPo = await server.prisma.purchaseOrder.create({
      data: { branchId: shopA.id, customerId: other.customer.id, number: "PO-X" },
    });
    const wrongPo = await who.client.gql(PLACE, { input: placeInput(who, cartId, { purchaseOrderId: otherPo.id }) });
    expect(wrongPo.errors?.[0]?.message).toBe("Purchase order not found.");
    expect(await counts(who.customer.id)).toEqual({ orders: 0, workOrders: 0, attempts: 0, payments: 0 });
    const ok = await who.client.gql<PlaceResult>(PLACE, { input: placeInput(who, cartId, { purchaseOrderId: po.id }) });
    expect(ok.data!.placeOrder.isSuccess).toBe(true);
    const order = await server.prisma.onlineOrder.findUniqueOrThrow({ where: { id: ok.data!.placeOrder.orderId! } });
    expect(order.purchaseOrderId).toBe(po.id);
    const wo = await server.prisma.workOrder.findUniqueOrThrow({ where: { id: order.workOrderId! } });
    expect(wo.purchaseOrderId).toBe(po.id);
  });

  test("checkout options: addresses with their next delivery date, purchase orders, the agreement", async () => {
    const who = await customer(shopA);
    const r = await who.client.gql<{
      shopCheckoutOptions: {
        addresses: { serviceAddressId: string; line1: string; nextDeliveryDate: string; isOnCreditHold: boolean }[];
        paymentAgreementHtml: string;
        purchaseOrderRequired: boolean;
      };
    }>(
      `query($id: ID!) { shopCheckoutOptions(customerId: $id) { customerId accountNumber name purchaseOrderRequired
        purchaseOrders { id number } paymentAgreementHtml
        addresses { serviceAddressId name line1 line2 city state postalCode isOnCreditHold nextDeliveryDate } } }`,
      { id: who.customer.id },
    );
    expect(r.data!.shopCheckoutOptions).toMatchObject({
      paymentAgreementHtml: "<p>I authorize the charge.</p>",
      purchaseOrderRequired: false,
      addresses: [
        {
          serviceAddressId: who.address.id,
          line1: "1100 Congress Ave",
          isOnCreditHold: false,
          nextDeliveryDate: iso(new Date(todayChicago().getTime() + 3 * DAY)),
        },
      ],
    });
  });
});

describe("other customers and branches", () => {
  test("another customer's order, payment method and account are refused; another branch's too", async () => {
    const who = await customer(shopA);
    const other = await customer(shopA);
    const cartId = randomUUID();
    await set(other.client, cartId, catalogA.cups.id, 1);
    const placed = await other.client.gql<PlaceResult>(PLACE, { input: placeInput(other, cartId) });
    const theirOrder = placed.data!.placeOrder.orderId!;

    const read = await who.client.gql("query($id: ID!) { onlineOrder(orderId: $id) { id } }", { id: theirOrder });
    expect(read.errors?.[0]?.message).toBe("Order not found.");
    const hist = await who.client.gql("query($id: ID) { orderHistory(customerId: $id) { id } }", {
      id: other.customer.id,
    });
    expect(hist.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const mine = await who.client.gql<{ orderHistory: unknown[] }>("{ orderHistory { id } }");
    expect(mine.data!.orderHistory).toEqual([]);

    // Paying with their card, for their account, to their address.
    const myCart = randomUUID();
    await set(who.client, myCart, catalogA.cups.id, 1);
    const card = await who.client.gql(PLACE, {
      input: placeInput(who, myCart, { paymentMethod: { paymentAccountId: other.goodCard.id } }),
    });
    expect(card.errors?.[0]?.message).toBe("Payment method not found.");
    const acct = await who.client.gql(PLACE, {
      input: placeInput(who, myCart, { customerId: other.customer.id, addressId: other.address.id }),
    });
    expect(acct.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const opts = await who.client.gql("query($id: ID!) { shopCheckoutOptions(customerId: $id) { name } }", {
      id: other.customer.id,
    });
    expect(opts.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await counts(who.customer.id)).toEqual({ orders: 0, workOrders: 0, attempts: 0, payments: 0 });

    // A customer of branch B, signed in on B, cannot reach branch A's order, customer or address.
    const b = await customer(shopB);
    const crossOrder = await b.client.gql("query($id: ID!) { onlineOrder(orderId: $id) { id } }", { id: theirOrder });
    expect(crossOrder.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const bCart = randomUUID();
    await set(b.client, bCart, catalogB.cups.id, 1);
    const crossCost = await b.client.gql(COST, { cu: who.customer.id, a: who.address.id, c: bCart });
    expect(crossCost.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const crossAddress = await b.client.gql(COST, { cu: b.customer.id, a: who.address.id, c: bCart });
    expect(crossAddress.errors?.[0]?.message).toBe("Service address not found.");
    // Branch A's session does not work on branch B.
    const aOnB = new Client(server.url, "shop-b");
    aOnB.cookie = who.client.cookie;
    const r = await aOnB.gql("{ orderHistory { id } }");
    expect(r.status).toBe(401);
  });

  test("employees do not shop as customers", async () => {
    const emp = await f.user(shopA.id, { employee: true, permissions: ["CUSTOMER_ACCESS"] });
    const c = new Client(server.url, "shop-a");
    await c.login(emp.email, emp.password);
    const r = await c.gql(PLACE, {
      input: {
        customerId: "x",
        addressId: "y",
        cartId: randomUUID(),
        paymentMethod: { paymentAccountId: "z" },
        idempotencyKey: randomUUID(),
      },
    });
    expect(r.status).toBe(403);
  });
});

describe("orderByKey: what became of a checkout whose answer was lost", () => {
  const BY_KEY = `query($c: ID!, $k: String!) { orderByKey(customerId: $c, idempotencyKey: $k) { id number total } }`;
  type ByKey = { orderByKey: { id: string; number: string; total: number } | null };

  test("the order placed with the key, null for an unknown or declined key, nothing of another customer", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.water.id, 1);
    const key = randomUUID();
    expect((await who.client.gql<ByKey>(BY_KEY, { c: who.customer.id, k: key })).data?.orderByKey).toBeNull();
    const placed = await who.client.gql<PlaceResult>(PLACE, {
      input: placeInput(who, cartId, { idempotencyKey: key }),
    });
    expect(placed.data?.placeOrder.isSuccess).toBe(true);
    const found = await who.client.gql<ByKey>(BY_KEY, { c: who.customer.id, k: key });
    expect(found.data?.orderByKey).toMatchObject({
      id: placed.data!.placeOrder.orderId!,
      number: placed.data!.placeOrder.orderNumber!,
    });
    // A declined charge placed no order.
    const cart2 = randomUUID();
    await set(who.client, cart2, catalogA.water.id, 1);
    const declinedKey = randomUUID();
    const declined = await who.client.gql<PlaceResult>(PLACE, {
      input: placeInput(who, cart2, {
        idempotencyKey: declinedKey,
        paymentMethod: { paymentAccountId: who.badCard.id },
      }),
    });
    expect(declined.data?.placeOrder.isSuccess).toBe(false);
    expect((await who.client.gql<ByKey>(BY_KEY, { c: who.customer.id, k: declinedKey })).data?.orderByKey).toBeNull();
    // Another customer: not with their own account's id, and not at all with this one's.
    const other = await customer(shopA);
    expect((await other.client.gql<ByKey>(BY_KEY, { c: other.customer.id, k: key })).data?.orderByKey).toBeNull();
    const foreign = await other.client.gql<ByKey>(BY_KEY, { c: who.customer.id, k: key });
    expect(foreign.data?.orderByKey ?? null).toBeNull();
    expect(foreign.errors?.length ?? foreign.status).toBeTruthy();
    // A malformed key is refused, not looked up.
    const bad = await who.client.gql<ByKey>(BY_KEY, { c: who.customer.id, k: "x" });
    expect(bad.errors?.[0]?.message).toBe("Invalid idempotency key.");
  });
});

describe("the order's payment cannot be stood in for", () => {
  const PAY = `mutation($i: PaymentInput!) { makePayment(input: $i) { isSuccess message result } }`;

  test("a 1-cent payment made with the order's key does not pay for the order", async () => {
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.water.id, 2);
    const key = randomUUID();
    // The server's own key for the order is out of a browser's reach...
    const forged = await who.client.gql(PAY, {
      i: {
        customerId: who.customer.id,
        amount: 1,
        paymentAccountId: who.goodCard.id,
        idempotencyKey: `shop-order:${key}`,
      },
    });
    expect(forged.errors?.[0]?.message).toBe("Missing or invalid idempotency key.");
    // ...and the same key in the browser's own namespace is another payment altogether.
    const cent = await who.client.gql<{ makePayment: { isSuccess: boolean } }>(PAY, {
      i: {
        customerId: who.customer.id,
        amount: 1,
        paymentAccountId: who.goodCard.id,
        idempotencyKey: key,
        confirmOverpayment: true, // nothing is due: a credit
      },
    });
    expect(cent.data?.makePayment.isSuccess).toBe(true);

    const total = 2 * 1895 + 500;
    const r = await who.client.gql<PlaceResult>(PLACE, {
      input: placeInput(who, cartId, { idempotencyKey: key, expectedTotal: total }),
    });
    expect(r.data?.placeOrder.isSuccess).toBe(true);
    const orderId = r.data!.placeOrder.orderId as string;
    const order = await server.prisma.onlineOrder.findUniqueOrThrow({ where: { id: orderId } });
    const attempt = await server.prisma.paymentAttempt.findUniqueOrThrow({ where: { id: order.paymentAttemptId! } });
    expect(attempt.amountCents).toBe(order.totalCents);
    expect(order.totalCents).toBe(total);
  });
});

describe("a voided payment is never a payment", () => {
  /** Every order of the customer stands on an approved payment that was not voided, one per order. */
  async function ordersPaidOnce(customerId: string) {
    const db = server.prisma;
    const orders = await db.onlineOrder.findMany({ where: { customerId } });
    const attempts = await db.paymentAttempt.findMany({ where: { customerId } });
    const standing = attempts.filter((a) => a.result === "SUCCESS" && a.voidedAt === null);
    for (const order of orders) {
      const paid = standing.find((a) => a.id === order.paymentAttemptId);
      expect(paid?.amountCents).toBe(order.totalCents);
    }
    // The card is charged (and not given back) at most once per placed order.
    expect(standing.length).toBeLessThanOrEqual(orders.length);
    return { orders: orders.length, standing: standing.length, attempts: attempts.length };
  }

  async function lastOneInCart(who: Awaited<ReturnType<typeof customer>>) {
    const cartId = randomUUID();
    const item = await server.prisma.catalogItem.create({
      data: {
        branchId: shopA.id,
        partNumber: `VOID-${cartId.slice(0, 6)}`,
        description: "Last Bottle",
        retailPriceCents: 1000,
        ecommerceStatus: "LISTED_AND_PURCHASABLE",
      },
    });
    const row = await server.prisma.inventoryStock.create({
      data: { branchId: shopA.id, warehouseId: catalogA.main.id, catalogItemId: item.id, quantity: 1 },
    });
    await set(who.client, cartId, item.id, 1);
    return { cartId, row };
  }

  test("replaying the key of an order that lost the stock race, after a restock, places no order on the voided payment", async () => {
    const who = await customer(shopA);
    const { cartId, row } = await lastOneInCart(who);
    const input = placeInput(who, cartId);

    // Someone else takes the last unit while the card is charged: the payment is voided.
    testHooks.afterCharge = async () => {
      await server.prisma.inventoryStock.update({ where: { id: row.id }, data: { quantity: 0 } });
    };
    const lost = await who.client.gql<PlaceResult>(PLACE, { input });
    expect(lost.data!.placeOrder).toMatchObject({ isSuccess: false, orderId: null });
    testHooks.afterCharge = undefined;
    const voided = await server.prisma.paymentAttempt.findFirstOrThrow({ where: { customerId: who.customer.id } });
    expect(voided.voidedAt).not.toBeNull();

    // Restocked; the same key again (a reply that got lost, a reload): no order, no new charge.
    await server.prisma.inventoryStock.update({ where: { id: row.id }, data: { quantity: 1 } });
    const replay = await who.client.gql<PlaceResult>(PLACE, { input });
    expect(replay.errors).toBeUndefined();
    expect(replay.data!.placeOrder).toMatchObject({
      isSuccess: false,
      orderId: null,
      paymentResult: "FAILURE",
      message: "The payment for this order was voided, so the order was not placed. Please try again.",
    });
    expect(await ordersPaidOnce(who.customer.id)).toEqual({ orders: 0, standing: 0, attempts: 1 });
    expect(await stockOf(row.catalogItemId)).toBe(1);
    expect(await server.prisma.shoppingCartItem.count({ where: { clientCartId: cartId } })).toBe(1);
    // The balance is as before: the voided payment was reversed and nothing else was posted.
    const sum = await server.prisma.transaction.aggregate({
      where: { customerId: who.customer.id },
      _sum: { amountCents: true },
    });
    expect(sum._sum.amountCents ?? 0).toBe(0);

    // The checkout's next try (a new key) is charged once and places the order.
    const retry = await who.client.gql<PlaceResult>(PLACE, { input: { ...input, idempotencyKey: randomUUID() } });
    expect(retry.data!.placeOrder.isSuccess).toBe(true);
    expect(await ordersPaidOnce(who.customer.id)).toEqual({ orders: 1, standing: 1, attempts: 2 });
  });

  test("a payment voided between the charge and the order (another request with the key) pays for no order", async () => {
    const who = await customer(shopA);
    const { cartId } = await lastOneInCart(who);
    // Another process voided this key's payment while this request was about to write the order.
    testHooks.afterCharge = async () => {
      await server.prisma.paymentAttempt.updateMany({
        where: { customerId: who.customer.id },
        data: { voidedAt: clock.now() },
      });
    };
    const r = await who.client.gql<PlaceResult>(PLACE, { input: placeInput(who, cartId) });
    expect(r.data!.placeOrder).toMatchObject({
      isSuccess: false,
      orderId: null,
      message: "The payment for this order was voided, so the order was not placed. Please try again.",
    });
    expect(await ordersPaidOnce(who.customer.id)).toEqual({ orders: 0, standing: 0, attempts: 1 });
    expect(await counts(who.customer.id)).toMatchObject({ orders: 0, workOrders: 0 });
  });
});

describe("automations", () => {
  test("a placed order's delivery is a WORK_ORDER_CREATED event", async () => {
    const automation = await server.prisma.automation.create({
      data: { branchId: shopA.id, name: `On shop order ${randomUUID()}`, event: "WORK_ORDER_CREATED" },
    });
    const who = await customer(shopA);
    const cartId = randomUUID();
    await set(who.client, cartId, catalogA.cups.id, 1);
    const r = await who.client.gql<PlaceResult>(PLACE, { input: placeInput(who, cartId) });
    expect(r.data!.placeOrder.isSuccess).toBe(true);
    const orderId = r.data!.placeOrder.orderId as string;
    const order = await server.prisma.onlineOrder.findUniqueOrThrow({ where: { id: orderId } });
    const runs = await server.prisma.automationRun.findMany({ where: { automationId: automation.id } });
    expect(runs.map((x) => [x.event, x.tableId, x.entityId])).toEqual([
      ["WORK_ORDER_CREATED", "WORK_ORDER", order.workOrderId as string],
    ]);
    await server.prisma.automation.update({ where: { id: automation.id }, data: { status: "OFF" } });
  });
});
