import { describe, expect, test } from "bun:test";
import { parse } from "graphql";
import { Client, type TestServer } from "../../../test/harness.ts";
import { serveDemo } from "../../../test/serve-demo.ts";
import { signIn } from "../../../test/sign-in.ts";
import { schema } from "../../graphql/schema.ts";
import { BLOCKED_WHILE_IMPERSONATING, impersonationMessages, rootFieldNames } from "./impersonation.ts";

// Admin users and impersonation through GraphQL: super admins only; a new admin signs in anywhere;
// a changed password ends the user's sessions; impersonation is visible, audited with the admin's
// id, refuses password and payment-method changes, and ends cleanly.

let server: TestServer;
let admin: Client;

const signedIn = (email: string, password?: string, host?: string) => signIn(server, email, password, host);

serveDemo(async (s) => {
  server = s;
  admin = await signedIn("admin@demo.test");
});

const FIND = `query($s: String!){ findUsers(search: $s){ id email type branchHost lastLoginAt loginCount } }`;

describe("admin users", () => {
  test("only super admins list admins and find users of every branch", async () => {
    const list = await admin.gql<{ adminUsers: { email: string; type: string }[] }>(
      "{ adminUsers { email type branchHost } }",
    );
    expect(list.data!.adminUsers.map((u) => u.email)).toContain("admin@demo.test");
    const found = await admin.gql<{
      findUsers: { email: string; type: string; branchHost: string; loginCount: number }[];
    }>(FIND, {
      s: "customer@",
    });
    expect(found.data!.findUsers.map((u) => [u.email, u.type, u.branchHost])).toEqual(
      expect.arrayContaining([
        ["customer@demo.test", "CUSTOMER", "demo"],
        ["customer@north.test", "CUSTOMER", "north"],
      ]),
    );
    for (const email of ["employee@demo.test", "noaccess@demo.test", "customer@demo.test"]) {
      const c = await signedIn(email);
      expect((await c.gql(FIND, { s: "customer" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await c.gql("{ adminUsers { id } }")).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });

  test("an added admin signs in on any branch; a taken email or short password is refused", async () => {
    const ADD = `mutation($i: AddAdminUserInput!){ addAdminUser(input: $i){ isSuccess message } }`;
    const r = await admin.gql<{ addAdminUser: { isSuccess: boolean; message: string } }>(ADD, {
      i: { email: "Ops@Platform.test", firstName: "Olga", lastName: "Ops", password: "ops-pass-1" },
    });
    expect(r.data!.addAdminUser).toEqual({ isSuccess: true, message: "ops@platform.test is now an admin user." });
    const ops = await signedIn("ops@platform.test", "ops-pass-1", "north");
    expect((await ops.gql("{ branchesOverview { id } }")).errors).toBeUndefined();
    const again = await admin.gql<{ addAdminUser: { message: string } }>(ADD, {
      i: { email: "ops@platform.test", firstName: "O", lastName: "O", password: "ops-pass-1" },
    });
    expect(again.data!.addAdminUser.message).toBe("ops@platform.test already has an account.");
    const short = await admin.gql<{ addAdminUser: { message: string } }>(ADD, {
      i: { email: "x@platform.test", firstName: "X", lastName: "Y", password: "12345" },
    });
    expect(short.data!.addAdminUser.message).toBe("Passwords must be at least 6 characters");
    expect(await server.prisma.user.count({ where: { email: "x@platform.test" } })).toBe(0);
  });

  test("changing a user's password ends their sessions; the new one works", async () => {
    const nick = await signedIn("customer@north.test", "demo-pass-1", "north");
    const user = await server.prisma.user.findFirstOrThrow({ where: { email: "customer@north.test" } });
    const C = `mutation($u: ID!, $p: String!){ changeUserPassword(userId: $u, password: $p){ isSuccess message } }`;
    const r = await admin.gql<{ changeUserPassword: { isSuccess: boolean; message: string } }>(C, {
      u: user.id,
      p: "brand-new-pass",
    });
    expect(r.data!.changeUserPassword).toEqual({
      isSuccess: true,
      message: "The password of customer@north.test was changed.",
    });
    expect((await nick.gql("{ currentUser { userId } }")).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    await signedIn("customer@north.test", "brand-new-pass", "north");
    const employee = await signedIn("employee@demo.test");
    expect((await employee.gql(C, { u: user.id, p: "hacked-pass" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

describe("impersonation", () => {
  test("the guard's list names real operations and holds every password and payment-method mutation", () => {
    const mutations = Object.keys(schema.getMutationType()!.getFields());
    for (const name of BLOCKED_WHILE_IMPERSONATING) expect(mutations).toContain(name);
    const sensitive = mutations.filter(
      (m) => /password|paymentaccount|paymentmethod|autopay/i.test(m) && !/^sendForgot/.test(m),
    );
    expect(sensitive.filter((m) => !BLOCKED_WHILE_IMPERSONATING.has(m))).toEqual([]);
    expect(
      rootFieldNames(
        parse("mutation M { ...F } fragment F on Mutation { updatePassword(input: {}) { isSuccess } }"),
        "M",
      ),
    ).toEqual(["updatePassword"]);
  });

  test("view as a customer of another branch: banner, audit with the admin's id, guarded operations, clean stop", async () => {
    const viewer = await signedIn("admin@demo.test");
    const adminUser = await server.prisma.user.findFirstOrThrow({ where: { email: "admin@demo.test" } });
    const nick = await server.prisma.user.findFirstOrThrow({ where: { email: "customer@north.test" } });
    const start = await viewer.gql<{
      impersonate: { isSuccess: boolean; message: string; host: string; path: string };
    }>("mutation($u: ID!){ impersonate(userId: $u){ isSuccess message host path } }", { u: nick.id });
    expect(start.data!.impersonate).toEqual({
      isSuccess: true,
      message: "Viewing as Nick Customer.",
      host: "north",
      path: "/v2/billing",
    });
    viewer.branchHost = "north";
    const banner = await viewer.gql<{ impersonation: { userName: string; userEmail: string; adminName: string } }>(
      "query Banner { impersonation { userName userEmail adminName } }",
    );
    expect(banner.data!.impersonation).toEqual({
      userName: "Nick Customer",
      userEmail: "customer@north.test",
      adminName: expect.any(String),
    });
    // The admin sees what Nick sees, and nothing more: admin operations are refused.
    const me = await viewer.gql<{ currentUser: { userId: string } }>("query Me { currentUser { userId } }");
    expect(me.data!.currentUser.userId).toBe(nick.id);
    expect((await viewer.gql("{ branchesOverview { id } }")).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    // No password or payment-method changes in Nick's name.
    const pw = await viewer.gql<{ updatePassword: unknown }>(
      "mutation ChangePw($i: UpdatePasswordInput!){ updatePassword(input: $i){ isSuccess message } }",
      { i: { currentPassword: "brand-new-pass", newPassword: "taken-over-1" } },
    );
    expect(pw.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(pw.errors?.[0]?.message).toBe(impersonationMessages.blocked);
    const card = await viewer.gql(
      "mutation RemoveCard($p: ID!){ removePaymentAccount(paymentAccountId: $p){ isSuccess } }",
      {
        p: "any",
      },
    );
    expect(card.errors?.[0]?.message).toBe(impersonationMessages.blocked);

    // Every request was recorded with the admin's id.
    const audit = await server.prisma.impersonationAudit.findMany({
      where: { userId: nick.id },
      orderBy: { at: "asc" },
    });
    expect(audit.every((a) => a.adminUserId === adminUser.id)).toBe(true);
    expect(audit.map((a) => [a.action, a.operationName])).toEqual([
      ["START", ""],
      ["REQUEST", "Banner"],
      ["REQUEST", "Me"],
      ["REQUEST", "branchesOverview"],
      ["REFUSED", "ChangePw"],
      ["REFUSED", "RemoveCard"],
    ]);

    // Stop: the impersonation session is gone, the admin is back as themself.
    const impersonationCookie = viewer.cookie;
    const stop = await viewer.gql<{ stopImpersonating: { isSuccess: boolean; path: string } }>(
      "mutation { stopImpersonating { isSuccess message path } }",
    );
    expect(stop.data!.stopImpersonating).toMatchObject({ isSuccess: true, path: "/admin/impersonate" });
    const back = await viewer.gql<{ currentUser: { userId: string }; impersonation: null }>(
      "{ currentUser { userId } impersonation { userName } }",
    );
    expect(back.data).toEqual({ currentUser: { userId: adminUser.id }, impersonation: null });
    const stale = new Client(server.url, "north");
    stale.cookie = impersonationCookie;
    expect((await stale.gql("{ currentUser { userId } }")).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(
      (await server.prisma.impersonationAudit.findMany({ where: { userId: nick.id, action: "STOP" } })).length,
    ).toBe(1);
  });

  test("super admins and yourself cannot be impersonated; others cannot impersonate", async () => {
    const ops = await server.prisma.user.findFirstOrThrow({ where: { email: "ops@platform.test" } });
    const I = "mutation($u: ID!){ impersonate(userId: $u){ isSuccess message } }";
    const r = await admin.gql<{ impersonate: { message: string } }>(I, { u: ops.id });
    expect(r.data!.impersonate.message).toBe(impersonationMessages.notAdmin);
    const employee = await signedIn("employee@demo.test");
    const jane = await server.prisma.user.findFirstOrThrow({ where: { email: "customer@demo.test" } });
    expect((await employee.gql(I, { u: jane.id })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const notViewing = await employee.gql<{ stopImpersonating: { isSuccess: boolean } }>(
      "mutation { stopImpersonating { isSuccess message path } }",
    );
    expect(notViewing.data!.stopImpersonating.isSuccess).toBe(false);
  });
});
