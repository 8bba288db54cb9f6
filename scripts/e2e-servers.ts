// Starts the end-to-end run's servers at once (e2e/playwright.config.ts), each on a fresh database of
// its own, and prints "e2e servers ready" once every one answers /readyz. Started one after another
// (as Playwright starts the entries of `webServer`), the seeding of the three databases would add up;
// side by side they share the wait. A server that stops ends this script, with its exit code.
//
// A server with `databaseUrl` runs as a deployment does: a cluster of `workers` processes on one port
// (WORKERS), on a fresh PostgreSQL database of its own (created here from that server URL, dropped at
// the end) and on Redis (`redisUrl`), under a Redis prefix of its own.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";

type Server = {
  port: number;
  dataDir: string;
  smtpPort: number;
  clock?: string;
  databaseUrl?: string;
  redisUrl?: string;
  workers?: number;
};

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]") as Server[];
if (!servers.length) throw new Error("E2E_SERVERS names no server");

for (const s of servers) {
  const used = await fetch(`http://localhost:${s.port}/`).then(
    () => true,
    () => false,
  );
  if (used) throw new Error(`port ${s.port} is already used: make sure nothing else runs there`);
}

/** A fresh database on the PostgreSQL server of `serverUrl`; its URL, and how to drop it. */
async function freshDatabase(serverUrl: string, port: number) {
  const name = `rw_e2e_${port}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A run on this port that was killed before it could drop its database (its port is ours now).
  const stale = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`rw_e2e_${port}_%`]);
  for (const row of stale.rows as { datname: string }[])
    await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

const drops: (() => Promise<void>)[] = [];
async function dropDatabases() {
  await Promise.all(drops.map((d) => d().catch((e) => console.error("could not drop an e2e database", e))));
}

const clusters = await Promise.all(
  servers.map(async (s) => {
    if (!s.databaseUrl) return {};
    const db = await freshDatabase(s.databaseUrl, s.port);
    drops.push(db.drop);
    return {
      DATABASE_URL: db.url,
      SEED_DEMO: "always",
      WORKERS: String(s.workers ?? 2),
      ...(s.redisUrl
        ? { REDIS_URL: s.redisUrl, REDIS_KEY_PREFIX: `e2e:${s.port}:${randomBytes(4).toString("hex")}:` }
        : {}),
    };
  }),
);

let stopping = false;
const children = servers.map((s, i) => {
  rmSync(s.dataDir, { recursive: true, force: true });
  const child = Bun.spawn(["bun", "api/src/server.ts"], {
    env: {
      ...process.env,
      ...clusters[i],
      PORT: String(s.port),
      DATA_DIR: s.dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${s.port}`,
      SMTP_URL: `smtp://127.0.0.1:${s.smtpPort}`,
      // New password hashes at a cheap work factor, as in the API tests (decision 0993): the demo's
      // and the specs' sign-ins check 1 MiB hashes instead of 64 MiB ones.
      PASSWORD_HASH_MEMORY_KIB: "1024",
      PASSWORD_HASH_TIME_COST: "1",
      // CLOCK_START pins the server's business clock (see e2e/fixtures.ts and api/src/clock.ts).
      ...(s.clock ? { CLOCK_START: s.clock } : {}),
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  void child.exited.then(async (code) => {
    if (stopping) return;
    console.error(`e2e server on port ${s.port} stopped (exit code ${code})`);
    for (const c of children) c.kill();
    await dropDatabases();
    process.exit(code || 1);
  });
  return child;
});

async function ready(port: number) {
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(250);
  }
}

await Promise.all(servers.map((s) => ready(s.port)));
console.log("e2e servers ready");
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, async () => {
    stopping = true;
    for (const c of children) c.kill();
    await Promise.race([Promise.all(children.map((c) => c.exited)), Bun.sleep(10_000)]);
    await dropDatabases();
    process.exit(0);
  });
