import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import type { GraphQLField } from "graphql";
import { Client, createTestServer, type TestServer } from "../test/harness.ts";
import { operation } from "../test/probe.ts";
import { schema } from "./graphql/schema.ts";

// Tries EVERY root query and mutation of the schema (so operations added later are covered too) with the
// `north` branch's sessions against the `demo` branch's ids, and proves that nothing of demo comes back and
// nothing of demo changes. Then a north session sent to demo is signed out there.

let server: TestServer;
const demoIds = new Map<string, string[]>(); // model -> ids
const secrets = new Set<string>(); // values that only demo rows have
let cartId = "";

// Tables whose demo rows must not change; those that do not exist are skipped.
const watched = [
  "customer",
  "contact",
  "contactPhone",
  "location",
  "serviceAddress",
  "service",
  "workOrder",
  "billingItem",
  "purchaseOrder",
  "statement",
  "invoice",
  "transaction",
  "paymentAccount",
  "autoPay",
  "catalogItem",
  "serviceAddressItem",
  "warehouse",
  "inventoryStock",
  "productMedia",
  "shoppingCartItem",
  "storefrontConfig",
  "pricingPlan",
  "onlineOrder",
  "person",
  "user",
  "permissionGrant",
  "securityGroup",
  "apiKey",
  "securityGroupMember",
  "personAvailability",
  "personTimeOff",
  "appointmentTimeSlot",
  "branchBank",
  "branchMessagingPhone",
  "branchIpAllowEntry",
  "workflowPriority",
  "projectType",
  "projectMilestone",
  "project",
  "projectStep",
  "projectThread",
  "activity",
  "customField",
  "customFieldValue",
] as const;

async function demoFingerprint(branchId: string) {
  const hash = createHash("sha256");
  // biome-ignore lint/suspicious/noExplicitAny: generic walk over every watched model
  const p = server.prisma as any;
  for (const model of watched) {
    if (!p[model]) continue;
    // Rows in a stable order whatever the model's key (some join tables have no id).
    const rows: unknown[] = await p[model].findMany({ where: { branchId } });
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(model).update(lines.join("\n"));
  }
  const branch = await server.prisma.branch.findUnique({ where: { id: branchId } });
  hash.update(JSON.stringify(branch));
  return hash.digest("hex");
}

function idFor(argName: string): string {
  const n = argName.toLowerCase();
  const pick = (model: string) => demoIds.get(model)?.[0];
  if (n.includes("cart")) return cartId;
  const table: [RegExp, string][] = [
    [/^(cust|customer)/, "Customer"],
    [/(serviceaddress|address)/, "ServiceAddress"],
    [/workorder/, "WorkOrder"],
    [/^order/, "OnlineOrder"],
    [/(paymentaccount|paymentmethod|method)/, "PaymentAccount"],
    [/contact/, "Contact"],
    [/phone/, "ContactPhone"],
    [/invoice/, "Invoice"],
    [/statement/, "Statement"],
    [/warehouse/, "Warehouse"],
    [/media/, "ProductMedia"],
    [/(item|product|catalog)/, "CatalogItem"],
    [/(person|employee)/, "Person"],
    [/user/, "User"],
    [/plan/, "PricingPlan"],
    [/route/, "Route"],
    [/service/, "Service"],
  ];
  for (const [re, model] of table) if (re.test(n)) return pick(model) ?? pick("Customer")!;
  return pick("Customer")!;
}

// Operations that would end the probing session or that are the attacker acting on itself.
const skip = new Set(["logout", "login"]);

