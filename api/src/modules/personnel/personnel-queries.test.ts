import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomUUID } from "node:crypto";
import { createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { employee } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";

// A page of the people list is a fixed number of SQL statements, whatever its size: each row's groups,
// grants, sign-in and pending invitation are read for the whole page at once (db/batch.ts), not once
// per row. Counted by the server (SQL_STATEMENT_COUNT=on answers x-sql-statements per request).
//
// A request that finds the viewer's permissions no longer kept (auth/permissions.ts keeps them 5
// seconds, and drops them when a group or membership is written) reads them again and counts those
// statements too: on a slow machine that may happen between any two requests. So each count is the
// fewest of a few tries, each right after a request that fills the kept permissions: a statement per
// row is in every try, so an N+1 still fails, and each count also has an upper bound.

/**
 * The fewest statements `ask` takes in up to four tries, each right after `warm` (a request that leaves
 * the viewer's permissions kept), stopping early at `enough`; with the last try's answer.
 */
async function fewest<T>(
  warm: () => Promise<unknown>,
  ask: () => Promise<{ statements: number; data: T }>,
  enough = 0,
): Promise<{ statements: number; data: T }> {
  let best = Number.POSITIVE_INFINITY;
  let data: T | undefined;
  for (let i = 0; i < 4 && best > enough; i++) {
    await warm();
    const r = await ask();
    best = Math.min(best, r.statements);
    data = r.data;
  }
  return { statements: best, data: data as T };
}

let server: TestServer;
let branch: { server: TestServer; branchId: string; host: string };

const PAGE = `query($take: Int){ personnel(take: $take, sortBy: NAME){ totalCount items {
  id fullName firstName lastName email phone jobTitle photoUrl inactive canSignIn invitePending lastLoginAt
  permissions securityGroups { id name } } } }`;
type Row = {
  lastName: string;
  canSignIn: boolean;
  invitePending: boolean;
  permissions: string[];
  securityGroups: { name: string }[];
};
type Page = { personnel: { totalCount: number; items: Row[] } };

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off", SQL_STATEMENT_COUNT: "on" });
  const b = await factories(server.prisma).branch();
  branch = { server, branchId: b.id, host: b.host };
  const p = server.prisma;
  const group = await p.securityGroup.create({ data: { branchId: b.id, name: "Drivers" } });
  // 30 people named so that they sort first (the staff member reading the list is "Loyee"); every
  // other one can sign in and every third of those was invited and has not signed in yet.
  for (let i = 0; i < 30; i++) {
    const n = String(i).padStart(2, "0");
    const person = await p.person.create({
      data: { branchId: b.id, firstName: `P${n}`, lastName: `Aa${n}`, email: `p${n}-${randomUUID()}@test.example` },
    });
    await p.securityGroupMember.create({ data: { branchId: b.id, groupId: group.id, personId: person.id } });
    await p.permissionGrant.create({
      data: { branchId: b.id, actorType: "PERSON", actorId: person.id, permission: "CUSTOMER_ACCESS" },
    });
    if (i % 2 === 0) {
      const user = await p.user.create({
        data: {
          branchId: b.id,
          email: person.email,
          firstName: "P",
          lastName: n,
          passwordHash: "x",
          personId: person.id,
        },
      });
      if (i % 3 === 0)
        await p.emailToken.create({
          data: {
            id: randomUUID(),
            branchId: b.id,
            userId: user.id,
            kind: "RESET_PASSWORD",
            email: person.email,
            expiresAt: new Date(clock.nowMs() + 86400_000),
          },
        });
    }
  }
}, 120_000);
afterAll(() => server.close(), 30_000);

