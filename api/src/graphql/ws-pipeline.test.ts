import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { newApiKey } from "../auth/api-keys.ts";
import { impersonationMessages } from "../modules/admin/impersonation.ts";
import { wsMessages } from "./ws.ts";

// The websocket runs the HTTP pipeline (graphql/ws.ts): the context is built by the same function,
// so a bad key, an unknown branch or a refused address closes the socket with a graphql-ws code
// instead of throwing where nothing catches it (which ended the whole process); queries and
// mutations are refused (subscriptions only), and the impersonation guard and audit apply.

let server: TestServer;
let wsUrl: string;
let branch: { id: string; host: string };
beforeAll(async () => {
  server = await createTestServer({ JOBS: "off", TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  branch = await factories(server.prisma).branch({ host: "ws-pipe" });
  wsUrl = `${server.url.replace("http", "ws")}/graphql`;
}, 120_000);
afterAll(() => server.close(), 30_000);

type Closed = { code: number; reason: string };

/** A raw graphql-ws socket: connection_init, then one subscribe; resolves with the first answer or the close. */
async function trySubscribe(
  headers: Record<string, string>,
  payload: Record<string, unknown> = { query: "subscription { onVersion }" },
  params: Record<string, unknown> = {},
) {
  const socket = new WebSocket(wsUrl, { protocols: ["graphql-transport-ws"], headers } as never);
  const messages: { type: string; payload?: unknown }[] = [];
  const closed = new Promise<Closed>((resolve) => {
    socket.onclose = (e) => resolve({ code: e.code, reason: e.reason });
  });
  const answered = new Promise<void>((resolve) => {
    socket.onmessage = (e) => {
      const m = JSON.parse(String(e.data));
      messages.push(m);
      if (m.type === "connection_ack") socket.send(JSON.stringify({ id: "1", type: "subscribe", payload }));
      if (m.type === "next" || m.type === "error") resolve();
    };
  });
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error("socket error"));
  });
  socket.send(JSON.stringify({ type: "connection_init", payload: params }));
  const outcome = await Promise.race([closed.then((c) => ({ closed: c })), answered.then(() => ({ closed: null }))]);
  socket.close();
  return { ...outcome, messages };
}

async function stillServing() {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  const r = await new Client(server.url, branch.host).gql<{ version: string }>("{ version }");
  expect(r.data?.version).toBeString();
}

describe("the socket authenticates as HTTP does, and a refusal closes only that socket", () => {
  test("an unknown key: 4401 with the key's message; the server keeps serving", async () => {
    const r = await trySubscribe({ BranchHost: branch.host, authorization: "Bearer rwk_not-a-key" });
    expect(r.closed?.code).toBe(4401);
    expect(r.closed?.reason).toContain("This API key is not valid");
    await stillServing();
  });

  test("a key whose person is inactive, and a deleted key: 4401", async () => {
    const person = await server.prisma.person.create({
      data: { branchId: branch.id, firstName: "Gone", lastName: "Person", inactive: true },
    });
    const k = newApiKey();
    await server.prisma.apiKey.create({
      data: { branchId: branch.id, name: "old", keyHash: k.keyHash, keyPrefix: k.keyPrefix, personId: person.id },
    });
    expect((await trySubscribe({ BranchHost: branch.host, authorization: `Bearer ${k.key}` })).closed?.code).toBe(4401);
    await server.prisma.apiKey.deleteMany({ where: { keyHash: k.keyHash } });
    expect((await trySubscribe({ BranchHost: branch.host, authorization: `Bearer ${k.key}` })).closed?.code).toBe(4401);
    await stillServing();
  });

  test("an upgrade header or connection parameter naming no branch: 4403", async () => {
    expect((await trySubscribe({ BranchHost: "no-such-branch" })).closed?.code).toBe(4403);
    expect((await trySubscribe({}, undefined, { BranchHost: "nor-this-one" })).closed?.code).toBe(4403);
    await stillServing();
  });

  test("an address off the branch's IP allow-list: 4403", async () => {
    const person = await server.prisma.person.create({
      data: { branchId: branch.id, firstName: "In", lastName: "Tegration" },
    });
    const k = newApiKey();
    await server.prisma.apiKey.create({
      data: { branchId: branch.id, name: "sync", keyHash: k.keyHash, keyPrefix: k.keyPrefix, personId: person.id },
    });
    await server.prisma.branchIpAllowEntry.create({ data: { branchId: branch.id, cidr: "10.9.0.0/16" } });
    try {
      const r = await trySubscribe({
        BranchHost: branch.host,
        authorization: `Bearer ${k.key}`,
        "x-forwarded-for": "192.0.2.77",
      });
      expect(r.closed?.code).toBe(4403);
      expect(r.closed?.reason).toContain("192.0.2.77");
    } finally {
      await server.prisma.branchIpAllowEntry.deleteMany({ where: { branchId: branch.id } });
      // the list is cached briefly per process: wait it out through the API rather than a sleep
    }
    await stillServing();
  });

  test("many refused sockets at once leave the server serving", async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        trySubscribe(
          i % 2 ? { BranchHost: "nowhere" } : { BranchHost: branch.host, authorization: `Bearer rwk_x${i}` },
        ),
      ),
    );
    await stillServing();
  });
});

