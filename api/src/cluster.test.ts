import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import type { Subprocess } from "bun";
import { Client, factories } from "../test/harness.ts";
import { freshTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { clusterWanted } from "./cluster.ts";
import { parseConfig } from "./config.ts";

// WORKERS=N: the real server started as a cluster (a primary and two workers on one port), on
// PostgreSQL and Redis, as a deployment runs it. Any worker answers any request of a signed-in user,
// and what one worker does (a sign-out) every other honours at once.

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

test("without DATABASE_URL a cluster is not started: the embedded database belongs to one process", () => {
  const base = { WORKERS: "2", DATA_DIR: "/tmp/unused" };
  expect(clusterWanted(parseConfig(base))).toBe(false);
  expect(clusterWanted(parseConfig({ ...base, DATABASE_URL: "postgres://localhost/x" }))).toBe(true);
  // A worker the cluster started does not start one of its own.
  expect(clusterWanted(parseConfig({ ...base, DATABASE_URL: "postgres://localhost/x", WORKER_ID: "1" }))).toBe(false);
  expect(() => parseConfig({ WORKERS: "0" })).toThrow(/WORKERS/);
});

describe.skipIf(!onPostgres)("a cluster of two workers on PostgreSQL and Redis", () => {
  let db: TestDatabase;
  let primary: Subprocess;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://localhost:${port}`;
  let host = "";
  let email = "";
  let password = "";

  beforeAll(async () => {
    db = await freshTestDatabase();
    const branch = await factories(db.database.prisma).branch();
    const user = await factories(db.database.prisma).user(branch.id, { permissions: ["DISPATCH"] });
    host = branch.host;
    email = user.email;
    password = user.password;
    primary = Bun.spawn(["bun", "api/src/server.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        WORKERS: "2",
        DATABASE_URL: db.databaseUrl!,
        REDIS_URL,
        REDIS_KEY_PREFIX: `test:${randomBytes(6).toString("hex")}:`,
        JOBS: "off",
        LOG_LEVEL: "error",
        SEED_DEMO: "never",
        WEB_DIST: "api/test/no-web-build",
        PUBLIC_URL: url,
      },
      stdout: "ignore",
      stderr: "inherit",
    });
    await ready();
  }, 60_000);

  afterAll(async () => {
    primary?.kill("SIGTERM");
    await primary?.exited;
    await db?.dispose();
  }, 30_000);

  async function ready() {
    for (let i = 0; i < 200; i++) {
      const seen = await workersAnswering(6).catch(() => new Set<string>());
      if (seen.size === 2) return;
      await Bun.sleep(100);
    }
    throw new Error("the cluster's two workers did not both answer");
  }

  /** Which workers answered `n` requests, each on a connection of its own. */
  async function workersAnswering(n: number, client?: Client) {
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const res = client
        ? (await client.gql("{ currentUser { userId } }")).headers
        : (await fetch(`${url}/healthz`, { headers: { connection: "close" } })).headers;
      seen.add(res.get("x-worker") ?? "none");
    }
    return seen;
  }

  const signedIn = async (c: Client) =>
    (await c.gql<{ currentUser: { userId: string } | null }>("{ currentUser { userId } }")).data?.currentUser?.userId;

  test("both workers serve the one port; a signed-in user is signed in on either, and signed out on both at once", async () => {
    const c = new Client(url, host);
    c.extraHeaders = { connection: "close" };
    expect((await c.login(email, password)).isSuccess).toBe(true);
    const answers = new Map<string, string | undefined>();
    for (let i = 0; i < 24; i++) {
      const r = await c.gql<{ currentUser: { userId: string } | null }>("{ currentUser { userId } }");
      answers.set(`${r.headers.get("x-worker")}:${i}`, r.data?.currentUser?.userId);
    }
    const workers = new Set([...answers.keys()].map((k) => k.split(":")[0]));
    expect(workers).toEqual(new Set(["1", "2"]));
    expect(new Set(answers.values()).size).toBe(1);
    expect([...answers.values()][0]).toBeTruthy();

    // Signed out through one worker: the session cached by the other is dropped at once (Redis).
    const kept = c.cookie;
    await c.gql("mutation { logout { isSuccess } }");
    const replay = new Client(url, host);
    replay.extraHeaders = { connection: "close" };
    replay.cookie = kept;
    for (let i = 0; i < 12; i++) expect(await signedIn(replay)).toBeUndefined();
  });

  test("a worker that stops is started again, and the port is served meanwhile", async () => {
    const ps = Bun.spawnSync(["ps", "-o", "pid=", "--ppid", String(primary.pid)]);
    const pids = ps.stdout.toString().trim().split(/\s+/).map(Number).filter(Boolean);
    expect(pids.length).toBe(2);
    process.kill(pids[0]!, "SIGKILL");
    // The other worker answers meanwhile (a connection the kernel gave the dying one may be reset).
    const answered: string[] = [];
    for (let i = 0; i < 20 && answered.length < 3; i++) {
      const res = await fetch(`${url}/healthz`, { headers: { connection: "close" } }).catch(() => null);
      if (res?.ok) answered.push(res.headers.get("x-worker") ?? "");
    }
    expect(answered.length).toBe(3);
    await ready();
    const after = Bun.spawnSync(["ps", "-o", "pid=", "--ppid", String(primary.pid)]);
    const now = after.stdout.toString().trim().split(/\s+/).map(Number).filter(Boolean);
    expect(now.length).toBe(2);
    expect(now).not.toContain(pids[0]);
  }, 30_000);
});
