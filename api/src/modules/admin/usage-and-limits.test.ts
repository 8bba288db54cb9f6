import { describe, expect, test } from "bun:test";
import { type Client, factories, type TestServer } from "../../../test/harness.ts";
import { serveDemo } from "../../../test/serve-demo.ts";
import { demoClients, signIn } from "../../../test/sign-in.ts";

// Branch usage and resource limits through GraphQL: super admins read and change them; the team's
// read-only view of its tenant's allowances needs TEAM_CONFIGURATION.

let server: TestServer;
let admin: Client;
let employee: Client;
let noAccess: Client;
let customer: Client;
let tenantId: string;

const signedIn = (email: string, password?: string) => signIn(server, email, password);

serveDemo(async (s) => {
  server = s;
  tenantId = (await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } })).tenantId;
  ({ admin, employee, noAccess, customer } = await demoClients(server));
});

const USAGE = `{ watertightUsageReport { account accountName host customers workOrders salesReceipts warehouses users
  employees logins lastLoginAt loginUserName lastTransaction features watertightFeatures } }`;

describe("branch usage", () => {
  test("per branch: customers, work orders, sales receipts, sign-ins, last transaction, features", async () => {
    const r = await admin.gql<{ watertightUsageReport: Record<string, unknown>[] }>(USAGE);
    expect(r.errors).toBeUndefined();
    const demo = r.data!.watertightUsageReport.find((u) => u.host === "demo")!;
    const p = server.prisma;
    const branchId = (await p.branch.findUniqueOrThrow({ where: { host: "demo" } })).id;
    expect(demo.account).toBe("1");
    expect(demo.customers).toBe(await p.customer.count({ where: { branchId } }));
    expect(demo.workOrders).toBe(await p.workOrder.count({ where: { branchId, workType: "WORK_ORDER" } }));
    expect(demo.salesReceipts).toBe(await p.workOrder.count({ where: { branchId, workType: "SALES_RECEIPT" } }));
    expect(demo.logins as number).toBeGreaterThanOrEqual(42 + 118 + 9);
    expect(demo.loginUserName).toBe("customer@demo.test"); // signed in last, in beforeAll
    expect(demo.lastTransaction).not.toBeNull();
    expect(demo.features).toContain("V2_WEB_PORTAL");
    for (const c of [employee, noAccess, customer])
      expect((await c.gql(USAGE)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("the users of an account with their type and last sign-in; an unknown account is not found", async () => {
    const Q = `query($a: String!){ usersFromAccount(account: $a){ account accountName users { email type lastLoginAt loginCount } } }`;
    const r = await admin.gql<{ usersFromAccount: { accountName: string; users: { email: string; type: string }[] } }>(
      Q,
      {
        a: "1",
      },
    );
    expect(r.errors).toBeUndefined();
    const types = Object.fromEntries(r.data!.usersFromAccount.users.map((u) => [u.email, u.type]));
    expect(types["admin@demo.test"]).toBe("SUPER_ADMIN");
    expect(types["employee@demo.test"]).toBe("EMPLOYEE");
    expect(types["customer@demo.test"]).toBe("CUSTOMER");
    expect((await admin.gql(Q, { a: "99999" })).errors?.[0]?.message).toBe("There is no account 99999.");
    expect((await employee.gql(Q, { a: "1" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

const FIELDS = "id tenantId tenantName category startDate endDate limit used warningPercent cutoffPercent usedPercent";

describe("resource limits", () => {
  test("most recent per tenant and category; every limit of one tenant", async () => {
    const recent = await admin.gql<{
      mostRecentResourceLimits: { tenantId: string; category: string; endDate: string }[];
    }>(`{ mostRecentResourceLimits { ${FIELDS} } }`);
    expect(recent.errors).toBeUndefined();
    const mine = recent.data!.mostRecentResourceLimits.filter((r) => r.tenantId === tenantId);
    expect(mine.map((r) => r.category)).toEqual([
      "TEXTS",
      "CALLS",
      "ROUTE_DIRECTIONS_WITH_TRAFFIC",
      "ROUTE_DIRECTIONS_WITHOUT_TRAFFIC",
    ]);
    const all = await admin.gql<{ resourceLimits: unknown[] }>(
      `query($t: ID!){ resourceLimits(tenantId: $t){ ${FIELDS} } }`,
      {
        t: tenantId,
      },
    );
    expect(all.data!.resourceLimits).toHaveLength(8);
  });

  test("create and update, with clear refusals that change nothing", async () => {
    const C = `mutation($i: CreateResourceLimitInput!){ createResourceLimit(input: $i){ ${FIELDS} } }`;
    const base = {
      tenantId,
      category: "TEXTS",
      startDate: "2099-01-01",
      endDate: "2099-01-31",
      limit: 400,
      used: 100,
      warningPercent: 80,
      cutoffPercent: 100,
    };
    const r = await admin.gql<{ createResourceLimit: { id: string; usedPercent: number; startDate: string } }>(C, {
      i: base,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.createResourceLimit).toMatchObject({ usedPercent: 25, startDate: "2099-01-01" });
    const count = await server.prisma.resourceLimit.count();
    for (const [change, message] of [
      [{ endDate: "2098-12-31" }, "The period must end on or after its start."],
      [{ warningPercent: 120 }, "The warning percent must be between 1 and 100."],
      [{ warningPercent: 90, cutoffPercent: 85 }, "The warning percent must not be above the cutoff percent."],
      [{ limit: -1 }, "The limit cannot be negative."],
    ] as const) {
      const bad = await admin.gql(C, { i: { ...base, ...change } });
      expect(bad.errors?.[0]?.message).toBe(message);
    }
    expect(await server.prisma.resourceLimit.count()).toBe(count);

    const { tenantId: _t, ...rest } = base;
    const U = `mutation($i: UpdateResourceLimitInput!){ updateResourceLimit(input: $i){ ${FIELDS} } }`;
    const u = await admin.gql<{ updateResourceLimit: { limit: number; usedPercent: number } }>(U, {
      i: { ...rest, id: r.data!.createResourceLimit.id, limit: 200 },
    });
    expect(u.data!.updateResourceLimit).toMatchObject({ limit: 200, usedPercent: 50 });
    // The newest period is now the most recent one for TEXTS.
    const recent = await admin.gql<{
      mostRecentResourceLimits: { tenantId: string; category: string; limit: number }[];
    }>(`{ mostRecentResourceLimits { ${FIELDS} } }`);
    expect(
      recent.data!.mostRecentResourceLimits.find((x) => x.tenantId === tenantId && x.category === "TEXTS")?.limit,
    ).toBe(200);

    for (const c of [employee, noAccess, customer])
      expect((await c.gql(C, { i: base })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("the team sees its tenant's allowances in force today with TEAM_CONFIGURATION only", async () => {
    const T = `{ tenantResourceLimits { ${FIELDS} } }`;
    const r = await employee.gql<{ tenantResourceLimits: { category: string; limit: number; used: number }[] }>(T);
    expect(r.errors).toBeUndefined();
    // Today's month, not the future period created above.
    expect(r.data!.tenantResourceLimits.map((x) => [x.category, x.limit, x.used])).toEqual([
      ["TEXTS", 5000, 4310],
      ["CALLS", 1000, 212],
      ["ROUTE_DIRECTIONS_WITH_TRAFFIC", 2000, 1990],
      ["ROUTE_DIRECTIONS_WITHOUT_TRAFFIC", 10000, 3450],
    ]);
    const demoId = (await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } })).id;
    const config = await factories(server.prisma).user(demoId, { permissions: ["TEAM_CONFIGURATION"] });
    expect((await (await signedIn(config.email, config.password)).gql(T)).errors).toBeUndefined();
    const other = await factories(server.prisma).user(demoId, { permissions: ["INVENTORY_VIEW"] });
    expect((await (await signedIn(other.email, other.password)).gql(T)).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect((await noAccess.gql(T)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await customer.gql(T)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
