import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { signIn } from "../../../test/sign-in.ts";
import { clock } from "../../clock.ts";

// Team e-commerce through GraphQL: permissions, storefront configuration, pricing plans, sale
// workflow, branding, open carts (clear cart), online orders and the carts-and-sales analytics.

let server: TestServer;
let f: ReturnType<typeof factories>;
type Branch = Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;
let branchA: Branch;
let branchB: Branch;
const clients: Record<string, Client> = {};
let customerId: string;
let addressId: string;
let itemId: string;

const CONFIG = `{ storefrontConfiguration { bannerHtml footerHtml paymentAgreementHtml websiteTitle websiteDescription contactEmail shippingCents shippingTaxable saleWorkflowShortcutId defaultPricingPlanId } }`;
const UPDATE = `mutation($input:UpdateShopCustomizationInput!){ updateShopCustomization(input:$input){ bannerHtml footerHtml paymentAgreementHtml websiteTitle contactEmail shippingCents } }`;
const PLANS = `query($all:Boolean){ pricingPlans(includeInactive:$all){ id name discountPercent inactive isDefault } }`;
const CREATE_PLAN = `mutation($input:CreatePricingPlanInput!){ createPricingPlan(input:$input){ id name discountPercent isDefault } }`;
const UPDATE_PLAN = `mutation($input:UpdatePricingPlanInput!){ updatePricingPlan(input:$input){ id name discountPercent inactive isDefault } }`;
const SET_PLAN = `mutation($id:ID){ setPricingPlan(pricingPlanId:$id){ isSuccess message } }`;
const BRANDING = `mutation($input:SetBranchBrandingInput!){ setBranchBranding(input:$input){ isSuccess message } }`;
const CARTS = `query($skip:Int,$take:Int){ openCarts(skip:$skip,take:$take){ totalCount carts { cartId quantity subtotalCents userEmail lines { itemId title quantity unitPriceCents amountCents } } } }`;
const CLEAR = `mutation($id:String!){ clearCart(cartId:$id){ isSuccess message } }`;
const ORDERS = `query($status:OnlineOrderStatus,$search:String,$skip:Int,$take:Int){ onlineOrders(status:$status,search:$search,skip:$skip,take:$take){ totalCount statusCounts { status count } orders { number status customerAccountNumber customerName totalCents lines { title quantity } } } }`;
const ANALYTICS = `query($s:Date!,$e:Date!){ cartsAndSalesAnalytics(startDate:$s,endDate:$e){ startDate endDate timeZone salesCents orderCount averageOrderCents cartCount convertedCartCount conversionRate days { date salesCents orderCount cartCount convertedCartCount } topItems { title quantity salesCents } ordersByStatus { status count } } }`;

const signedIn = (host: string, user: { email: string; password: string }) =>
  signIn(server, user.email, user.password, host);

let orderCounter = 0;
/** An online order placed at `at` (UTC) from cart `cartId`. */
async function order(
  branchId: string,
  at: string,
  totalCents: number,
  cartId: string,
  opts: {
    status?: string;
    workOrderId?: string;
    lines?: { title: string; quantity: number; amountCents: number; itemId?: string }[];
  } = {},
) {
  orderCounter += 1;
  return server.prisma.onlineOrder.create({
    data: {
      branchId,
      number: String(7000 + orderCounter),
      customerId,
      serviceAddressId: addressId,
      clientCartId: cartId,
      status: opts.status ?? "SCHEDULED",
      workOrderId: opts.workOrderId ?? null,
      subtotalCents: totalCents,
      taxCents: 0,
      shippingCents: 0,
      shippingTaxCents: 0,
      totalCents,
      createdAt: new Date(at),
      lines: {
        create: (opts.lines ?? [{ title: "Spring water", quantity: 1, amountCents: totalCents }]).map((l) => ({
          branchId,
          itemId: l.itemId ?? itemId,
          title: l.title,
          quantity: l.quantity,
          unitPriceCents: Math.round(l.amountCents / l.quantity),
          amountCents: l.amountCents,
          salesTaxCents: 0,
        })),
      },
    },
  });
}