beforeAll(async () => {
  server = await createTestServer({}, { demo: true });
  const demo = await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } });
  // biome-ignore lint/suspicious/noExplicitAny: generic walk over every model
  const p = server.prisma as any;
  const models = [
    "Customer",
    "ServiceAddress",
    "WorkOrder",
    "OnlineOrder",
    "PaymentAccount",
    "Contact",
    "ContactPhone",
    "Invoice",
    "Statement",
    "Warehouse",
    "ProductMedia",
    "CatalogItem",
    "Person",
    "User",
    "PricingPlan",
    "Route",
    "Service",
  ];
  for (const m of models) {
    const key = m[0]!.toLowerCase() + m.slice(1);
    if (!p[key]) continue;
    const rows = await p[key].findMany({
      where: { branchId: demo.id },
      select: { id: true },
      take: 3,
      orderBy: { id: "asc" },
    });
    demoIds.set(
      m,
      rows.map((r: { id: string }) => r.id),
    );
  }
  const jane = await server.prisma.customer.findFirstOrThrow({ where: { branchId: demo.id, accountNumber: "100001" } });
  demoIds.set("Customer", [jane.id, ...(demoIds.get("Customer") ?? [])]);
  // Every demo customer name, contact email and street address, and the ids the probes pass in: a row of
  // demo in a response shows up as one of them.
  for (const c of await server.prisma.contact.findMany({ where: { branchId: demo.id } }))
    if (c.email) secrets.add(c.email);
  for (const c of await server.prisma.customer.findMany({ where: { branchId: demo.id } })) secrets.add(c.name);
  for (const a of await server.prisma.serviceAddress.findMany({ where: { branchId: demo.id } }))
    secrets.add(`${a.streetNumber} ${a.streetName}`);
  for (const ids of demoIds.values()) for (const id of ids) secrets.add(id);
  if ("shoppingCartItem" in p) {
    const item = await p.shoppingCartItem.findFirst({ where: { branchId: demo.id } });
    cartId = item?.clientCartId ?? "00000000-0000-4000-8000-000000000000";
  }
}, 180_000);
afterAll(() => server.close(), 30_000);

/**
 * Demo values in a response, other than those the probes themselves sent so far: north may store a demo id
 * as free text in its own rows (an external id, say) and read it back; that is not demo's data.
 */
let sentSoFar = "";
function leaks(body: unknown, sent: unknown): string[] {
  sentSoFar += JSON.stringify(sent);
  const text = JSON.stringify(body);
  return [...secrets].filter((s) => s.length > 5 && text.includes(s) && !sentSoFar.includes(s));
}

describe("cross-branch isolation", () => {
  test("north's employee and customer get nothing of demo, and change nothing, through any operation", async () => {
    const demo = await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } });
    const before = await demoFingerprint(demo.id);
    const employee = new Client(server.url, "north");
    const customer = new Client(server.url, "north");
    expect((await employee.login("employee@north.test", "demo-pass-1")).isSuccess).toBe(true);
    expect((await customer.login("customer@north.test", "demo-pass-1")).isSuccess).toBe(true);

    const mutationType = schema.getMutationType();
    const roots: ["query" | "mutation", GraphQLField<unknown, unknown>][] = [
      ...Object.values(schema.getQueryType()!.getFields()).map((f) => ["query", f] as ["query", typeof f]),
      ...Object.values(mutationType?.getFields() ?? {}).map((f) => ["mutation", f] as ["mutation", typeof f]),
    ];
    const tried: string[] = [];
    for (const [kind, field] of roots) {
      if (skip.has(field.name)) continue;
      const { query, vars } = operation(kind, field, idFor);
      for (const client of [employee, customer]) {
        const res = await client.gql(query, vars);
        const leaked = leaks(res.data, vars);
        if (leaked.length) throw new Error(`${field.name} leaked demo data: ${leaked.join(", ")}`);
      }
      tried.push(field.name);
    }
    expect(tried.length).toBeGreaterThan(3);
    expect(await demoFingerprint(demo.id)).toBe(before);
  }, 300_000);

  test("a north session sent to demo is signed out there", async () => {
    const c = new Client(server.url, "north");
    expect((await c.login("employee@north.test", "demo-pass-1")).isSuccess).toBe(true);
    c.branchHost = "demo";
    expect((await c.gql("{ overview { userId } }")).data).toEqual({ overview: null });
    const res = await c.gql("{ currentUser { userId } }");
    expect(res.status).toBe(401);
  });
});
