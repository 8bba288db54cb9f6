import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Client, createTestServer, type TestServer } from "../../../test/harness.ts";
import { SHOP_ITEMS } from "../../db/seed-shop.ts";

// The demo shop as seeded (api/src/db/seed-shop.ts), read through the API the way the web reads it:
// a realistic catalogue with photos on disk, real stock, the storefront, 100001's past orders, and a
// checkout with the demo customer's saved Visa.

// The machine is shared: give slow moments room (a test that hangs still fails).
setDefaultTimeout(30_000);

let server: TestServer;
const publicDir = resolve(import.meta.dir, "../../../../web/public");

beforeAll(async () => {
  server = await createTestServer({}, { demo: true });
}, 120_000);
afterAll(() => server.close(), 30_000);

type Product = {
  id: string;
  title: string;
  status: string;
  price: number;
  unitPrice: number;
  salePrice: number | null;
  stock: number;
  purchasable: boolean;
  media: { url: string; extension: string }[];
};

describe("the demo shop", () => {
  test("a catalogue of listed products with photos on disk and stock from two warehouses", async () => {
    const c = new Client(server.url, "demo");
    const { data } = await c.gql<{ products: Product[] }>(
      "{ products { id title status price unitPrice salePrice stock purchasable media { url extension } } }",
    );
    const products = data!.products;
    const listed = SHOP_ITEMS.filter((i) => i.status !== "NOT_LISTED");
    expect(products.length).toBe(listed.length);
    expect(products.length).toBeGreaterThanOrEqual(20);
    expect(products.filter((p) => !p.purchasable).map((p) => p.title)).toEqual(["Under-Sink Reverse Osmosis System"]);
    expect(products.filter((p) => p.stock === 0).map((p) => p.title)).toEqual(["Insulated Water Bottle, 20 oz"]);
    expect(products.filter((p) => p.salePrice !== null).length).toBeGreaterThanOrEqual(2);
    for (const p of products) {
      expect(p.media.length).toBeGreaterThan(0);
      for (const m of p.media) {
        const file = resolve(publicDir, `.${m.url}`);
        expect(existsSync(file)).toBe(true);
        expect(readFileSync(file, "utf8")).toContain("<svg");
      }
    }
    const titles = products.map((p) => p.title);
    for (const t of ["5 Gallon Spring Water", "Hot & Cold Water Dispenser", "Softener Salt Pellets, 40 lb"])
      expect(titles).toContain(t);
    // Back-office items stay out of the shop.
    expect(titles.some((t) => /Deposit|Rental|Surcharge/.test(t))).toBe(false);

    const demo = await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } });
    expect(await server.prisma.warehouse.count({ where: { branchId: demo.id } })).toBe(2);
    const config = await server.prisma.storefrontConfig.findUniqueOrThrow({ where: { branchId: demo.id } });
    expect(config).toMatchObject({ shippingCents: 500, shippingTaxable: false });
    expect(config.bannerHtml).not.toBe("");
    expect(config.footerHtml).not.toBe("");
  });

  test("customer 100001 has past orders with posted work orders, and checks out with the saved Visa", async () => {
    const c = new Client(server.url, "demo");
    expect((await c.login("customer@demo.test", "demo-pass-1")).isSuccess).toBe(true);
    const h = await c.gql<{
      orderHistory: {
        number: string;
        status: string;
        total: number;
        subtotal: number;
        tax: number;
        lines: unknown[];
      }[];
    }>("{ orderHistory { number status total subtotal tax shipping lines { title quantity } } }");
    const orders = h.data!.orderHistory;
    expect(orders.map((o) => o.number)).toEqual(["1003", "1002", "1001"]);
    expect(orders.every((o) => o.status === "COMPLETED" && o.lines.length > 0)).toBe(true);
    expect(orders.every((o) => o.total === o.subtotal + o.tax + 500)).toBe(true);

    const { data } = await c.gql<{ customers: { id: string }[] }>("{ customers { id } }");
    const customerId = data!.customers[0]!.id;
    const opts = await c.gql<{
      shopCheckoutOptions: { addresses: { serviceAddressId: string; nextDeliveryDate: string | null }[] };
    }>("query($id: ID!) { shopCheckoutOptions(customerId: $id) { addresses { serviceAddressId nextDeliveryDate } } }", {
      id: customerId,
    });
    const address = opts.data!.shopCheckoutOptions.addresses[0]!;
    expect(address.nextDeliveryDate).not.toBeNull();

    const products = (await c.gql<{ products: Product[] }>("{ products { id title stock purchasable } }")).data!
      .products;
    const water = products.find((p) => p.title === "5 Gallon Spring Water")!;
    const cartId = randomUUID();
    await c.gql("mutation($c: ID!, $i: ID!) { setShoppingCart(cartId: $c, itemId: $i, quantity: 2) { cartId } }", {
      c: cartId,
      i: water.id,
    });
    const card = await server.prisma.paymentAccount.findFirstOrThrow({ where: { customerId, isDefault: true } });
    const r = await c.gql<{ placeOrder: { isSuccess: boolean; orderNumber: string; message: string } }>(
      "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { isSuccess message orderNumber } }",
      {
        input: {
          customerId,
          addressId: address.serviceAddressId,
          cartId,
          paymentMethod: { paymentAccountId: card.id },
          acceptAgreement: true,
          idempotencyKey: randomUUID(),
        },
      },
    );
    expect(r.data!.placeOrder).toMatchObject({ isSuccess: true, orderNumber: "1004" });
  });
});
