import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, type TestServer } from "../../../test/harness.ts";
import { newApiKey } from "../../auth/api-keys.ts";
import { addressAllowed, clientAddress, parseRange, refusedMessage } from "../../security/ip-allowlist.ts";

// IP allow-lists: the address rules, the console's operations (super admins only) and employee
// sign-in refused from an address that is not on the branch's list. The server trusts
// X-Forwarded-For here (TRUSTED_PROXY_HEADER), as it would behind the deployment's proxy.

let server: TestServer;
let admin: Client;
let northId: string;

function from(address: string, host = "north") {
  const c = new Client(server.url, host);
  c.extraHeaders = { "x-forwarded-for": `6.6.6.6, ${address}` };
  return c;
}

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off", TRUSTED_PROXY_HEADER: "x-forwarded-for" }, { demo: true });
  northId = (await server.prisma.branch.findUniqueOrThrow({ where: { host: "north" } })).id;
  admin = from("198.51.100.1", "demo");
  expect((await admin.login("admin@demo.test", "demo-pass-1")).isSuccess).toBe(true);
}, 180_000);
afterAll(() => server.close(), 30_000);

describe("address rules", () => {
  test("ranges parse and normalise; bad ones are refused", () => {
    expect(parseRange("10.1.0.0/16")?.cidr).toBe("10.1.0.0/16");
    expect(parseRange(" 203.0.113.7 ")?.cidr).toBe("203.0.113.7");
    expect(parseRange("203.0.113.7/32")?.cidr).toBe("203.0.113.7");
    expect(parseRange("2001:DB8::/32")?.cidr).toBe("2001:db8::/32");
    for (const bad of ["10.1.0.0/33", "300.1.1.1", "abc", "10.0.0.0/8/1", "10.0.0.0/x", ""])
      expect(parseRange(bad)).toBeNull();
  });

  test("an address matches a single address or a range, IPv4-mapped IPv6 included; an empty list allows all", () => {
    expect(addressAllowed([], "1.2.3.4")).toBe(true);
    expect(addressAllowed(["10.1.0.0/16"], "10.1.200.3")).toBe(true);
    expect(addressAllowed(["10.1.0.0/16"], "::ffff:10.1.0.9")).toBe(true);
    expect(addressAllowed(["10.1.0.0/16"], "10.2.0.1")).toBe(false);
    expect(addressAllowed(["203.0.113.7"], "203.0.113.7")).toBe(true);
    expect(addressAllowed(["2001:db8::/32"], "2001:db8:1::5")).toBe(true);
    expect(addressAllowed(["2001:db8::/32"], "unknown")).toBe(false);
  });

  test("the client address comes from the trusted header's last entry only when one is configured", () => {
    const h = new Headers({ "x-forwarded-for": "1.1.1.1, 2.2.2.2" });
    expect(clientAddress({ TRUSTED_PROXY_HEADER: "x-forwarded-for" }, h, "127.0.0.1")).toBe("2.2.2.2");
    expect(clientAddress({ TRUSTED_PROXY_HEADER: undefined }, h, "::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientAddress({ TRUSTED_PROXY_HEADER: "x-real-ip" }, h, "127.0.0.1")).toBe("127.0.0.1");
  });
});

const LIST = "{ ipWhitelist { yourAddress branches { branchId host entries { cidr comment } } } }";
const SET = `mutation($b: ID!, $e: [IpWhitelistEntryInput!]!){ updateDatabaseFirewall(branchId: $b, entries: $e){ host entries { cidr comment } } }`;

describe("the console", () => {
  test("only super admins read and change lists", async () => {
    const r = await admin.gql<{ ipWhitelist: { yourAddress: string; branches: { host: string }[] } }>(LIST);
    expect(r.errors).toBeUndefined();
    expect(r.data!.ipWhitelist.yourAddress).toBe("198.51.100.1");
    expect(r.data!.ipWhitelist.branches.map((b) => b.host)).toEqual(expect.arrayContaining(["demo", "north"]));
    const employee = from("198.51.100.2", "demo");
    expect((await employee.login("employee@demo.test", "demo-pass-1")).isSuccess).toBe(true);
    expect((await employee.gql(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await employee.gql(SET, { b: northId, e: [] })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await from("1.1.1.1").gql(LIST)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  test("a bad address is refused with a clear message and changes nothing", async () => {
    const bad = await admin.gql(SET, { b: northId, e: [{ cidr: "10.0.0.0/8" }, { cidr: "10.0.0.300" }] });
    expect(bad.errors?.[0]?.message).toBe(
      '"10.0.0.300" is not an IP address or CIDR range (like 203.0.113.7 or 10.1.0.0/16).',
    );
    expect(await server.prisma.branchIpAllowEntry.count({ where: { branchId: northId } })).toBe(0);
    // An entry without an address is refused, never dropped into an empty list (which allows all).
    const typo = await admin.gql(SET, { b: northId, e: [{ cidr: "", comment: "10.1.2.3" }] });
    expect(typo.errors?.[0]?.message).toBe('"10.1.2.3" is an address: put it in the address, not the comment.');
    const empty = await admin.gql(SET, { b: northId, e: [{ cidr: " ", comment: "Office" }] });
    expect(empty.errors?.[0]?.message).toBe("An entry needs an address (like 203.0.113.7 or 10.1.0.0/16).");
    expect(await server.prisma.branchIpAllowEntry.count({ where: { branchId: northId } })).toBe(0);
  });
});

describe("employee sign-in against the list", () => {
  test("refused from outside the list with a message that says why; allowed inside; customers unaffected; empty list lets all in", async () => {
    const set = await admin.gql<{ updateDatabaseFirewall: { entries: { cidr: string; comment: string }[] } }>(SET, {
      b: northId,
      e: [
        { cidr: "10.20.0.0/16", comment: "North office" },
        { cidr: "203.0.113.7", comment: "Owner at home" },
        { cidr: "10.20.0.0/16" },
      ],
    });
    expect(set.errors).toBeUndefined();
    expect(set.data!.updateDatabaseFirewall.entries).toEqual([
      { cidr: "10.20.0.0/16", comment: "North office" },
      { cidr: "203.0.113.7", comment: "Owner at home" },
    ]);

    const outside = await from("192.0.2.50").login("employee@north.test", "demo-pass-1");
    expect(outside.isSuccess).toBe(false);
    expect(outside.message).toBe(
      "Employee sign-in from 192.0.2.50 is not allowed for this branch: the address is not on its IP allow-list. Ask a platform administrator to add it.",
    );
    expect((await from("10.20.4.5").login("employee@north.test", "demo-pass-1")).isSuccess).toBe(true);
    expect((await from("203.0.113.7").login("employee@north.test", "demo-pass-1")).isSuccess).toBe(true);
    // Portal customers are not employees: the list does not apply to them.
    expect((await from("192.0.2.50").login("customer@north.test", "demo-pass-1")).isSuccess).toBe(true);
    // Another branch's list does not apply to demo.
    expect((await from("192.0.2.50", "demo").login("employee@demo.test", "demo-pass-1")).isSuccess).toBe(true);

    await admin.gql(SET, { b: northId, e: [] });
    expect((await from("192.0.2.50").login("employee@north.test", "demo-pass-1")).isSuccess).toBe(true);
  });
});

describe("API keys and telemetry against the list", () => {
  test("a listed branch's API key and telemetry work only from an allowed address, with a message when refused", async () => {
    const p = server.prisma;
    const north = await p.branch.findUniqueOrThrow({ where: { host: "north" } });
    const person = await p.person.findFirstOrThrow({ where: { branchId: north.id, inactive: false } });
    const { key, keyHash, keyPrefix } = newApiKey();
    await p.apiKey.create({
      data: { branchId: north.id, name: "allow-list test", keyHash, keyPrefix, personId: person.id },
    });
    expect((await admin.gql(SET, { b: northId, e: [{ cidr: "10.20.0.0/16" }] })).errors).toBeUndefined();

    const graphql = (address: string) =>
      fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          BranchHost: "north",
          authorization: `Bearer ${key}`,
          "x-forwarded-for": address,
        },
        body: JSON.stringify({ query: "{ userPermissions { permission } }" }),
      });
    const refused = await graphql("192.0.2.9");
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { errors: { message: string }[] };
    expect(body.errors[0]!.message).toBe(refusedMessage("api-key", "192.0.2.9"));
    const allowed = await graphql("10.20.1.1");
    expect(((await allowed.json()) as { errors?: unknown[] }).errors).toBeUndefined();

    const telemetry = (address: string) =>
      fetch(`${server.url}/telemetry/sync-loads`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${north.apiKey}`,
          "x-forwarded-for": address,
        },
        body: JSON.stringify({ loads: [] }),
      });
    const out = await telemetry("192.0.2.9");
    expect(out.status).toBe(403);
    expect(((await out.json()) as { error: string }).error).toBe(refusedMessage("telemetry", "192.0.2.9"));
    expect((await telemetry("10.20.1.1")).status).not.toBe(403);

    await admin.gql(SET, { b: northId, e: [] });
    expect((await graphql("192.0.2.9")).status).toBe(200);
  });
});
