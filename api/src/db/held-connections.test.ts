import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestServer, type TestServer } from "../../test/harness.ts";
import { type HeldConnection, holdConnection, MAX_HELD_CONNECTIONS } from "./client.ts";

// A held connection (the lead import's dry run keeps its keys in a temporary table of one) is a
// PostgreSQL connection of its own: twenty dry runs at once must not open twenty. At most
// MAX_HELD_CONNECTIONS are open per database; the next waits until one ends.
describe.skipIf(!process.env.TEST_DATABASE_URL)("held connections (PostgreSQL)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ JOBS: "off" });
  });
  afterAll(() => server.close());

  const backends = async () =>
    (
      await server.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%held-connection probe%'`
    )[0]!.n;

  test("twenty asked at once: four open, the others wait their turn, every one is served", async () => {
    const opened: HeldConnection[] = [];
    const asked = Array.from({ length: 20 }, () =>
      holdConnection(server.database).then(async (c) => {
        await c.query("SELECT 1 /* held-connection probe */");
        opened.push(c);
        return c;
      }),
    );
    for (let i = 0; i < 100 && opened.length < MAX_HELD_CONNECTIONS; i++) await Bun.sleep(20);
    await Bun.sleep(100); // room for a fifth, were it allowed
    expect(opened.length).toBe(MAX_HELD_CONNECTIONS);
    expect(await backends()).toBe(MAX_HELD_CONNECTIONS);
    // Each one ended lets the next in, until all twenty have been served.
    let served = 0;
    while (served < 20) {
      while (opened.length === 0) await Bun.sleep(10);
      await opened.shift()!.end();
      served++;
    }
    await Promise.all(asked);
    expect(opened.length).toBe(0);
  }, 60_000);
});
