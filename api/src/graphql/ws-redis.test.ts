import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { createClient } from "graphql-ws";
import { createSiblingServer, createTestServer, factories, type TestServer } from "../../test/harness.ts";

// Two API servers sharing Redis (each its own Redis clients; on PostgreSQL each its own pool, as two
// containers would be): an event raised on one reaches the websocket subscribers of the other.

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  const env = { REDIS_URL, REDIS_KEY_PREFIX: `test:${randomBytes(6).toString("hex")}:`, JOBS: "off" };
  first = await createTestServer(env);
  second = await createSiblingServer(first, env);
  await factories(first.prisma).branch({ host: "default-test" });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
}, 30_000);

test("an event published on one server is delivered to a subscriber of the other", async () => {
  const url = `${second.url.replace("http", "ws")}/graphql`;
  const client = createClient({ url, connectionParams: { BranchHost: "default-test" }, retryAttempts: 0 });
  // A value of this run only: other test files may publish on the shared channel meanwhile.
  const mine = `cross-${randomBytes(4).toString("hex")}`;
  const values: string[] = [];
  let publishing: ReturnType<typeof setInterval> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const unsubscribe = client.subscribe<{ onVersion: string }>(
        { query: "subscription { onVersion }" },
        {
          next: (v) => {
            const value = v.data?.onVersion ?? "";
            values.push(value);
            // The first value is the server's own version; from then on events are forwarded. The
            // second server's Redis SUBSCRIBE may still be on its way: publish until the event arrives.
            if (values.length === 1) {
              const publish = () => first.runtime.pubsub.publish("serverVersion", mine);
              publish();
              publishing = setInterval(publish, 100);
            }
            if (value === mine) {
              unsubscribe();
              resolve();
            }
          },
          error: reject,
          complete: () => {},
        },
      );
    });
  } finally {
    clearInterval(publishing);
    await client.dispose();
  }
  expect(values[0]).toBe(second.runtime.version);
  expect(values).toContain(mine);
});
