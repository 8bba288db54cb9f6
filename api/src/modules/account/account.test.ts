import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";

let server: TestServer;
let f: ReturnType<typeof factories>;
let branchA: Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;
let branchB: typeof branchA;

const OVERVIEW = `{ overview { userId firstName email isSuperAdmin employeePersonId employeePermissions features
  enabledWatertightFeatures isLinkedToCustomers allowAch allowBankCard webPaymentMethods branchTimezone brandWebsiteUrl verifiedEmail lastName } }`;

beforeAll(async () => {
  server = await createTestServer();
  f = factories(server.prisma);
  branchA = await f.branch({ host: "alpha", features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  branchB = await f.branch({ host: "beta" });
}, 120_000);
afterAll(() => server.close(), 30_000);

describe("login", () => {
  test("a customer signs in, sees their overview, and signs out", async () => {
    const user = await f.user(branchA.id, { email: "jane@alpha.test" });
    await f.customer(branchA.id, "300001", { userId: user.id });
    await server.prisma.branchWatertightFeature.createMany({
      data: [
        { branchId: branchA.id, featureId: "WEB_PORTAL" },
        { branchId: branchA.id, featureId: "MOBILE", endTime: new Date("2020-01-01") },
      ],
    });
    const c = new Client(server.url, "alpha");
    expect((await c.gql(OVERVIEW)).data).toEqual({ overview: null });

    const res = await c.login("Jane@Alpha.test ", user.password);
    expect(res).toMatchObject({ isSuccess: true, employeePersonId: null });
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toMatch(/Max-Age=\d+/); // "keep me signed in": a lasting cookie

    const { data } = await c.gql<{ overview: Record<string, unknown> }>(OVERVIEW);
    expect(data?.overview).toMatchObject({
      userId: user.id,
      email: "jane@alpha.test",
      isSuperAdmin: false,
      employeePersonId: null,
      employeePermissions: [],
      features: ["V2_WEB_PORTAL", "E_COMMERCE"],
      enabledWatertightFeatures: ["WEB_PORTAL"],
      isLinkedToCustomers: true,
      allowAch: true,
      allowBankCard: true,
      webPaymentMethods: ["CARD", "ACH"],
      branchTimezone: "America/Chicago",
    });

    const out = await c.gql<{ logout: { isSuccess: boolean } }>("mutation { logout { isSuccess message } }");
    expect(out.data?.logout.isSuccess).toBe(true);
    expect(out.headers.getSetCookie()[0]).toContain("Max-Age=0");
    expect((await c.gql(OVERVIEW)).data).toEqual({ overview: null });
  });

  test("autoLogout gives a browser-session cookie", async () => {
    const user = await f.user(branchA.id);
    const res = await new Client(server.url, "alpha").login(user.email, user.password, true);
    expect(res.isSuccess).toBe(true);
    expect(res.headers.getSetCookie()[0]).not.toContain("Max-Age");
  });

  test("a wrong password or unknown user fails with one message and no session", async () => {
    const user = await f.user(branchA.id);
    const c = new Client(server.url, "alpha");
    const wrong = await c.login(user.email, "not-the-password");
    const unknown = await c.login("nobody@alpha.test", "whatever1");
    expect(wrong).toMatchObject({ isSuccess: false, message: "Incorrect email or password." });
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const empty = await c.login(user.email, "");
    expect(empty).toMatchObject({ isSuccess: false, message: "password required" });
  });

  test("repeated failures lock the account for a while, even with the right password", async () => {
    const user = await f.user(branchA.id);
    const c = new Client(server.url, "alpha");
    for (let i = 0; i < 5; i++) expect((await c.login(user.email, `bad-${i}`)).isSuccess).toBe(false);
    const locked = await c.login(user.email, user.password);
    expect(locked).toMatchObject({
      isSuccess: false,
      message: expect.stringContaining("Too many failed sign-in attempts"),
    });
    expect(await server.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  test("an employee gets the person id and permissions from grants and security groups", async () => {
    const emp = await f.user(branchA.id, { permissions: ["LEAD_ADMIN"] });
    const group = await server.prisma.securityGroup.create({ data: { branchId: branchA.id, name: "Dispatchers" } });
    await server.prisma.securityGroupMember.create({
      data: { groupId: group.id, personId: emp.personId!, branchId: branchA.id },
    });
    await server.prisma.permissionGrant.create({
      data: { branchId: branchA.id, actorType: "SECURITY_GROUP", actorId: group.id, permission: "DISPATCH" },
    });
    const c = new Client(server.url, "alpha");
    const res = await c.login(emp.email, emp.password);
    expect(res.employeePersonId).toBe(emp.personId);
    const me = await c.gql<{ currentUser: { employeePermissions: string[] } }>(
      "{ currentUser { userId employeePersonId employeePermissions } }",
    );
    expect(me.data?.currentUser.employeePermissions).toEqual(["DISPATCH", "LEAD_ADMIN"]);
  });

  test("a disabled branch refuses customers but lets super admins in", async () => {
    const closed = await f.branch({ host: "gamma", inactive: true });
    const user = await f.user(closed.id);
    const admin = await f.user(branchB.id, { superAdmin: true });
    const c = new Client(server.url, "gamma");
    expect(await c.login(user.email, user.password)).toMatchObject({
      isSuccess: false,
      message: "This portal is not enabled.",
    });
    expect((await c.login(admin.email, admin.password)).isSuccess).toBe(true);
    const b = await c.gql<{ branchBranding: { enabled: boolean; name: string } }>(
      "{ branchBranding { name enabled } }",
    );
    expect(b.data?.branchBranding).toEqual({ name: closed.company, enabled: false });
  });
});

describe("authorisation and status codes", () => {
  test("signed out -> 401 UNAUTHENTICATED on a protected field", async () => {
    const res = await new Client(server.url, "alpha").gql("{ currentUser { userId } }");
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  test("an unknown branch is a clear 404", async () => {
    const res = await new Client(server.url, "no-such-branch").gql("{ branchBranding { name } }");
    expect(res.status).toBe(404);
    expect(res.errors?.[0]?.message).toBe('Unknown branch "no-such-branch".');
  });

  test("a session opened on one branch is not valid on another", async () => {
    const user = await f.user(branchA.id, { permissions: ["ADMINISTRATIVE_SETUP"] });
    const c = new Client(server.url, "alpha");
    expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
    c.branchHost = "beta";
    expect((await c.gql(OVERVIEW)).data).toEqual({ overview: null });
    expect((await c.gql("{ currentUser { userId } }")).status).toBe(401);
    c.branchHost = "alpha";
    expect((await c.gql("{ currentUser { userId } }")).status).toBe(200);
  });

  test("the branch is taken from the host name when no BranchHost is sent", async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "beta.example.com" },
      body: JSON.stringify({ query: "{ branchBranding { host } }" }),
    });
    expect(((await res.json()) as { data: { branchBranding: { host: string } } }).data.branchBranding.host).toBe(
      "beta",
    );
  });
});

describe("session cache", () => {
  test("a signed-out or ended session stops working at once on this server", async () => {
    const user = await f.user(branchA.id);
    const a = new Client(server.url, "alpha");
    const b = new Client(server.url, "alpha");
    await a.login(user.email, user.password);
    await b.login(user.email, user.password);
    expect((await a.gql(OVERVIEW)).data?.overview).not.toBeNull(); // cached now
    expect((await b.gql(OVERVIEW)).data?.overview).not.toBeNull();
    const token = a.cookie;
    await a.gql("mutation { logout { isSuccess } }");
    const replay = new Client(server.url, "alpha");
    replay.cookie = token;
    expect((await replay.gql(OVERVIEW)).data).toEqual({ overview: null });
    await server.runtime.sessions.endUserSessions(user.id);
    expect((await b.gql(OVERVIEW)).data).toEqual({ overview: null });
  });
});
