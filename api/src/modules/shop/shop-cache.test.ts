import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { Client, createSiblingServer, createTestServer, factories, type TestServer } from "../../../test/harness.ts";

// The shop's cached public reads (shop-cache.ts, db/read-cache.ts): a change made through GraphQL (team
// inventory and e-commerce edits, an order's stock) is seen by the next read at once; with two servers
// sharing Redis, a change made on one is seen on the other.

setDefaultTimeout(30_000);

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const PRODUCTS = "{ products { id title price stock } }";
const BANNER = "{ shopBannerAndFooter { bannerHtml } }";
const ADJUST = `mutation($input:AdjustInventoryStockInput!){ adjustInventoryStock(input:$input){ quantity } }`;
const PRICES = `mutation($input:SetInventoryItemPricesInput!){ setInventoryItemPrices(input:$input){ id } }`;
const CUSTOMIZE = `mutation($input:UpdateShopCustomizationInput!){ updateShopCustomization(input:$input){ bannerHtml } }`;

type Products = { products: { id: string; title: string; price: number; stock: number }[] };

let server: TestServer;
let sibling: TestServer;

async function shopBranch(s: TestServer) {
  const f = factories(s.prisma);
  const branch = await f.branch({ features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  const warehouse = await s.prisma.warehouse.create({ data: { branchId: branch.id, name: "Depot" } });
  const item = await s.prisma.catalogItem.create({
    data: {
      branchId: branch.id,
      partNumber: "WATER",
      description: "Spring water",
      retailPriceCents: 1895,
      ecommerceStatus: "LISTED_AND_PURCHASABLE",
    },
  });
  await s.prisma.inventoryStock.create({
    data: { branchId: branch.id, warehouseId: warehouse.id, catalogItemId: item.id, quantity: 5 },
  });
  const employee = await f.user(branch.id, {
    permissions: ["INVENTORY_ADJUSTMENTS", "INVENTORY_PRICING", "ECOMMERCE_MANAGEMENT"],
  });
  const team = new Client(s.url, branch.host);
  expect((await team.login(employee.email, employee.password)).isSuccess).toBe(true);
  return { branch, warehouse, item, team };
}

const stockOf = async (c: Client) => (await c.gql<Products>(PRODUCTS)).data?.products[0]?.stock;

beforeAll(async () => {
  // A prefix of this run's own: the cache's invalidations travel on the pub/sub channel, not under it.
  const env = { REDIS_URL, REDIS_KEY_PREFIX: `test:${randomBytes(6).toString("hex")}:`, SQL_STATEMENT_COUNT: "on" };
  server = await createTestServer(env);
  sibling = await createSiblingServer(server, env);
}, 120_000);

afterAll(async () => {
  await sibling?.close();
  await server?.close();
}, 30_000);

describe("one server", () => {
  test("repeated reads are answered from the cache (no SQL), a stock change through GraphQL is seen at once", async () => {
    const { branch, warehouse, item, team } = await shopBranch(server);
    const visitor = new Client(server.url, branch.host);
    expect(await stockOf(visitor)).toBe(5);
    const again = await visitor.gql<Products>(PRODUCTS);
    expect(again.data?.products).toEqual([{ id: item.id, title: "Spring water", price: 1895, stock: 5 }]);
    expect(again.headers.get("x-sql-statements")).toBe("0");

    const adjusted = await team.gql(ADJUST, { input: { itemId: item.id, warehouseId: warehouse.id, change: -2 } });
    expect(adjusted.errors).toBeUndefined();
    expect(await stockOf(visitor)).toBe(3);
  });

  test("a price change and a banner change are seen by the next read; one product too", async () => {
    const { branch, item, team } = await shopBranch(server);
    const visitor = new Client(server.url, branch.host);
    const one = `query($id:ID!){ product(id:$id){ price } }`;
    expect((await visitor.gql<Products>(PRODUCTS)).data?.products[0]?.price).toBe(1895);
    expect((await visitor.gql<{ product: { price: number } }>(one, { id: item.id })).data?.product.price).toBe(1895);
    expect((await visitor.gql<{ shopBannerAndFooter: { bannerHtml: string } }>(BANNER)).data).toEqual({
      shopBannerAndFooter: { bannerHtml: "" },
    });

    const priced = await team.gql(PRICES, { input: { itemId: item.id, retailPriceCents: 2000, salePriceCents: 1500 } });
    expect(priced.errors).toBeUndefined();
    expect((await visitor.gql<Products>(PRODUCTS)).data?.products[0]?.price).toBe(1500);
    expect((await visitor.gql<{ product: { price: number } }>(one, { id: item.id })).data?.product.price).toBe(1500);

    const customized = await team.gql(CUSTOMIZE, { input: { bannerHtml: "<p>Sale today</p>" } });
    expect(customized.errors).toBeUndefined();
    expect((await visitor.gql<{ shopBannerAndFooter: { bannerHtml: string } }>(BANNER)).data).toEqual({
      shopBannerAndFooter: { bannerHtml: "<p>Sale today</p>" },
    });
  });

  test("a visitor's answer is kept whole: nothing runs for the next visitor", async () => {
    const { branch } = await shopBranch(server);
    const visitor = new Client(server.url, branch.host);
    const first = await visitor.gql<Products>(PRODUCTS);
    const again = await visitor.gql<Products>(PRODUCTS);
    expect(again.data).toEqual(first.data);
    expect(again.headers.get("x-sql-statements")).toBe("0");
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  test("each branch has its own cache", async () => {
    const a = await shopBranch(server);
    const b = await shopBranch(server);
    const visitorA = new Client(server.url, a.branch.host);
    const visitorB = new Client(server.url, b.branch.host);
    expect((await visitorA.gql<Products>(PRODUCTS)).data?.products.map((p) => p.id)).toEqual([a.item.id]);
    expect((await visitorB.gql<Products>(PRODUCTS)).data?.products.map((p) => p.id)).toEqual([b.item.id]);
  });
});

describe("two servers sharing Redis", () => {
  test("a stock change made through one server is seen on the other at once", async () => {
    const { branch, warehouse, item, team } = await shopBranch(server);
    const onSibling = new Client(sibling.url, branch.host);
    expect(await stockOf(onSibling)).toBe(5);
    await team.gql(ADJUST, { input: { itemId: item.id, warehouseId: warehouse.id, newQuantity: 9 } });
    // The invalidation is published when the change's request has ended; it may still be in flight.
    let seen = await stockOf(onSibling);
    for (let i = 0; i < 50 && seen !== 9; i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await stockOf(onSibling);
    }
    expect(seen).toBe(9);
  });

  test("the other server drops its cache on the message through Redis (a write it did not see itself)", async () => {
    const { branch, item } = await shopBranch(server);
    const onSibling = new Client(sibling.url, branch.host);
    expect(await stockOf(onSibling)).toBe(5);
    // Changed behind Prisma's back: neither server's change feed sees it, so the sibling keeps its copy…
    await rawSql(server, `UPDATE "InventoryStock" SET quantity = 7 WHERE "catalogItemId" = $1`, [item.id]);
    expect(await stockOf(onSibling)).toBe(5);
    // …until the first server announces the change, as it does after its own writes.
    const heard = new Promise<void>((resolve) => {
      (async () => {
        for await (const change of sibling.runtime.pubsub.subscribe("dataChanged"))
          if (change.branchId === branch.id) return resolve();
      })();
    });
    server.runtime.pubsub.publish("dataChanged", { model: "InventoryStock", branchId: branch.id });
    await heard;
    expect(await stockOf(onSibling)).toBe(7);
  });
});

async function rawSql(s: TestServer, sql: string, params: unknown[]) {
  if (s.database.pglite) return s.database.pglite.query(sql, params);
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  try {
    return await c.query(sql, params);
  } finally {
    await c.end();
  }
}