describe("one pipeline for both transports", () => {
  test("queries and mutations are refused on the socket with a clear error; subscriptions run", async () => {
    const q = await trySubscribe({ BranchHost: branch.host }, { query: "{ version }" });
    expect(q.messages.find((m) => m.type === "error")?.payload).toEqual([
      expect.objectContaining({ message: wsMessages.subscriptionsOnly }),
    ]);
    const m = await trySubscribe({ BranchHost: branch.host }, { query: "mutation { logout { isSuccess } }" });
    expect(m.messages.find((x) => x.type === "error")?.payload).toEqual([
      expect.objectContaining({ message: wsMessages.subscriptionsOnly }),
    ]);
    const s = await trySubscribe({ BranchHost: branch.host });
    expect(s.messages.find((x) => x.type === "next")).toBeDefined();
  });

  test("while a super admin views as a customer, the socket refuses what HTTP refuses and audits the rest", async () => {
    const f = factories(server.prisma);
    const admin = await f.user(branch.id, { superAdmin: true });
    const customerUser = await f.user(branch.id);
    const customer = await f.customer(branch.id, `WS${Date.now() % 100000}`, { userId: customerUser.id });
    const c = new Client(server.url, branch.host);
    expect((await c.login(admin.email, admin.password)).isSuccess).toBe(true);
    const start = await c.gql("mutation($u: ID!){ impersonate(userId: $u){ isSuccess } }", { u: customerUser.id });
    expect(start.errors).toBeUndefined();
    const headers = { BranchHost: branch.host, cookie: c.cookie };

    // Over HTTP the autopay change is refused; over the socket too (and nothing changes).
    const SET =
      "mutation($c: ID!){ setAutoPay(input: { customerId: $c, paymentMethodId: $c, amountIsFixed: false, dayOfMonth: 5 }){ isSuccess } }";
    const http = await c.gql(SET, { c: customer.id });
    expect(http.errors?.[0]?.message).toBe(impersonationMessages.blocked);
    const ws = await trySubscribe(headers, { query: SET, variables: { c: customer.id } });
    expect(ws.messages.find((x) => x.type === "error")).toBeDefined();
    expect(ws.messages.find((x) => x.type === "next")).toBeUndefined();

    // A subscription while impersonating is recorded with the admin's id, as an HTTP request is.
    const sub = await trySubscribe(headers, { query: "subscription Watch { onVersion }", operationName: "Watch" });
    expect(sub.messages.find((x) => x.type === "next")).toBeDefined();
    const audit = await server.prisma.impersonationAudit.findMany({ where: { userId: customerUser.id } });
    expect(audit.some((a) => a.operationName === "Watch" && a.adminUserId === admin.id)).toBe(true);
  });
});
