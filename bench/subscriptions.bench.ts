// Subscriptions under fan-out: one event delivered to BENCH_SUBSCRIBERS (500) graphql-ws subscribers of
// `onVersion`, BENCH_EVENTS (10) times; the delivery latency (event raised -> message received) p50/p99
// and how many deliveries were lost. Two scenarios:
// - one API server, in-process pub/sub;
// - two API servers sharing Redis (and PostgreSQL when DATABASE_URL is set, else one PGlite): the event
//   is raised on the first, the subscribers are on the second. Skipped when Redis is not reachable.
// Goal: p99 <= 100 ms, none lost. The subscribers run in a Node process (bench/subscribers.mjs).
//
//   bun bench/subscriptions.bench.ts
//   REDIS_URL=redis://127.0.0.1:6379 DATABASE_URL=postgresql://... bun bench/subscriptions.bench.ts
import { join } from "node:path";
import { Redis } from "ioredis";
import { createSiblingServer, createTestServer, factories, type TestServer } from "../api/test/harness.ts";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 500);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const GOAL_P99_MS = 100;
if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

type Outcome = { received: number; expected: number; p50: number; p99: number; max: number };
const now = () => performance.timeOrigin + performance.now();

async function fanOut(publisher: TestServer, subscribedTo: TestServer, host: string): Promise<Outcome> {
  const url = `${subscribedTo.url.replace("http", "ws").replace("localhost", "127.0.0.1")}/graphql`;
  const child = Bun.spawn(
    ["node", join(import.meta.dir, "subscribers.mjs"), url, host, String(SUBSCRIBERS), String(EVENTS)],
    { stdin: "pipe", stdout: "pipe", stderr: "inherit" },
  );
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const nextLine = async () => {
    for (;;) {
      const nl = buffer.indexOf("\n");
      if (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        return line;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the subscribers' process ended early");
      buffer += decoder.decode(value);
    }
  };
  if ((await nextLine()) !== "ready") throw new Error("the subscribers did not get ready");
  for (let n = 0; n < EVENTS; n++) {
    publisher.runtime.pubsub.publish("serverVersion", `bench:${n}:${now()}`);
    await Bun.sleep(100);
  }
  child.stdin.write("sent\n");
  await child.stdin.flush();
  const outcome = JSON.parse(await nextLine()) as Outcome;
  await child.exited;
  return outcome;
}

async function redisReachable() {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const rows: [string, Outcome][] = [];

const single = await createTestServer({ JOBS: "off", LOG_LEVEL: "error" });
try {
  const branch = await factories(single.prisma).branch({ host: "bench-subscriptions" });
  rows.push(["one server", await fanOut(single, single, branch.host)]);
} finally {
  await single.close();
}

if (await redisReachable()) {
  const env = { JOBS: "off", LOG_LEVEL: "error", REDIS_URL };
  const first = await createTestServer(env);
  const second = await createSiblingServer(first, env);
  try {
    const branch = await factories(first.prisma).branch({ host: "bench-subscriptions" });
    const db = first.databaseUrl ? "PostgreSQL" : "PGlite";
    rows.push([`two servers, Redis (${db})`, await fanOut(first, second, branch.host)]);
  } finally {
    await second.close();
    await first.close();
  }
} else {
  console.log(`Redis not reachable at ${REDIS_URL}: the two-server scenario is skipped.`);
}

console.log(`\nsubscriptions: ${SUBSCRIBERS} subscribers, ${EVENTS} events`);
console.log(
  `${"scenario".padEnd(34)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"max ms".padStart(8)}${"lost".padStart(6)}  goal`,
);
let failed = false;
for (const [name, o] of rows) {
  const lost = o.expected - o.received;
  const ok = o.p99 <= GOAL_P99_MS && lost === 0;
  if (!ok) failed = true;
  console.log(
    `${name.padEnd(34)}${o.p50.toFixed(1).padStart(8)}${o.p99.toFixed(1).padStart(8)}${o.max.toFixed(1).padStart(8)}${String(lost).padStart(6)}  ${ok ? "pass" : "FAIL"} p99 <= ${GOAL_P99_MS} ms, none lost`,
  );
}
if (failed) process.exitCode = 1;
