import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { signIn } from "../../../test/sign-in.ts";

// Team inventory through GraphQL: permissions, branch isolation, paging and search, prices, stock,
// and photos stored on disk (the embedded default) and in an S3-compatible store (s3rver).

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString("base64");

let server: TestServer;
let f: ReturnType<typeof factories>;
let storageDir: string;
type Branch = Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;
let branchA: Branch;
let branchB: Branch;
let itemIds: string[] = [];
let otherItemId: string;
let otherWarehouseId: string;
let otherMediaId: string;
let mainWarehouseId: string;
let depotWarehouseId: string;

const clients: Record<string, Client> = {};

const signedIn = (host: string, user: { email: string; password: string }) =>
  signIn(server, user.email, user.password, host);

const ITEMS = `query($skip:Int,$take:Int,$search:String,$sortBy:InventoryItemSort,$dir:SortDirection,$status:ProductListingStatus){
  inventoryItems(skip:$skip,take:$take,search:$search,sortBy:$sortBy,sortDirection:$dir,ecommerceStatus:$status){
    totalCount skip take items { id partNumber description eCommerceTitle retailPriceCents salePriceCents stockOnHand ecommerceStatus productAttachments { id url } }
  } }`;
const ITEM = `query($id:ID!){ inventoryItem(itemId:$id){ id partNumber description retailPriceCents salePriceCents ecommerceStatus eCommerceTitle eCommerceDescription taxable inactive stockOnHand productAttachments { id baseUrl extension url fileName sortOrder } } }`;
const EDIT = `mutation($input:EditInventoryItemInput!){ editInventoryItem(input:$input){ id description ecommerceStatus eCommerceTitle eCommerceDescription partNumber } }`;
const PRICES = `mutation($input:SetInventoryItemPricesInput!){ setInventoryItemPrices(input:$input){ id retailPriceCents salePriceCents } }`;
const ADJUST = `mutation($input:AdjustInventoryStockInput!){ adjustInventoryStock(input:$input){ quantity warehouse { id name } } }`;
const STOCK = `query($id:ID!){ inventoryStock(itemId:$id){ quantity warehouse { id name } } }`;
const UPLOAD = `mutation($input:UploadInventoryMediaInput!){ uploadInventoryMedia(input:$input){ id baseUrl extension url fileName sortOrder } }`;
const REORDER = `mutation($itemId:ID!,$ids:[ID!]!){ reorderInventoryMedia(itemId:$itemId,mediaIds:$ids){ id sortOrder } }`;
const DELETE = `mutation($id:ID!){ deleteInventoryMedia(mediaId:$id){ isSuccess message } }`;

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), "inventory-media-"));
  server = await createTestServer({ STORAGE_DIR: storageDir });
  f = factories(server.prisma);
  branchA = await f.branch({ host: "inv-alpha", features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  branchB = await f.branch({ host: "inv-beta", features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  const p = server.prisma;
  // 30 items: WID-001..WID-030, prices 100..3000; the last five titled "Blue widget".
  const rows = Array.from({ length: 30 }, (_, i) => ({
    branchId: branchA.id,
    partNumber: `WID-${String(i + 1).padStart(3, "0")}`,
    description: i === 6 ? "Spring water pump" : `Widget number ${i + 1}`,
    retailPriceCents: (i + 1) * 100,
    eCommerceTitle: i >= 25 ? "Blue widget" : "",
    ecommerceStatus: i >= 25 ? ("LISTED_AND_PURCHASABLE" as const) : ("NOT_LISTED" as const),
  }));
  await p.catalogItem.createMany({ data: rows });
  await p.catalogItem.create({
    data: {
      branchId: branchA.id,
      partNumber: "OLD-1",
      description: "Retired widget",
      retailPriceCents: 5,
      inactive: true,
    },
  });
  itemIds = (
    await p.catalogItem.findMany({ where: { branchId: branchA.id, inactive: false }, orderBy: { partNumber: "asc" } })
  ).map((i) => i.id);
  mainWarehouseId = (await p.warehouse.create({ data: { branchId: branchA.id, name: "Main" } })).id;
  depotWarehouseId = (await p.warehouse.create({ data: { branchId: branchA.id, name: "Depot" } })).id;
  await p.inventoryStock.create({
    data: { branchId: branchA.id, warehouseId: mainWarehouseId, catalogItemId: itemIds[0]!, quantity: 7 },
  });
  await p.inventoryStock.create({
    data: { branchId: branchA.id, warehouseId: depotWarehouseId, catalogItemId: itemIds[0]!, quantity: 3 },
  });

  const other = await p.catalogItem.create({
    data: { branchId: branchB.id, partNumber: "WID-001", description: "Beta widget", retailPriceCents: 999 },
  });
  otherItemId = other.id;
  otherWarehouseId = (await p.warehouse.create({ data: { branchId: branchB.id, name: "Beta main" } })).id;
  otherMediaId = (
    await p.productMedia.create({
      data: { branchId: branchB.id, catalogItemId: other.id, baseUrl: "/media/x", extension: "png" },
    })
  ).id;

  const admin = await f.user(branchA.id, { permissions: ["ADMINISTRATIVE_SETUP"] });
  const viewer = await f.user(branchA.id, { permissions: ["INVENTORY_VIEW"] });
  const manager = await f.user(branchA.id, { permissions: ["INVENTORY_MANAGEMENT"] });
  const pricer = await f.user(branchA.id, { permissions: ["INVENTORY_PRICING"] });
  const adjuster = await f.user(branchA.id, { permissions: ["INVENTORY_ADJUSTMENTS"] });
  const shopper = await f.user(branchA.id, { permissions: ["ECOMMERCE_MANAGEMENT"] });
  const leads = await f.user(branchA.id, { permissions: ["LEAD_ADMIN"] });
  const customer = await f.user(branchA.id);
  await f.customer(branchA.id, "410001", { userId: customer.id });
  const betaAdmin = await f.user(branchB.id, { permissions: ["ADMINISTRATIVE_SETUP"] });
  clients.admin = await signedIn("inv-alpha", admin);
  clients.viewer = await signedIn("inv-alpha", viewer);
  clients.manager = await signedIn("inv-alpha", manager);
  clients.pricer = await signedIn("inv-alpha", pricer);
  clients.adjuster = await signedIn("inv-alpha", adjuster);
  clients.shopper = await signedIn("inv-alpha", shopper);
  clients.leads = await signedIn("inv-alpha", leads);
  clients.customer = await signedIn("inv-alpha", customer);
  clients.betaAdmin = await signedIn("inv-beta", betaAdmin);
}, 120_000);

afterAll(async () => {
  await server.close();
  rmSync(storageDir, { recursive: true, force: true });
}, 30_000);

type Page = {
  inventoryItems: {
    totalCount: number;
    skip: number;
    take: number;
    items: { id: string; partNumber: string; eCommerceTitle: string; retailPriceCents: number; stockOnHand: number }[];
  };
};

describe("permissions", () => {
  test("signed out: 401; customers and employees without an inventory permission: 403", async () => {
    const anon = await new Client(server.url, "inv-alpha").gql(ITEMS);
    expect(anon.status).toBe(401);
    for (const who of ["customer", "leads", "shopper"]) {
      const r = await clients[who]!.gql(ITEMS);
      expect(r.status).toBe(403);
      expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(r.data).toBeNull();
    }
    const edit = await clients.customer!.gql(EDIT, { input: { itemId: itemIds[0], description: "Hacked" } });
    expect(edit.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("each permission allows its own changes only", async () => {
    const id = itemIds[1];
    expect((await clients.viewer!.gql(ITEM, { id })).data).toMatchObject({ inventoryItem: { id } });
    const denied = [
      await clients.viewer!.gql(EDIT, { input: { itemId: id, description: "x" } }),
      await clients.viewer!.gql(PRICES, { input: { itemId: id, retailPriceCents: 1 } }),
      await clients.manager!.gql(PRICES, { input: { itemId: id, retailPriceCents: 1 } }),
      await clients.pricer!.gql(EDIT, { input: { itemId: id, description: "x" } }),
      await clients.pricer!.gql(ADJUST, { input: { itemId: id, warehouseId: mainWarehouseId, change: 1 } }),
      await clients.manager!.gql(ADJUST, { input: { itemId: id, warehouseId: mainWarehouseId, change: 1 } }),
      await clients.adjuster!.gql(UPLOAD, { input: { itemId: id, dataBase64: PNG_1X1 } }),
    ];
    for (const r of denied) expect(r.status).toBe(403);
    const row = await server.prisma.catalogItem.findUniqueOrThrow({ where: { id } });
    expect(row.description).toBe("Widget number 2");
    expect(row.retailPriceCents).toBe(200);

    expect(
      (await clients.manager!.gql(EDIT, { input: { itemId: id, description: "Widget two" } })).errors,
    ).toBeUndefined();
    expect(
      (await clients.pricer!.gql(PRICES, { input: { itemId: id, retailPriceCents: 250 } })).errors,
    ).toBeUndefined();
    expect(
      (await clients.adjuster!.gql(ADJUST, { input: { itemId: id, warehouseId: mainWarehouseId, change: 4 } })).errors,
    ).toBeUndefined();
  });

  test("another branch's item, warehouse and photo ids read as not found and change nothing", async () => {
    const c = clients.admin!;
    const attempts = [
      await c.gql(ITEM, { id: otherItemId }),
      await c.gql(STOCK, { id: otherItemId }),
      await c.gql(EDIT, { input: { itemId: otherItemId, description: "Taken over" } }),
      await c.gql(PRICES, { input: { itemId: otherItemId, retailPriceCents: 1 } }),
      await c.gql(ADJUST, { input: { itemId: otherItemId, warehouseId: otherWarehouseId, change: 5 } }),
      await c.gql(ADJUST, { input: { itemId: itemIds[0], warehouseId: otherWarehouseId, change: 5 } }),
      await c.gql(UPLOAD, { input: { itemId: otherItemId, dataBase64: PNG_1X1 } }),
      await c.gql(REORDER, { itemId: otherItemId, ids: [otherMediaId] }),
      await c.gql(DELETE, { id: otherMediaId }),
    ];
    for (const r of attempts) {
      expect(r.status).toBe(404);
      expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    }
    const other = await server.prisma.catalogItem.findUniqueOrThrow({ where: { id: otherItemId } });
    expect(other).toMatchObject({ description: "Beta widget", retailPriceCents: 999 });
    expect(await server.prisma.productMedia.count({ where: { id: otherMediaId } })).toBe(1);
    expect(await server.prisma.inventoryStock.count({ where: { warehouseId: otherWarehouseId } })).toBe(0);

    // and the other branch sees only its own item
    const beta = await clients.betaAdmin!.gql<Page>(ITEMS);
    expect(beta.data?.inventoryItems.items.map((i) => i.id)).toEqual([otherItemId]);
  });
});

describe("inventory items", () => {
  test("paged: skip/take with a total, sorted by part number by default, inactive items left out", async () => {
    const r = await clients.viewer!.gql<Page>(ITEMS, { skip: 20, take: 8 });
    expect(r.data?.inventoryItems).toMatchObject({ totalCount: 30, skip: 20, take: 8 });
    expect(r.data?.inventoryItems.items.map((i) => i.partNumber)).toEqual(
      ["021", "022", "023", "024", "025", "026", "027", "028"].map((n) => `WID-${n}`),
    );
    const last = await clients.viewer!.gql<Page>(ITEMS, { skip: 28, take: 8 });
    expect(last.data?.inventoryItems.items.map((i) => i.partNumber)).toEqual(["WID-029", "WID-030"]);
    const bad = await clients.viewer!.gql(ITEMS, { take: 500 });
    expect(bad.errors?.[0]?.message).toBe('"take" must be between 0 and 100.');
  });

  test("search by part number, description or shop title, any case", async () => {
    const byTitle = await clients.viewer!.gql<Page>(ITEMS, { search: "blue WIDGET", take: 100 });
    expect(byTitle.data?.inventoryItems.totalCount).toBe(5);
    expect(byTitle.data?.inventoryItems.items.every((i) => i.eCommerceTitle === "Blue widget")).toBe(true);
    const byPart = await clients.viewer!.gql<Page>(ITEMS, { search: "wid-01" });
    expect(byPart.data?.inventoryItems.items.map((i) => i.partNumber)).toEqual(
      Array.from({ length: 10 }, (_, i) => `WID-${String(i + 10).padStart(3, "0")}`),
    );
    const byDescription = await clients.viewer!.gql<Page>(ITEMS, { search: "pump" });
    expect(byDescription.data?.inventoryItems.items.map((i) => i.partNumber)).toEqual(["WID-007"]);
    const none = await clients.viewer!.gql<Page>(ITEMS, { search: "nothing like this" });
    expect(none.data?.inventoryItems).toMatchObject({ totalCount: 0, items: [] });
  });

  test("sort by price descending, filter by shop status, stock totals over warehouses", async () => {
    const r = await clients.viewer!.gql<Page>(ITEMS, { sortBy: "RETAIL_PRICE", dir: "DESC", take: 3 });
    expect(r.data?.inventoryItems.items.map((i) => i.retailPriceCents)).toEqual([3000, 2900, 2800]);
    const listed = await clients.viewer!.gql<Page>(ITEMS, { status: "LISTED_AND_PURCHASABLE" });
    expect(listed.data?.inventoryItems.totalCount).toBe(5);
    const first = await clients.viewer!.gql<Page>(ITEMS, { take: 1 });
    expect(first.data?.inventoryItems.items[0]).toMatchObject({ partNumber: "WID-001", stockOnHand: 10 });
  });

  test("edit: listing needs a shop title; a listed item appears in the shop", async () => {
    const id = itemIds[2]!;
    const noTitle = await clients.manager!.gql(EDIT, {
      input: { itemId: id, ecommerceStatus: "LISTED_AND_PURCHASABLE" },
    });
    expect(noTitle.errors?.[0]?.message).toBe("A shop title is required to list an item in the shop.");
    expect((await server.prisma.catalogItem.findUniqueOrThrow({ where: { id } })).ecommerceStatus).toBe("NOT_LISTED");

    const r = await clients.manager!.gql(EDIT, {
      input: {
        itemId: id,
        ecommerceStatus: "LISTED_AND_PURCHASABLE",
        eCommerceTitle: "  Premium widget ",
        eCommerceDescription: "The best widget.",
      },
    });
    expect(r.data).toEqual({
      editInventoryItem: {
        id,
        description: "Widget number 3",
        ecommerceStatus: "LISTED_AND_PURCHASABLE",
        eCommerceTitle: "Premium widget",
        eCommerceDescription: "The best widget.",
        partNumber: "WID-003",
      },
    });
    // The shop (modules/shop) reads the same row: a visitor now finds the product.
    const shop = await new Client(server.url, "inv-alpha").gql<{ products: { id: string; title: string }[] }>(
      `{ products(search: "premium") { id title } }`,
    );
    expect(shop.errors).toBeUndefined();
    expect(shop.data?.products).toEqual([{ id, title: "Premium widget" }]);
  });

  test("edit: a part number used by another item is refused; empty description is refused", async () => {
    const clash = await clients.manager!.gql(EDIT, { input: { itemId: itemIds[3], partNumber: "WID-001" } });
    expect(clash.status).toBe(409);
    expect(clash.errors?.[0]?.message).toBe("Part number WID-001 is already used by another item.");
    const empty = await clients.manager!.gql(EDIT, { input: { itemId: itemIds[3], description: "   " } });
    expect(empty.errors?.[0]?.message).toBe("Description is required.");
    expect((await server.prisma.catalogItem.findUniqueOrThrow({ where: { id: itemIds[3] } })).partNumber).toBe(
      "WID-004",
    );
  });
});

describe("prices", () => {
  test("non-negative whole cents; the sale price may be empty and must be lower than retail", async () => {
    const id = itemIds[4];
    const cases: [Record<string, unknown>, string][] = [
      [{ retailPriceCents: -1 }, "Retail price must be zero or more."],
      [{ retailPriceCents: 1000, salePriceCents: -5 }, "Sale price must be zero or more."],
      [
        { retailPriceCents: 1000, salePriceCents: 1000 },
        "Sale price must be lower than the retail price (leave it empty for no sale).",
      ],
      [{ retailPriceCents: 100_000_001 }, "Retail price must be at most $1,000,000.00."],
    ];
    for (const [input, message] of cases) {
      const r = await clients.pricer!.gql(PRICES, { input: { itemId: id, ...input } });
      expect(r.status).toBe(400);
      expect(r.errors?.[0]?.message).toBe(message);
    }
    expect(await server.prisma.catalogItem.findUniqueOrThrow({ where: { id } })).toMatchObject({
      retailPriceCents: 500,
      salePriceCents: null,
    });
    const sale = await clients.pricer!.gql(PRICES, {
      input: { itemId: id, retailPriceCents: 1299, salePriceCents: 999 },
    });
    expect(sale.data).toEqual({ setInventoryItemPrices: { id, retailPriceCents: 1299, salePriceCents: 999 } });
    const noSale = await clients.pricer!.gql(PRICES, {
      input: { itemId: id, retailPriceCents: 1299, salePriceCents: null },
    });
    expect(noSale.data).toEqual({ setInventoryItemPrices: { id, retailPriceCents: 1299, salePriceCents: null } });
    const free = await clients.pricer!.gql(PRICES, { input: { itemId: id, retailPriceCents: 0 } });
    expect(free.data).toEqual({ setInventoryItemPrices: { id, retailPriceCents: 0, salePriceCents: null } });
  });
});

describe("stock", () => {
  test("every active warehouse is listed; add, remove and count; never below zero", async () => {
    const id = itemIds[5];
    const stock = await clients.viewer!.gql<{ inventoryStock: { quantity: number; warehouse: { name: string } }[] }>(
      STOCK,
      { id },
    );
    expect(stock.data?.inventoryStock.map((s) => [s.warehouse.name, s.quantity])).toEqual([
      ["Depot", 0],
      ["Main", 0],
    ]);
    const add = await clients.adjuster!.gql(ADJUST, {
      input: { itemId: id, warehouseId: depotWarehouseId, change: 12 },
    });
    expect(add.data).toEqual({
      adjustInventoryStock: { quantity: 12, warehouse: { id: depotWarehouseId, name: "Depot" } },
    });
    const remove = await clients.adjuster!.gql<{ adjustInventoryStock: { quantity: number } }>(ADJUST, {
      input: { itemId: id, warehouseId: depotWarehouseId, change: -5 },
    });
    expect(remove.data?.adjustInventoryStock.quantity).toBe(7);
    const tooMany = await clients.adjuster!.gql(ADJUST, {
      input: { itemId: id, warehouseId: depotWarehouseId, change: -8 },
    });
    expect(tooMany.errors?.[0]?.message).toBe("Only 7 in stock at Depot: the stock can't go below zero.");
    const count = await clients.adjuster!.gql<{ adjustInventoryStock: { quantity: number } }>(ADJUST, {
      input: { itemId: id, warehouseId: mainWarehouseId, newQuantity: 40 },
    });
    expect(count.data?.adjustInventoryStock.quantity).toBe(40);
    for (const [input, message] of [
      [{ change: 0 }, "The change can't be zero."],
      [{ change: 1, newQuantity: 2 }, "Give either a change or a new quantity."],
      [{}, "Give either a change or a new quantity."],
      [{ newQuantity: -1 }, "The new quantity must be zero or more."],
    ] as const) {
      const r = await clients.adjuster!.gql(ADJUST, { input: { itemId: id, warehouseId: mainWarehouseId, ...input } });
      expect(r.errors?.[0]?.message).toBe(message);
    }
    const item = await clients.viewer!.gql<{ inventoryItem: { stockOnHand: number } }>(ITEM, { id });
    expect(item.data?.inventoryItem.stockOnHand).toBe(47);
  });
});

async function fetchMedia(url: string) {
  const res = await fetch(`${server.url}${url}`);
  return { status: res.status, type: res.headers.get("content-type"), bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("photos on disk", () => {
  test("upload, serve at /media/<key>, reorder and delete", async () => {
    const id = itemIds[8];
    const up1 = await clients.manager!.gql<{
      uploadInventoryMedia: {
        id: string;
        url: string;
        baseUrl: string;
        extension: string;
        fileName: string;
        sortOrder: number;
      };
    }>(UPLOAD, { input: { itemId: id, fileName: "front.png", dataBase64: `data:image/png;base64,${PNG_1X1}` } });
    expect(up1.errors).toBeUndefined();
    const m1 = up1.data!.uploadInventoryMedia;
    expect(m1).toMatchObject({ extension: "png", fileName: "front.png", sortOrder: 0 });
    expect(m1.baseUrl).toMatch(/^\/media\/[a-f0-9]{32}$/);
    expect(m1.url).toBe(`${m1.baseUrl}.png`);
    const served = await fetchMedia(m1.url);
    expect(served.status).toBe(200);
    expect(served.type).toBe("image/png");
    expect(Buffer.from(served.bytes).toString("base64")).toBe(PNG_1X1);
    expect(readdirSync(storageDir)).toContain(m1.url.slice("/media/".length));

    const up2 = await clients.manager!.gql<{
      uploadInventoryMedia: { id: string; url: string; extension: string; sortOrder: number };
    }>(UPLOAD, { input: { itemId: id, fileName: "side.jpg", dataBase64: JPEG_HEAD } });
    const m2 = up2.data!.uploadInventoryMedia;
    expect(m2).toMatchObject({ extension: "jpg", sortOrder: 1 });
    expect((await fetchMedia(m2.url)).type).toBe("image/jpeg");

    const reordered = await clients.manager!.gql<{ reorderInventoryMedia: { id: string; sortOrder: number }[] }>(
      REORDER,
      {
        itemId: id,
        ids: [m2.id, m1.id],
      },
    );
    expect(reordered.data?.reorderInventoryMedia).toEqual([
      { id: m2.id, sortOrder: 0 },
      { id: m1.id, sortOrder: 1 },
    ]);
    const partial = await clients.manager!.gql(REORDER, { itemId: id, ids: [m2.id] });
    expect(partial.errors?.[0]?.message).toBe("List every photo of the item exactly once.");

    const del = await clients.manager!.gql(DELETE, { id: m1.id });
    expect(del.data).toEqual({ deleteInventoryMedia: { isSuccess: true, message: "Photo deleted." } });
    expect((await fetchMedia(m1.url)).status).toBe(404);
    expect(readdirSync(storageDir)).not.toContain(m1.url.slice("/media/".length));
    const item = await clients.viewer!.gql<{ inventoryItem: { productAttachments: { id: string }[] } }>(ITEM, { id });
    expect(item.data?.inventoryItem.productAttachments.map((m) => m.id)).toEqual([m2.id]);
  });

  test("refuses what is not a PNG, JPEG, WebP or GIF image, empty files and files over 5 MB", async () => {
    const id = itemIds[9];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
      "base64",
    );
    const cases: [string, string][] = [
      [svg, "Only PNG, JPEG, WebP and GIF images can be uploaded."],
      [Buffer.from("hello, plain text").toString("base64"), "Only PNG, JPEG, WebP and GIF images can be uploaded."],
      ["", "The file is empty."],
      ["not base64 at all!", "The file data is not valid base64."],
      [
        Buffer.alloc(5 * 1024 * 1024 + 1, 0xff).toString("base64"),
        "The file is larger than 5 MB. Choose a smaller image.",
      ],
    ];
    for (const [dataBase64, message] of cases) {
      const r = await clients.manager!.gql(UPLOAD, { input: { itemId: id, fileName: "x", dataBase64 } });
      expect(r.errors?.[0]?.message).toBe(message);
    }
    expect(await server.prisma.productMedia.count({ where: { catalogItemId: id } })).toBe(0);
  });

  test("/media answers 404 for unknown or malformed keys", async () => {
    expect((await fetchMedia(`/media/${"a".repeat(32)}.png`)).status).toBe(404);
    expect((await fetchMedia("/media/..%2F..%2Fpackage.json")).status).toBe(404);
    expect((await fetchMedia("/media/x.svg")).status).toBe(404);
  });

  test("uploadMedia stores a logo for e-commerce managers and returns its URL", async () => {
    const r = await clients.shopper!.gql<{ uploadMedia: { url: string; size: number } }>(
      `mutation($input:UploadMediaInput!){ uploadMedia(input:$input){ url size extension } }`,
      { input: { fileName: "logo.png", dataBase64: PNG_1X1 } },
    );
    expect(r.data?.uploadMedia.url).toMatch(/^\/media\/[a-f0-9]{32}\.png$/);
    expect((await fetchMedia(r.data!.uploadMedia.url)).status).toBe(200);
    const denied = await clients.viewer!.gql(`mutation($input:UploadMediaInput!){ uploadMedia(input:$input){ url } }`, {
      input: { dataBase64: PNG_1X1 },
    });
    expect(denied.status).toBe(403);
  });
});

describe("photos in an S3-compatible store", () => {
  let s3: S3rver;
  let s3Dir: string;
  let s3Server: TestServer;
  let bucket: Bun.S3Client;
  let c: Client;
  let itemId: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), "s3rver-"));
    s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "shop-media" }],
    });
    const { port } = await s3.run();
    const settings = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: "shop-media",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_REGION: "us-east-1",
    };
    s3Server = await createTestServer(settings);
    bucket = new Bun.S3Client({
      endpoint: settings.S3_ENDPOINT,
      bucket: settings.S3_BUCKET,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      region: "us-east-1",
    });
    const sf = factories(s3Server.prisma);
    const branch = await sf.branch({ host: "inv-s3" });
    itemId = (
      await s3Server.prisma.catalogItem.create({
        data: { branchId: branch.id, partNumber: "S3-1", description: "Stored elsewhere", retailPriceCents: 100 },
      })
    ).id;
    const user = await sf.user(branch.id, { permissions: ["INVENTORY_MANAGEMENT"] });
    c = new Client(s3Server.url, "inv-s3");
    expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await s3Server?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  }, 30_000);

  test("upload puts the object in the bucket, /media serves it, delete removes it", async () => {
    const up = await c.gql<{ uploadInventoryMedia: { id: string; url: string } }>(UPLOAD, {
      input: { itemId, fileName: "s3.png", dataBase64: PNG_1X1 },
    });
    expect(up.errors).toBeUndefined();
    const { id, url } = up.data!.uploadInventoryMedia;
    const key = url.slice("/media/".length);
    expect(await bucket.file(key).exists()).toBe(true);
    expect(Buffer.from(await bucket.file(key).arrayBuffer()).toString("base64")).toBe(PNG_1X1);

    const res = await fetch(`${s3Server.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).toString("base64")).toBe(PNG_1X1);
    expect(existsInDisk(key)).toBe(false);

    const del = await c.gql(DELETE, { id });
    expect(del.data).toEqual({ deleteInventoryMedia: { isSuccess: true, message: "Photo deleted." } });
    expect(await bucket.file(key).exists()).toBe(false);
    expect((await fetch(`${s3Server.url}${url}`)).status).toBe(404);
  });
});

function existsInDisk(key: string) {
  return readdirSync(storageDir).includes(key);
}