describe("the people list's queries", () => {
  test("a page of 25 people takes as many SQL statements as a page of 5, and no more than 12", async () => {
    const staff = await employee(branch, ["PERSONNEL_MANAGEMENT"]);
    const statements = async (take: number) => {
      const r = await staff.gql<Page>(PAGE, { take });
      expect(r.errors).toBeUndefined();
      expect(r.data?.personnel.items).toHaveLength(take);
      return { statements: Number(r.headers.get("x-sql-statements")), data: r.data!.personnel.items };
    };
    await statements(1); // the session's first request does its own bookkeeping
    const five = await fewest(
      () => statements(1),
      () => statements(5),
    );
    const page = await fewest(
      () => statements(1),
      () => statements(25),
      five.statements,
    );
    expect(page.statements).toBeGreaterThan(0);
    expect(page.statements).toBe(five.statements);
    expect(page.statements).toBeLessThanOrEqual(12);

    // and each row still has its own values
    const row = (i: number) => page.data.find((r) => r.lastName === `Aa${String(i).padStart(2, "0")}`)!;
    expect(row(0)).toMatchObject({ canSignIn: true, invitePending: true, permissions: ["CUSTOMER_ACCESS"] });
    expect(row(1)).toMatchObject({ canSignIn: false, invitePending: false });
    expect(row(2)).toMatchObject({ canSignIn: true, invitePending: false });
    expect(row(7).securityGroups).toEqual([expect.objectContaining({ name: "Drivers" })]);
  });
});

describe("the security groups and API keys lists' queries", () => {
  // Each group's members and count, and each key's person and grants, are read for the whole list at once.
  const GROUPS = `{ securityGroups { id name memberCount members { id lastName } permissions } }`;
  const KEYS = `{ apiKeys { id name person { id lastName } permissions } }`;

  test("ten groups or ten keys take as many SQL statements as one", async () => {
    const staff = await employee(branch, ["SECURITY_USERS_AND_POLICIES"]);
    const p = server.prisma;
    const people = await p.person.findMany({
      where: { branchId: branch.branchId },
      take: 10,
      orderBy: { lastName: "asc" },
    });
    // Measured: 5 statements for the groups, 3 for the keys, whatever their number.
    const count = async (query: string) => {
      const r = await staff.gql<Record<string, unknown[]>>(query);
      expect(r.errors).toBeUndefined();
      return { statements: Number(r.headers.get("x-sql-statements")), data: r.data! };
    };
    const add = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const group = await p.securityGroup.create({
          data: { branchId: branch.branchId, name: `G${i}-${randomUUID()}` },
        });
        await p.securityGroupMember.create({
          data: { branchId: branch.branchId, groupId: group.id, personId: people[i]!.id },
        });
        await p.apiKey.create({
          data: { branchId: branch.branchId, name: `K${i}`, keyHash: randomUUID(), personId: people[i]!.id },
        });
      }
    };
    // Warming with the keys list for the groups and the other way round: each try's warm-up also
    // re-reads the permissions that add() dropped (it writes groups and memberships).
    const kept = (query: string, enough = 0) =>
      fewest(
        () => count(query === GROUPS ? KEYS : GROUPS),
        () => count(query),
        enough,
      );
    await count(GROUPS); // the session's first request does its own bookkeeping
    await add(0, 1);
    const [oneGroup, oneKey] = [await kept(GROUPS), await kept(KEYS)];
    await add(1, 10);
    const [tenGroups, tenKeys] = [await kept(GROUPS, oneGroup.statements), await kept(KEYS, oneKey.statements)];
    expect(tenGroups.statements).toBe(oneGroup.statements);
    expect(tenKeys.statements).toBe(oneKey.statements);
    expect(tenGroups.statements).toBeLessThanOrEqual(6);
    expect(tenKeys.statements).toBeLessThanOrEqual(6);

    // and each row keeps its own values ("Drivers" has the 30 people of the list above)
    type G = { name: string; memberCount: number; members: { lastName: string }[] };
    const groups = tenGroups.data.securityGroups as G[];
    expect(groups.find((g) => g.name === "Drivers")?.memberCount).toBe(30);
    const g3 = groups.find((g) => g.name.startsWith("G3-"))!;
    expect(g3).toMatchObject({ memberCount: 1, members: [{ lastName: people[3]!.lastName }] });
    const keys = tenKeys.data.apiKeys as { name: string; person: { lastName: string } }[];
    expect(keys.find((k) => k.name === "K7")?.person.lastName).toBe(people[7]!.lastName);
  });
});