async function cartItem(branchId: string, cartId: string, at: string, quantity = 1, userId?: string) {
  return server.prisma.shoppingCartItem.create({
    data: {
      branchId,
      clientCartId: cartId,
      itemId,
      quantity,
      userId: userId ?? null,
      createdAt: new Date(at),
      lastModified: new Date(at),
    },
  });
}

beforeAll(async () => {
  server = await createTestServer();
  f = factories(server.prisma);
  branchA = await f.branch({ host: "eco-alpha", features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  branchB = await f.branch({ host: "eco-beta", features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  const manager = await f.user(branchA.id, { permissions: ["ECOMMERCE_MANAGEMENT"] });
  const inventory = await f.user(branchA.id, { permissions: ["INVENTORY_MANAGEMENT", "INVENTORY_VIEW"] });
  const customer = await f.user(branchA.id, { email: "shopper@eco.test" });
  const c = await f.customer(branchA.id, "420001", { userId: customer.id });
  customerId = c.id;
  addressId = (
    await server.prisma.serviceAddress.create({
      data: {
        branchId: branchA.id,
        customerId,
        streetNumber: "1",
        streetName: "Main St",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
      },
    })
  ).id;
  itemId = (
    await server.prisma.catalogItem.create({
      data: {
        branchId: branchA.id,
        partNumber: "5G",
        description: "5 Gallon Spring Water",
        eCommerceTitle: "Spring water",
        retailPriceCents: 1000,
        salePriceCents: 800,
      },
    })
  ).id;
  const betaManager = await f.user(branchB.id, { permissions: ["ECOMMERCE_MANAGEMENT"] });
  clients.manager = await signedIn("eco-alpha", manager);
  clients.inventory = await signedIn("eco-alpha", inventory);
  clients.customer = await signedIn("eco-alpha", customer);
  clients.beta = await signedIn("eco-beta", betaManager);
}, 120_000);
afterAll(() => server.close(), 30_000);

describe("permissions", () => {
  test("every e-commerce operation needs ECOMMERCE_MANAGEMENT", async () => {
    const operations: [string, Record<string, unknown>?][] = [
      [CONFIG],
      ["{ websiteFields { websiteTitle } }"],
      [PLANS],
      ["{ saleShortcuts { id } }"],
      [CARTS],
      [ORDERS],
      [ANALYTICS, { s: "2026-01-01", e: "2026-01-31" }],
      [UPDATE, { input: { bannerHtml: "<p>x</p>" } }],
      [CREATE_PLAN, { input: { name: "Sneaky" } }],
      [SET_PLAN, { id: null }],
      [`mutation { setSaleWorkflow(shortcutId: "x") { isSuccess } }`],
      [BRANDING, { input: { name: "Sneaky Co." } }],
      [CLEAR, { id: "any" }],
    ];
    for (const [query, vars] of operations) {
      for (const who of ["customer", "inventory"]) {
        const r = await clients[who]!.gql(query, vars);
        expect(r.status).toBe(403);
        expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      }
      expect((await new Client(server.url, "eco-alpha").gql(query, vars)).status).toBe(401);
    }
    expect(await server.prisma.pricingPlan.count()).toBe(0);
    expect((await server.prisma.branch.findUniqueOrThrow({ where: { id: branchA.id } })).company).toBe(branchA.company);
  });
});

describe("storefront configuration", () => {
  test("starts empty, saves banner, footer, agreement and website fields without scripts", async () => {
    const empty = await clients.manager!.gql(CONFIG);
    expect(empty.data).toMatchObject({
      storefrontConfiguration: { bannerHtml: "", shippingCents: 0, defaultPricingPlanId: null },
    });

    const r = await clients.manager!.gql(UPDATE, {
      input: {
        bannerHtml:
          '<h2 onclick="steal()">Summer sale</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        footerHtml: "<p>Call us</p>",
        paymentAgreementHtml: "<p>You agree to pay.</p>",
        websiteTitle: "  Alpha shop ",
        contactEmail: "shop@alpha.test",
        shippingCents: 500,
      },
    });
    expect(r.data).toEqual({
      updateShopCustomization: {
        bannerHtml: '<h2>Summer sale</h2><a rel="noopener noreferrer">x</a>',
        footerHtml: "<p>Call us</p>",
        paymentAgreementHtml: "<p>You agree to pay.</p>",
        websiteTitle: "Alpha shop",
        contactEmail: "shop@alpha.test",
        shippingCents: 500,
      },
    });
    // The shop and the checkout read the same rows.
    const shop = await new Client(server.url, "eco-alpha").gql(
      "{ shopBannerAndFooter { bannerHtml footerHtml } branchBranding { ecommercePaymentAgreementHtml } }",
    );
    expect(shop.data).toEqual({
      shopBannerAndFooter: {
        bannerHtml: '<h2>Summer sale</h2><a rel="noopener noreferrer">x</a>',
        footerHtml: "<p>Call us</p>",
      },
      branchBranding: { ecommercePaymentAgreementHtml: "<p>You agree to pay.</p>" },
    });
    const fields = await clients.manager!.gql("{ websiteFields { websiteTitle websiteDescription contactEmail } }");
    expect(fields.data).toEqual({
      websiteFields: { websiteTitle: "Alpha shop", websiteDescription: "", contactEmail: "shop@alpha.test" },
    });
    // another branch's configuration is its own
    const beta = await clients.beta!.gql(CONFIG);
    expect(beta.data).toMatchObject({ storefrontConfiguration: { bannerHtml: "", websiteTitle: "" } });
  });

  test("bad input changes nothing", async () => {
    for (const [input, message] of [
      [{ contactEmail: "not-an-email", bannerHtml: "<p>changed</p>" }, "Contact email is not a valid email address."],
      [{ shippingCents: -1 }, "Shipping must be zero or more."],
      [{ bannerHtml: "x".repeat(20_001) }, "The banner must be at most 20,000 characters."],
    ] as const) {
      const r = await clients.manager!.gql(UPDATE, { input });
      expect(r.status).toBe(400);
      expect(r.errors?.[0]?.message).toBe(message);
    }
    const now = await clients.manager!.gql(CONFIG);
    expect(now.data).toMatchObject({
      storefrontConfiguration: {
        bannerHtml: '<h2>Summer sale</h2><a rel="noopener noreferrer">x</a>',
        contactEmail: "shop@alpha.test",
      },
    });
  });
});

describe("pricing plans and sale workflow", () => {
  test("create, refuse duplicates and bad discounts, set the default, keep the default active", async () => {
    const c = clients.manager!;
    const standard = await c.gql<{ createPricingPlan: { id: string } }>(CREATE_PLAN, { input: { name: "Standard" } });
    const commercial = await c.gql<{ createPricingPlan: { id: string; discountPercent: number } }>(CREATE_PLAN, {
      input: { name: "Commercial", discountPercent: 10 },
    });
    expect(commercial.data?.createPricingPlan.discountPercent).toBe(10);
    const dup = await c.gql(CREATE_PLAN, { input: { name: "standard" } });
    expect(dup.status).toBe(409);
    expect(dup.errors?.[0]?.message).toBe('A pricing plan named "Standard" already exists.');
    const big = await c.gql(CREATE_PLAN, { input: { name: "Free", discountPercent: 120 } });
    expect(big.errors?.[0]?.message).toBe("Discount must be between 0 and 100 percent.");
    const blank = await c.gql(CREATE_PLAN, { input: { name: " " } });
    expect(blank.errors?.[0]?.message).toBe("Pricing plan name is required.");

    const commercialId = commercial.data!.createPricingPlan.id;
    const set = await c.gql(SET_PLAN, { id: commercialId });
    expect(set.data).toEqual({
      setPricingPlan: { isSuccess: true, message: "Commercial is now the default pricing plan." },
    });
    const plans = await c.gql<{ pricingPlans: { name: string; isDefault: boolean }[] }>(PLANS);
    expect(plans.data?.pricingPlans.map((p) => [p.name, p.isDefault])).toEqual([
      ["Commercial", true],
      ["Standard", false],
    ]);
    const deactivate = await c.gql(UPDATE_PLAN, { input: { pricingPlanId: commercialId, inactive: true } });
    expect(deactivate.errors?.[0]?.message).toBe(
      "The default pricing plan can't be made inactive. Choose another default first.",
    );
    const standardId = standard.data!.createPricingPlan.id;
    const renamed = await c.gql(UPDATE_PLAN, { input: { pricingPlanId: standardId, name: "Retail", inactive: true } });
    expect(renamed.data).toMatchObject({ updatePricingPlan: { name: "Retail", inactive: true, isDefault: false } });
    const inactiveDefault = await c.gql(SET_PLAN, { id: standardId });
    expect(inactiveDefault.errors?.[0]?.message).toBe("An inactive pricing plan can't be the default.");
    expect((await c.gql<{ pricingPlans: unknown[] }>(PLANS)).data?.pricingPlans).toHaveLength(1);
    expect((await c.gql<{ pricingPlans: unknown[] }>(PLANS, { all: true })).data?.pricingPlans).toHaveLength(2);

    // another branch can neither see nor pick these plans
    expect((await clients.beta!.gql<{ pricingPlans: unknown[] }>(PLANS, { all: true })).data?.pricingPlans).toEqual([]);
    const foreign = await clients.beta!.gql(SET_PLAN, { id: commercialId });
    expect(foreign.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const foreignEdit = await clients.beta!.gql(UPDATE_PLAN, { input: { pricingPlanId: commercialId, name: "Mine" } });
    expect(foreignEdit.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");

    const back = await c.gql(SET_PLAN, { id: null });
    expect(back.data).toEqual({ setPricingPlan: { isSuccess: true, message: "The shop now uses list prices." } });
  });

  test("sale workflow: a pick among the branch's shortcuts, saved on the storefront and the branch", async () => {
    const shortcut = await server.prisma.workflowShortcut.create({
      data: { branchId: branchA.id, name: "Online sale follow-up", tableId: "CUSTOMER", actions: [] },
    });
    const retired = await server.prisma.workflowShortcut.create({
      data: { branchId: branchA.id, name: "Retired follow-up", tableId: "CUSTOMER", actions: [], inactive: true },
    });
    const SET = `mutation($id: String){ setSaleWorkflow(shortcutId: $id) { isSuccess message } }`;
    expect((await clients.manager!.gql("{ saleShortcuts { id name } }")).data).toEqual({
      saleShortcuts: [{ id: shortcut.id, name: "Online sale follow-up" }],
    });

    // an id typed by hand, an inactive shortcut, another branch's: refused, nothing saved
    for (const [id, message] of [
      ["wf-online-sale", "Workflow shortcut not found: pick one of the list."],
      [retired.id, 'Workflow shortcut "Retired follow-up" is inactive: pick an active one.'],
    ]) {
      const r = await clients.manager!.gql(SET, { id });
      expect(r.errors?.[0]?.message).toBe(message);
    }
    const foreign = await clients.beta!.gql(SET, { id: shortcut.id });
    expect(foreign.errors?.[0]?.message).toBe("Workflow shortcut not found: pick one of the list.");
    expect((await clients.manager!.gql(CONFIG)).data).toMatchObject({
      storefrontConfiguration: { saleWorkflowShortcutId: null },
    });

    const r = await clients.manager!.gql(SET, { id: ` ${shortcut.id} ` });
    expect(r.data).toEqual({ setSaleWorkflow: { isSuccess: true, message: "Sale workflow saved." } });
    expect((await clients.manager!.gql(CONFIG)).data).toMatchObject({
      storefrontConfiguration: { saleWorkflowShortcutId: shortcut.id },
    });
    expect(
      (await server.prisma.branch.findUniqueOrThrow({ where: { id: branchA.id } })).ecommerceWorkflowShortcutId,
    ).toBe(shortcut.id);
    const cleared = await clients.manager!.gql(SET, { id: null });
    expect(cleared.data).toEqual({ setSaleWorkflow: { isSuccess: true, message: "Sale workflow cleared." } });
  });
});

describe("branch branding", () => {
  test("saved and visible to visitors at once; bad URLs refused", async () => {
    const r = await clients.manager!.gql(BRANDING, {
      input: {
        name: "Alpha Springs",
        phone: "(512) 555-0199",
        logoUrl: "https://cdn.alpha.test/logo.png",
        websiteHeaderHtml: "<p>Fresh <em>daily</em></p><script>x()</script>",
        websiteFooterHtml: "<p>Footer</p>",
        brandWebsiteUrl: "https://alpha.test",
      },
    });
    expect(r.data).toEqual({ setBranchBranding: { isSuccess: true, message: "Branding saved." } });
    const seen = await new Client(server.url, "eco-alpha").gql(
      "{ branchBranding { name phone logoUrl websiteHeaderHtml websiteFooterHtml brandWebsiteUrl } }",
    );
    expect(seen.data).toEqual({
      branchBranding: {
        name: "Alpha Springs",
        phone: "(512) 555-0199",
        logoUrl: "https://cdn.alpha.test/logo.png",
        websiteHeaderHtml: "<p>Fresh <em>daily</em></p>",
        websiteFooterHtml: "<p>Footer</p>",
        brandWebsiteUrl: "https://alpha.test",
      },
    });
    for (const [input, message] of [
      [{ name: "" }, "Company name is required."],
      [
        { name: "X", logoUrl: "javascript:alert(1)" },
        "Logo URL must start with https://, http:// or be an uploaded image.",
      ],
      [{ name: "X", brandWebsiteUrl: "alpha.test" }, "Brand website must start with https:// or http://."],
    ] as const) {
      const bad = await clients.manager!.gql(BRANDING, { input });
      expect(bad.errors?.[0]?.message).toBe(message);
    }
    expect((await server.prisma.branch.findUniqueOrThrow({ where: { id: branchA.id } })).company).toBe("Alpha Springs");
    expect((await server.prisma.branch.findUniqueOrThrow({ where: { id: branchB.id } })).company).toBe(branchB.company);
  });
});

describe("open carts", () => {
  test("listed newest first with priced lines; clearCart empties one cart of this branch only", async () => {
    const shopper = await server.prisma.user.findFirstOrThrow({ where: { email: "shopper@eco.test" } });
    await cartItem(branchA.id, "cart-old", "2026-02-01T10:00:00Z", 2);
    await cartItem(branchA.id, "cart-new", clock.now().toISOString(), 3, shopper.id);
    const betaItem = await server.prisma.catalogItem.create({
      data: { branchId: branchB.id, partNumber: "B", description: "Beta", retailPriceCents: 100 },
    });
    await server.prisma.shoppingCartItem.create({
      data: { branchId: branchB.id, clientCartId: "cart-beta", itemId: betaItem.id, quantity: 1 },
    });

    const r = await clients.manager!.gql<{ openCarts: { totalCount: number; carts: { cartId: string }[] } }>(CARTS);
    expect(r.data?.openCarts).toEqual({
      totalCount: 2,
      carts: [
        {
          cartId: "cart-new",
          quantity: 3,
          subtotalCents: 2400, // the sale price (800) is lower than retail
          userEmail: "shopper@eco.test",
          lines: [{ itemId, title: "Spring water", quantity: 3, unitPriceCents: 800, amountCents: 2400 }],
        },
        {
          cartId: "cart-old",
          quantity: 2,
          subtotalCents: 1600,
          userEmail: null,
          lines: [{ itemId, title: "Spring water", quantity: 2, unitPriceCents: 800, amountCents: 1600 }],
        },
      ],
    } as never);
    const page2 = await clients.manager!.gql<{ openCarts: { carts: { cartId: string }[] } }>(CARTS, {
      skip: 1,
      take: 1,
    });
    expect(page2.data?.openCarts.carts.map((c) => c.cartId)).toEqual(["cart-old"]);

    const foreign = await clients.manager!.gql(CLEAR, { id: "cart-beta" });
    expect(foreign.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await server.prisma.shoppingCartItem.count({ where: { clientCartId: "cart-beta" } })).toBe(1);

    const cleared = await clients.manager!.gql(CLEAR, { id: "cart-old" });
    expect(cleared.data).toEqual({ clearCart: { isSuccess: true, message: "Cart cleared (1 item removed)." } });
    expect(await server.prisma.shoppingCartItem.count({ where: { clientCartId: "cart-old" } })).toBe(0);
    const again = await clients.manager!.gql(CLEAR, { id: "cart-old" });
    expect(again.errors?.[0]?.message).toBe("Cart not found (it may already be empty).");
    await server.prisma.shoppingCartItem.deleteMany({ where: { branchId: branchA.id } });
  });
});

describe("online orders and analytics", () => {
  beforeAll(async () => {
    // Branch time zone: America/Chicago (UTC-6 in March before the 8th).
    // 2 March: two orders (carts c1, c2) and an abandoned cart c5.
    await order(branchA.id, "2026-03-02T16:00:00Z", 1000, "c1", {
      lines: [{ title: "Spring water", quantity: 1, amountCents: 1000 }],
    });
    const dispenser = await server.prisma.catalogItem.create({
      data: { branchId: branchA.id, partNumber: "DISP", description: "Dispenser", retailPriceCents: 2000 },
    });
    await order(branchA.id, "2026-03-02T18:00:00Z", 3000, "c2", {
      lines: [
        { title: "Dispenser", quantity: 1, amountCents: 2000, itemId: dispenser.id },
        { title: "Spring water", quantity: 1, amountCents: 1000 },
      ],
    });
    await cartItem(branchA.id, "c5", "2026-03-02T20:00:00Z");
    // 3 March, 11:30 PM in Austin (already 4 March in UTC): an order (c3); a cancelled order (c4).
    await order(branchA.id, "2026-03-04T05:30:00Z", 2000, "c3", {
      lines: [{ title: "Spring water", quantity: 2, amountCents: 2000 }],
    });
    await order(branchA.id, "2026-03-03T15:00:00Z", 5000, "c4", { status: "CANCELLED" });
    // A work order cancelled by the office cancels its online order too (c6, 4 March).
    const wo = await server.prisma.workOrder.create({
      data: {
        branchId: branchA.id,
        number: 9001,
        customerId,
        serviceAddressId: addressId,
        scheduledDate: new Date("2026-03-09"),
        status: "CANCELLED",
      },
    });
    await order(branchA.id, "2026-03-04T15:00:00Z", 9900, "c6", { workOrderId: wo.id });
    // Outside the period: 5 March in Austin (an abandoned cart) and 1 March 11 PM (an order).
    await cartItem(branchA.id, "c7", "2026-03-06T03:00:00Z");
    await order(branchA.id, "2026-03-02T05:00:00Z", 4444, "c8");
    // Another branch's order in the same period.
    const betaCustomer = await f.customer(branchB.id, "520001");
    const betaAddress = await server.prisma.serviceAddress.create({
      data: {
        branchId: branchB.id,
        customerId: betaCustomer.id,
        streetNumber: "2",
        streetName: "B St",
        city: "X",
        state: "TX",
        postalCode: "1",
      },
    });
    await server.prisma.onlineOrder.create({
      data: {
        branchId: branchB.id,
        number: "1",
        customerId: betaCustomer.id,
        serviceAddressId: betaAddress.id,
        clientCartId: "beta-cart",
        subtotalCents: 100_000,
        taxCents: 0,
        shippingCents: 0,
        shippingTaxCents: 0,
        totalCents: 100_000,
        createdAt: new Date("2026-03-03T15:00:00Z"),
      },
    });
  });

  test("carts and sales over a period, by day in the branch's time zone", async () => {
    const r = await clients.manager!.gql(ANALYTICS, { s: "2026-03-02", e: "2026-03-04" });
    expect(r.errors).toBeUndefined();
    expect(r.data).toEqual({
      cartsAndSalesAnalytics: {
        startDate: "2026-03-02",
        endDate: "2026-03-04",
        timeZone: "America/Chicago",
        salesCents: 6000,
        orderCount: 3,
        averageOrderCents: 2000,
        cartCount: 6, // c1 c2 c5 (2 March), c3 c4 (3 March), c6 (4 March)
        convertedCartCount: 3,
        conversionRate: 0.5,
        days: [
          { date: "2026-03-02", salesCents: 4000, orderCount: 2, cartCount: 3, convertedCartCount: 2 },
          { date: "2026-03-03", salesCents: 2000, orderCount: 1, cartCount: 2, convertedCartCount: 1 },
          { date: "2026-03-04", salesCents: 0, orderCount: 0, cartCount: 1, convertedCartCount: 0 },
        ],
        topItems: [
          { title: "Spring water", quantity: 4, salesCents: 4000 },
          { title: "Dispenser", quantity: 1, salesCents: 2000 },
        ],
        ordersByStatus: [
          { status: "PENDING", count: 0 },
          { status: "SCHEDULED", count: 3 },
          { status: "COMPLETED", count: 0 },
          { status: "CANCELLED", count: 2 },
        ],
      },
    });
  });

  test("an empty period is all zeros; bad periods are refused", async () => {
    const r = await clients.manager!.gql<{ cartsAndSalesAnalytics: Record<string, unknown> }>(ANALYTICS, {
      s: "2025-01-01",
      e: "2025-01-02",
    });
    expect(r.data?.cartsAndSalesAnalytics).toMatchObject({
      salesCents: 0,
      orderCount: 0,
      averageOrderCents: 0,
      cartCount: 0,
      conversionRate: 0,
      topItems: [],
    });
    const reversed = await clients.manager!.gql(ANALYTICS, { s: "2026-03-05", e: "2026-03-01" });
    expect(reversed.errors?.[0]?.message).toBe("The start date must be on or before the end date.");
    const long = await clients.manager!.gql(ANALYTICS, { s: "2024-01-01", e: "2026-01-01" });
    expect(long.errors?.[0]?.message).toBe("Choose a period of at most 366 days.");
  });

  test("online orders with their state: filtered, searched, counted, this branch only", async () => {
    type Orders = {
      onlineOrders: {
        totalCount: number;
        statusCounts: { status: string; count: number }[];
        orders: { number: string; status: string; customerAccountNumber: string; totalCents: number }[];
      };
    };
    const all = await clients.manager!.gql<Orders>(ORDERS);
    expect(all.data?.onlineOrders.totalCount).toBe(6);
    expect(all.data?.onlineOrders.orders[0]).toMatchObject({
      totalCents: 9900,
      status: "CANCELLED",
      customerAccountNumber: "420001",
    });
    expect(all.data?.onlineOrders.statusCounts).toEqual([
      { status: "PENDING", count: 0 },
      { status: "SCHEDULED", count: 4 },
      { status: "COMPLETED", count: 0 },
      { status: "CANCELLED", count: 2 },
    ]);
    const cancelled = await clients.manager!.gql<Orders>(ORDERS, { status: "CANCELLED" });
    expect(cancelled.data?.onlineOrders.orders.map((o) => o.totalCents).sort()).toEqual([5000, 9900]);
    const byAccount = await clients.manager!.gql<Orders>(ORDERS, { search: "420001", take: 2 });
    expect(byAccount.data?.onlineOrders).toMatchObject({ totalCount: 6 });
    expect(byAccount.data?.onlineOrders.orders).toHaveLength(2);
    const nobody = await clients.manager!.gql<Orders>(ORDERS, { search: "999999" });
    expect(nobody.data?.onlineOrders.totalCount).toBe(0);
    const beta = await clients.beta!.gql<Orders>(ORDERS);
    expect(beta.data?.onlineOrders.orders.map((o) => o.totalCents)).toEqual([100_000]);
  });
});
