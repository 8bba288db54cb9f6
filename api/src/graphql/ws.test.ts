import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createClient } from "graphql-ws";
import { Client, createTestServer, factories, type TestServer } from "../../test/harness.ts";

// graphql-ws over Bun's websocket: the protocol's close codes and the onVersion subscription.
let server: TestServer;
let wsUrl: string;
beforeAll(async () => {
  server = await createTestServer({ APP_VERSION: "9.9.9-test" });
  await factories(server.prisma).branch({ host: "default-test" });
  wsUrl = `${server.url.replace("http", "ws")}/graphql`;
}, 120_000);
afterAll(() => server.close(), 30_000);

type Closed = { code: number; reason: string };

function open(protocol = "graphql-transport-ws", headers?: Record<string, string>) {
  const socket = new WebSocket(wsUrl, { protocols: protocol ? [protocol] : [], headers } as never);
  const messages: Record<string, unknown>[] = [];
  const closed = new Promise<Closed>((resolve) => {
    socket.onclose = (e) => resolve({ code: e.code, reason: e.reason });
  });
  socket.onmessage = (e) => messages.push(JSON.parse(String(e.data)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error("socket error"));
  });
  const next = async (type: string) => {
    for (let i = 0; i < 100; i++) {
      const found = messages.find((m) => m.type === type);
      if (found) return found;
      await Bun.sleep(20);
    }
    throw new Error(`no ${type} message`);
  };
  return { socket, closed, opened, messages, next, send: (m: unknown) => socket.send(JSON.stringify(m)) };
}

describe("graphql-ws close codes", () => {
  test("4406 for a wrong subprotocol", async () => {
    const s = open("graphql-ws");
    expect((await s.closed).code).toBe(4406);
  });

  test("4401 when subscribing before connection_init is acknowledged", async () => {
    const s = open();
    await s.opened;
    s.send({ id: "1", type: "subscribe", payload: { query: "subscription { onVersion }" } });
    expect((await s.closed).code).toBe(4401);
  });

  test("4429 for a second connection_init", async () => {
    const s = open();
    await s.opened;
    s.send({ type: "connection_init" });
    await s.next("connection_ack");
    s.send({ type: "connection_init" });
    expect((await s.closed).code).toBe(4429);
  });

  test("4400 for an invalid message", async () => {
    const s = open();
    await s.opened;
    s.send({ type: "not-a-message-type" });
    expect((await s.closed).code).toBe(4400);
  });

  test("4409 for a duplicate subscription id", async () => {
    const s = open();
    await s.opened;
    s.send({ type: "connection_init" });
    await s.next("connection_ack");
    // a subscription stays open after its first value, so the second subscribe with id "1" conflicts
    s.send({ id: "1", type: "subscribe", payload: { query: "subscription { onVersion }" } });
    await s.next("next");
    s.send({ id: "1", type: "subscribe", payload: { query: "subscription { onVersion }" } });
    expect((await s.closed).code).toBe(4409);
  });

  test("4403 for an unknown branch in the connection parameters", async () => {
    const s = open();
    await s.opened;
    s.send({ type: "connection_init", payload: { BranchHost: "no-such-branch" } });
    expect((await s.closed).code).toBe(4403);
  });
});

describe("onVersion", () => {
  test("reports the server version, and new versions announced later", async () => {
    const client = createClient({ url: wsUrl, connectionParams: { BranchHost: "default-test" }, retryAttempts: 0 });
    const values: string[] = [];
    const done = new Promise<void>((resolve, reject) => {
      const unsubscribe = client.subscribe<{ onVersion: string }>(
        { query: "subscription { onVersion }" },
        {
          next: (v) => {
            values.push(v.data!.onVersion);
            if (values.length === 1) server.runtime.pubsub.publish("serverVersion", "10.0.0");
            if (values.length === 2) {
              unsubscribe();
              resolve();
            }
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    await done;
    await client.dispose();
    expect(values).toEqual(["9.9.9-test", "10.0.0"]);
  });

  test("the same version over HTTP", async () => {
    const res = await new Client(server.url, "default-test").gql<{ version: string }>("{ version }");
    expect(res.data?.version).toBe("9.9.9-test");
  });
});
