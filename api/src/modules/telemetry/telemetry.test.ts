import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { clock } from "../../clock.ts";
import { seedDemo } from "../../db/seed.ts";
import type { Branch } from "../../generated/prisma/client.ts";
import { type SmtpSink, startSmtpSink } from "../../integrations/mail/smtp-sink.ts";
import { ERROR_ALERTS_QUEUE, TELEMETRY_PRUNE_QUEUE } from "../../jobs/runner.ts";
import { evaluateErrorAlerts } from "./telemetry.alerts.ts";
import { BAD_KEY_RATE, TELEMETRY_MAX_BODY_BYTES, TELEMETRY_RATE } from "./telemetry.http.ts";
import { pruneTelemetry } from "./telemetry.ingest.ts";
import { seedApiKeys } from "./telemetry.seed.ts";

// Telemetry endpoints (branch API key, validation, size and rate caps, compact storage), the admin
// console's reads (errors, sync and relay health) for super admins only, and error alerts that cross
// their threshold from posted telemetry and are mailed to a local SMTP sink and posted to a Slack
// stand-in.

let server: TestServer;
let sink: SmtpSink;
let slack: ReturnType<typeof Bun.serve>;
const slackPosts: { text: string; channel?: string }[] = [];
/** What the Slack stand-in answers (a test makes it fail). */
let slackStatus = 200;
let branch: Branch;
let other: Branch;
let admin: Client;
let employee: Client;
let adminEmail = "";

async function post(
  path: string,
  body: unknown,
  key: string | null = branch.apiKey,
  extra: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/telemetry/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...extra,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { accepted?: number; error?: string },
    headers: res.headers,
  };
}

const anError = (over: Record<string, unknown> = {}) => ({
  severity: "ERROR",
  message: "Object reference not set to an instance of an object.",
  program: "RouteSheetPrint",
  lineNum: 412,
  buildVersion: "7.5.0102",
  callStack: "at Wtd.Routes.RouteSheet.PrintStops()",
  loginUserName: "eric",
  machineName: "OFFICE-PC",
  windowsVersion: "Windows 11 Pro",
  ...over,
});

beforeAll(async () => {
  sink = await startSmtpSink();
  slack = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      slackPosts.push((await req.json()) as { text: string });
      return new Response(slackStatus === 200 ? "ok" : "no_service", { status: slackStatus });
    },
  });
  server = await createTestServer({
    JOBS: "off",
    SMTP_URL: sink.url,
    SLACK_WEBHOOK_URL: `http://127.0.0.1:${slack.port}/hooks/alerts`,
  });
  await seedDemo(server.prisma);
  const f = factories(server.prisma);
  branch = await f.branch();
  other = await f.branch();
  const a = await f.user(branch.id, { superAdmin: true });
  adminEmail = a.email;
  admin = new Client(server.url, branch.host);
  expect((await admin.login(a.email, a.password)).isSuccess).toBe(true);
  const e = await f.user(branch.id, { permissions: ["ADMINISTRATIVE_SETUP"] });
  employee = new Client(server.url, branch.host);
  expect((await employee.login(e.email, e.password)).isSuccess).toBe(true);
}, 180_000);

afterAll(async () => {
  await server.close();
  await sink.close();
  slack.stop(true);
});

describe("telemetry endpoints", () => {
  test("the branch API key is required: missing, unknown", async () => {
    const missing = await post("errors", { errors: [anError()] }, null);
    expect(missing.status).toBe(401);
    expect(missing.body.error).toContain("Missing API key");
    const unknown = await post("errors", { errors: [anError()] }, "not-a-key");
    expect(unknown).toMatchObject({ status: 401, body: { error: "Unknown API key." } });
    // X-Api-Key works as well as Authorization: Bearer
    const viaHeader = await post("errors", { errors: [anError({ message: "via header" })] }, null, {
      "x-api-key": branch.apiKey,
    });
    expect(viaHeader.status).toBe(202);
  });

  test("every payload is validated, with a 400 naming what is wrong, and nothing is stored", async () => {
    const before = await server.prisma.desktopError.count({ where: { branchId: branch.id } });
    const cases: [unknown, string][] = [
      ["{not json", "Body is not valid JSON."],
      [{}, "errors: is required"],
      [{ errors: [] }, "errors: must hold at least one error"],
      [
        { errors: [anError({ severity: "CRITICAL" })] },
        "errors[0].severity: must be one of ERROR, FATAL, INFO, WARNING",
      ],
      [{ errors: [anError(), anError({ lineNum: -1 })] }, "errors[1].lineNum: must be 0 or more"],
      [{ errors: [anError({ message: "" })] }, "errors[0].message: is required"],
      [{ errors: [anError({ colour: "red" })] }, "errors[0]: unknown field colour"],
      [{ errors: [anError({ logTime: "yesterday" })] }, "errors[0].logTime: must be an ISO 8601 date and time"],
      [
        { errors: [anError({ logTime: new Date(clock.nowMs() + 3_600_000).toISOString() })] },
        "errors[0].logTime: is in the future",
      ],
      [{ errors: Array.from({ length: 101 }, () => anError()) }, "errors: must hold at most 100 errors"],
    ];
    for (const [body, message] of cases) {
      const r = await post("errors", body);
      expect(r.status).toBe(400);
      expect(r.body.error).toStartWith(message);
    }
    const loads = await post("sync-loads", { loads: [{ channel: "FTP", startedAt: clock.now().toISOString() }] });
    expect(loads).toMatchObject({ status: 400, body: { error: "loads[0].channel: must be WEB_SYNC or WTD_SYNC" } });
    const beats = await post("relay-heartbeats", {
      heartbeats: [{ relay: "MOBILE", relayId: "r1", sentAt: clock.now().toISOString(), requests: 2, failures: 3 }],
    });
    expect(beats).toMatchObject({ status: 400, body: { error: "heartbeats[0].failures: must not exceed requests" } });
    const wrongType = await fetch(`${server.url}/telemetry/errors`, {
      method: "POST",
      headers: { authorization: `Bearer ${branch.apiKey}`, "content-type": "text/plain" },
      body: "hello",
    });
    expect(wrongType.status).toBe(400);
    expect(await server.prisma.desktopError.count({ where: { branchId: branch.id } })).toBe(before);
  });

  test("bodies over 256 KB are refused with 413", async () => {
    const big = JSON.stringify({ errors: [anError({ callStack: "x".repeat(TELEMETRY_MAX_BODY_BYTES) })] });
    const r = await post("errors", big);
    expect(r.status).toBe(413);
    expect(r.body.error).toBe("Body is larger than 256 KB.");
  });

  test("a repeated error is counted on one row, not duplicated; a resolved one reopens when it comes back", async () => {
    const message = `Repeated ${crypto.randomUUID()}`;
    expect((await post("errors", { errors: [anError({ message }), anError({ message, count: 3 })] })).body).toEqual({
      accepted: 2,
    });
    expect((await post("errors", { errors: [anError({ message, machineName: "DISPATCH-01" })] })).status).toBe(202);
    const rows = await server.prisma.desktopError.findMany({ where: { branchId: branch.id, message } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ errorCount: 5, machineName: "DISPATCH-01", status: "ACTIVE" });
    // the same error at another branch is that branch's own row
    expect((await post("errors", { errors: [anError({ message })] }, other.apiKey)).status).toBe(202);
    expect(await server.prisma.desktopError.count({ where: { message } })).toBe(2);

    const id = rows[0]!.id;
    const resolve = await admin.gql<{ resolveDesktopError: { status: string; fixedVersion: string } }>(
      'mutation($e: ID!){ resolveDesktopError(errorId: $e, fixedVersion: "7.5.0110"){ status fixedVersion } }',
      { e: id },
    );
    expect(resolve.data?.resolveDesktopError).toEqual({ status: "RESOLVED", fixedVersion: "7.5.0110" });
    await post("errors", { errors: [anError({ message })] });
    expect(await server.prisma.desktopError.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "ACTIVE",
      errorCount: 6,
      fixedVersion: "7.5.0110",
    });
  });

  test("sync loads and relay heartbeats land in hourly rollups, sources and the branch's last WTD sync", async () => {
    const now = clock.nowMs();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const r = await post("sync-loads", {
      loads: [
        { channel: "WEB_SYNC", startedAt: at(10), durationMs: 800, success: true, records: 12, version: "3.9.0" },
        { channel: "WEB_SYNC", startedAt: at(5), durationMs: 1200, success: false, error: "HTTP 503" },
        { channel: "WTD_SYNC", startedAt: at(3), durationMs: 4000, success: true, records: 300 },
      ],
    });
    expect(r).toMatchObject({ status: 202, body: { accepted: 3 } });
    const hb = await post("relay-heartbeats", {
      heartbeats: [
        {
          relay: "MOBILE",
          relayId: "truck-12",
          deviceName: "Truck 12",
          sentAt: at(1),
          requests: 40,
          failures: 2,
          averageLatencyMs: 150,
        },
        { relay: "TERMINAL", relayId: "lane-1", sentAt: at(1), requests: 5, failures: 0, averageLatencyMs: 900 },
      ],
    });
    expect(hb).toMatchObject({ status: 202, body: { accepted: 2 } });
    const b = await server.prisma.branch.findUniqueOrThrow({ where: { id: branch.id } });
    expect(b.lastWtdSync?.toISOString()).toBe(new Date(now - 3 * 60_000 + 4000).toISOString());
    expect(b.webSyncVersion).toBe("3.9.0");

    const q = `query($s: DateTime!, $e: DateTime!, $b: ID!){
      syncMetrics(channel: WEB_SYNC, start: $s, end: $e, branchId: $b){ bucket branches{ branch{ id } loads successes failures averageLatencyMs lastError lastSuccessAt } series{ at loads failures } }
      mobileRelayMetrics(start: $s, end: $e, branchId: $b){ branches{ loads failures averageLatencyMs } sources{ sourceId deviceName lastSeenAt } }
      terminalRelayMetrics(start: $s, end: $e, branchId: $b){ branches{ loads failures } sources{ sourceId } }
      recentSyncLoads(branchId: $b){ channel success durationMs error }
    }`;
    const vars = {
      s: new Date(now - 86_400_000).toISOString(),
      e: new Date(now + 3_600_000).toISOString(),
      b: branch.id,
    };
    const res = await admin.gql<{
      syncMetrics: { bucket: string; branches: Record<string, unknown>[]; series: { loads: number }[] };
      mobileRelayMetrics: { branches: Record<string, unknown>[]; sources: Record<string, unknown>[] };
      terminalRelayMetrics: { branches: Record<string, unknown>[]; sources: Record<string, unknown>[] };
      recentSyncLoads: Record<string, unknown>[];
    }>(q, vars);
    expect(res.errors).toBeUndefined();
    const d = res.data!;
    expect(d.syncMetrics.bucket).toBe("hour");
    expect(d.syncMetrics.branches).toEqual([
      expect.objectContaining({ loads: 2, successes: 1, failures: 1, averageLatencyMs: 1000, lastError: "HTTP 503" }),
    ]);
    expect(d.syncMetrics.series.reduce((s, p) => s + p.loads, 0)).toBe(2);
    expect(d.mobileRelayMetrics.branches).toEqual([{ loads: 40, failures: 2, averageLatencyMs: 150 }]);
    expect(d.mobileRelayMetrics.sources).toEqual([
      expect.objectContaining({ sourceId: "truck-12", deviceName: "Truck 12" }),
    ]);
    expect(d.terminalRelayMetrics.sources).toEqual([{ sourceId: "lane-1" }]);
    expect(d.recentSyncLoads.map((l) => l.channel)).toEqual(["WTD_SYNC", "WEB_SYNC", "WEB_SYNC"]);

    // others are refused: an employee with every permission, and a visitor
    for (const c of [employee, new Client(server.url, branch.host)]) {
      const refused = await c.gql(q, vars);
      expect(refused.data).toBeNull();
      expect(["FORBIDDEN", "UNAUTHENTICATED"]).toContain(refused.errors?.[0]?.extensions?.code as string);
    }
  });

  test("at most 120 requests a minute per branch and endpoint (429 with Retry-After)", async () => {
    // Started just after a minute begins, so that the requests stay in one fixed window.
    clock.startAt(new Date(Math.ceil(clock.nowMs() / 60_000) * 60_000 + 1000));
    try {
      await rateLimited();
    } finally {
      clock.startAt(null);
    }
  }, 60_000);
});

async function rateLimited() {
  {
    const limited = await factories(server.prisma).branch();
    const beat = {
      heartbeats: [{ relay: "TERMINAL", relayId: "t", sentAt: clock.now().toISOString(), requests: 0, failures: 0 }],
    };
    let status = 0;
    for (let i = 0; i < TELEMETRY_RATE.limit; i++) {
      status = (await post("relay-heartbeats", beat, limited.apiKey)).status;
      if (status !== 202) break;
    }
    expect(status).toBe(202);
    const over = await post("relay-heartbeats", beat, limited.apiKey);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // another endpoint of the same branch has its own allowance
    expect((await post("errors", { errors: [anError()] }, limited.apiKey)).status).toBe(202);
  }
}

describe("numbers outside their columns, wrong keys, the demo's keys", () => {
  const INT32_MAX = 2_147_483_647;

  test("a number a column cannot hold is a 400 naming the field, and nothing is stored", async () => {
    const before = await server.prisma.desktopError.count({ where: { branchId: branch.id } });
    const now = clock.now().toISOString();
    const cases: [string, unknown, string][] = [
      ["errors", { errors: [anError({ errorNo: 2 ** 40 })] }, "errors[0].errorNo: must be at most 2147483647"],
      ["errors", { errors: [anError({ errorNo: -(2 ** 40) })] }, "errors[0].errorNo: must be at least -2147483648"],
      ["errors", { errors: [anError({ errorNo: 2 ** 31 })] }, "errors[0].errorNo: must be at most 2147483647"],
      ["errors", { errors: [anError({ lineNum: 2 ** 40 })] }, "errors[0].lineNum: must be at most 10000000"],
      ["errors", { errors: [anError({ count: 2 ** 40 })] }, "errors[0].count: "],
      ["errors", { errors: [anError({ errorNo: 1.5 })] }, "errors[0].errorNo: must be a whole number"],
      [
        "sync-loads",
        { loads: [{ channel: "WEB_SYNC", startedAt: now, durationMs: 10, success: true, records: 2 ** 40 }] },
        "loads[0].records: must be at most 2147483647",
      ],
      [
        "sync-loads",
        { loads: [{ channel: "WEB_SYNC", startedAt: now, durationMs: 2 ** 40, success: true }] },
        "loads[0].durationMs: must be at most 86400000 (a day)",
      ],
      [
        "relay-heartbeats",
        { heartbeats: [{ relay: "MOBILE", relayId: "r", sentAt: now, requests: 2 ** 40, failures: 0 }] },
        "heartbeats[0].requests: must be at most 1000000",
      ],
      [
        "relay-heartbeats",
        {
          heartbeats: [{ relay: "MOBILE", relayId: "r", sentAt: now, requests: 1, failures: 0, maxLatencyMs: 2 ** 40 }],
        },
        "heartbeats[0].maxLatencyMs: must be at most 3600000 (an hour)",
      ],
      // (JSON's 1e400 is Infinity once parsed)
      ["errors", '{"errors":[{"severity":"ERROR","message":"m","errorNo":1e400}]}', "errors[0].errorNo: "],
    ];
    for (const [path, body, message] of cases) {
      const r = await post(path, body);
      expect({ path, status: r.status }).toEqual({ path, status: 400 });
      expect(r.body.error).toStartWith(message);
    }
    expect(await server.prisma.desktopError.count({ where: { branchId: branch.id } })).toBe(before);
    // The largest and smallest values that fit are taken.
    const fits = await post("errors", {
      errors: [anError({ message: `fits ${crypto.randomUUID()}`, errorNo: -2_147_483_648 })],
    });
    expect(fits.status).toBe(202);
  });

  test("counters that add reports up stop at the largest 32-bit value instead of failing", async () => {
    const own = await factories(server.prisma).branch();
    const message = `Saturated ${crypto.randomUUID()}`;
    const error = { severity: "INFO", message, count: 10_000 };
    expect((await post("errors", { errors: [error] }, own.apiKey)).status).toBe(202);
    await server.prisma.desktopError.updateMany({ where: { message }, data: { errorCount: INT32_MAX - 5 } });
    await server.prisma.desktopErrorTally.updateMany({
      where: { error: { message } },
      data: { count: INT32_MAX - 5 },
    });
    expect((await post("errors", { errors: [error] }, own.apiKey)).status).toBe(202);
    const row = await server.prisma.desktopError.findFirstOrThrow({ where: { message }, include: { tallies: true } });
    expect(row.errorCount).toBe(INT32_MAX);
    expect(row.tallies.map((t) => t.count)).toEqual([INT32_MAX]);

    // The hourly rollup of a relay, and the console's sums over many hours.
    const hour = new Date(Math.floor(clock.nowMs() / 3_600_000) * 3_600_000);
    const full = { loads: INT32_MAX - 5, successes: INT32_MAX - 5, failures: 0, latencyMsTotal: 1, maxLatencyMs: 1 };
    await server.prisma.telemetryHourly.createMany({
      data: [0, 1, 2].map((h) => ({
        branchId: own.id,
        channel: "MOBILE_RELAY" as const,
        hour: new Date(hour.getTime() - h * 3_600_000),
        ...full,
      })),
    });
    const beat = {
      relay: "MOBILE",
      relayId: "full",
      sentAt: clock.now().toISOString(),
      requests: 1_000_000,
      failures: 0,
    };
    expect((await post("relay-heartbeats", { heartbeats: [beat] }, own.apiKey)).status).toBe(202);
    const rollup = await server.prisma.telemetryHourly.findUniqueOrThrow({
      where: { branchId_channel_hour: { branchId: own.id, channel: "MOBILE_RELAY", hour } },
    });
    expect(rollup).toMatchObject({ loads: INT32_MAX, successes: INT32_MAX });
    const metrics = await admin.gql<{ mobileRelayMetrics: { branches: { loads: number }[] } }>(
      `query($s: DateTime!, $e: DateTime!, $b: ID!){ mobileRelayMetrics(start: $s, end: $e, branchId: $b){ branches{ loads } series{ loads } } }`,
      {
        s: new Date(hour.getTime() - 86_400_000).toISOString(),
        e: new Date(hour.getTime() + 3_600_000).toISOString(),
        b: own.id,
      },
    );
    expect(metrics.errors).toBeUndefined();
    expect(metrics.data?.mobileRelayMetrics.branches).toEqual([{ loads: INT32_MAX }]);
    await server.prisma.desktopError.deleteMany({ where: { message } });
  });

  test("wrong keys from an address do not lock the right key out; past the limit they answer 429", async () => {
    const own = await factories(server.prisma).branch();
    const beat = {
      heartbeats: [{ relay: "TERMINAL", relayId: "t", sentAt: clock.now().toISOString(), requests: 0, failures: 0 }],
    };
    let status = 0;
    for (let i = 0; i < BAD_KEY_RATE.limit + 2; i++) {
      status = (await post("relay-heartbeats", beat, `wrong-${i}`)).status;
    }
    expect(status).toBe(429);
    // Someone else behind the same address, with the right key, is served.
    expect((await post("relay-heartbeats", beat, own.apiKey)).status).toBe(202);
    expect((await post("relay-heartbeats", beat, own.apiKey)).status).toBe(202);
    // and wrong keys from there are still refused for a while
    expect((await post("relay-heartbeats", beat, "wrong-again")).status).toBe(429);
  });

  test("the demo's API keys are drawn at random when it is seeded, like the console's keys", async () => {
    const seeded = await server.prisma.branch.findMany({
      where: { host: { in: ["demo", "north", "closed"] } },
      select: { host: true, apiKey: true },
    });
    expect(seeded).toHaveLength(3);
    for (const b of seeded) expect(b.apiKey).toMatch(/^rwk_[A-Za-z0-9_-]{32}$/);
    // Seeding again (another database) draws other keys; the seed returns them (seedTelemetry passes
    // them on), and they work.
    const apiKeys = await server.prisma.$transaction((tx) => seedApiKeys(tx));
    for (const b of seeded) {
      expect(apiKeys[b.host]).toMatch(/^rwk_[A-Za-z0-9_-]{32}$/);
      expect(apiKeys[b.host]).not.toBe(b.apiKey);
    }
    const demo = await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } });
    expect(demo.apiKey).toBe(apiKeys.demo!);
    expect((await post("errors", { errors: [anError({ severity: "INFO" })] }, apiKeys.demo!)).status).toBe(202);
  });
});

describe("desktop errors in the admin console", () => {
  test("listed by period and severity, one in detail; super admins only", async () => {
    await post("errors", {
      errors: [
        anError({ severity: "FATAL", message: "Fatal one", machineName: "FRONT-DESK", windowsVersion: "Windows 10" }),
      ],
    });
    const q = `query($s: DateTime!, $e: DateTime!, $v: [DesktopErrorSeverity!]){
      desktopErrors(start: $s, end: $e, severities: $v){ id message severity errorCount branch{ id } status } }`;
    const now = clock.nowMs();
    const vars = { s: new Date(now - 3_600_000).toISOString(), e: new Date(now + 60_000).toISOString(), v: ["FATAL"] };
    const list = await admin.gql<{ desktopErrors: { id: string; message: string; severity: string }[] }>(q, vars);
    const mine = list.data!.desktopErrors.filter((e) => e.message === "Fatal one");
    expect(mine).toHaveLength(1);
    expect(list.data!.desktopErrors.every((e) => e.severity === "FATAL")).toBe(true);

    const detail = await admin.gql<{ desktopError: Record<string, unknown> }>(
      "query($e: ID!){ desktopError(errorId: $e){ machineName windowsVersion status error{ message program lineNum branch{ id } } } }",
      { e: mine[0]!.id },
    );
    expect(detail.data?.desktopError).toEqual({
      machineName: "FRONT-DESK",
      windowsVersion: "Windows 10",
      status: "ACTIVE",
      error: { message: "Fatal one", program: "RouteSheetPrint", lineNum: 412, branch: { id: branch.id } },
    });
    const unknown = await admin.gql('query{ desktopError(errorId: "nope"){ status } }');
    expect(unknown.errors?.[0]?.message).toBe("Unknown error.");
    const backwards = await admin.gql(q, { ...vars, s: vars.e, e: vars.s });
    expect(backwards.errors?.[0]?.message).toBe("The end must be after the start.");

    const unresolve = await admin.gql<{ unresolveDesktopError: { status: string } }>(
      "mutation($e: ID!){ unresolveDesktopError(errorId: $e){ status } }",
      { e: mine[0]!.id },
    );
    expect(unresolve.data?.unresolveDesktopError.status).toBe("ACTIVE");

    const refused = await employee.gql(q, vars);
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const resolveRefused = await employee.gql("mutation($e: ID!){ resolveDesktopError(errorId: $e){ status } }", {
      e: mine[0]!.id,
    });
    expect(resolveRefused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("the demo has a month of telemetry for demo and north, and one RAISED alert", async () => {
    const demo = await server.prisma.branch.findUniqueOrThrow({ where: { host: "demo" } });
    const north = await server.prisma.branch.findUniqueOrThrow({ where: { host: "north" } });
    for (const b of [demo, north]) {
      expect(await server.prisma.desktopError.count({ where: { branchId: b.id } })).toBeGreaterThan(3);
      const hours = await server.prisma.telemetryHourly.findMany({ where: { branchId: b.id, channel: "WEB_SYNC" } });
      const span = Math.max(...hours.map((h) => +h.hour)) - Math.min(...hours.map((h) => +h.hour));
      expect(span).toBeGreaterThanOrEqual(29 * 86_400_000);
    }
    const alerts = await admin.gql<{ errorAlerts: { name: string; status: string }[] }>(
      "{ errorAlerts{ name status } }",
    );
    expect(alerts.data?.errorAlerts.filter((a) => a.status === "RAISED").map((a) => a.name)).toContain(
      "Fatal errors today",
    );
    // the seeded burst holds it raised: evaluating changes nothing for it
    const outcome = (await evaluateErrorAlerts(server.runtime)).find((o) => o.name === "Fatal errors today");
    expect(outcome?.event).toBeNull();
    expect(outcome?.count).toBeGreaterThanOrEqual(10);
  });
});

describe("error alerts", () => {
  test("CRUD with clear messages, super admins only", async () => {
    const upsert = `mutation($i: ErrorAlertInput!){ upsertErrorAlert(input: $i){ id name status windowMinutes } }`;
    const input = {
      name: "  Printing trouble ",
      windowMinutes: 30,
      threshold: 5,
      severity: "WARNING",
      minutesBetweenAlerts: 60,
      slackChannelId: "#printing",
      disabled: true,
    };
    const bad = await admin.gql(upsert, { i: { ...input, windowMinutes: 0 } });
    expect(bad.errors?.[0]?.message).toBe("Window must be at least 1 minute.");
    const badSlack = await admin.gql(upsert, { i: { ...input, slackChannelId: "not a channel!" } });
    expect(badSlack.errors?.[0]?.message).toBe("Slack channel is a name like #alerts or an id like C0123456.");
    const created = await admin.gql<{ upsertErrorAlert: { id: string; name: string; status: string } }>(upsert, {
      i: input,
    });
    expect(created.data?.upsertErrorAlert).toMatchObject({ name: "Printing trouble", status: "DISABLED" });
    const id = created.data!.upsertErrorAlert.id;
    const enabled = await admin.gql<{ upsertErrorAlert: { status: string; windowMinutes: number } }>(upsert, {
      i: { ...input, id, disabled: false, windowMinutes: 45 },
    });
    expect(enabled.data?.upsertErrorAlert).toMatchObject({ status: "WATCHING", windowMinutes: 45 });

    const exclusion = `mutation($i: ErrorAlertExclusionInput!){ addErrorAlertExclusion(input: $i){ id message } }`;
    const start = clock.now().toISOString();
    const empty = await admin.gql(exclusion, { i: { message: "", program: "", start, comment: "" } });
    expect(empty.errors?.[0]?.message).toBe("Give a message, a program or a line to exclude.");
    const backwards = await admin.gql(exclusion, {
      i: { message: "x", program: "", start, end: new Date(clock.nowMs() - 60_000).toISOString(), comment: "" },
    });
    expect(backwards.errors?.[0]?.message).toBe("The end must be after the start.");
    const added = await admin.gql<{ addErrorAlertExclusion: { id: string } }>(exclusion, {
      i: { message: "Zebra", program: "PrintService", start, comment: "rollout" },
    });
    const exclusionId = added.data!.addErrorAlertExclusion.id;
    const active = await admin.gql<{ errorAlertExclusions: { id: string }[] }>(
      "{ errorAlertExclusions(activeOnly: true){ id } }",
    );
    expect(active.data?.errorAlertExclusions.map((e) => e.id)).toContain(exclusionId);
    const all = await admin.gql<{ errorAlertExclusions: { id: string }[] }>(
      "{ errorAlertExclusions(activeOnly: false){ id } }",
    );
    expect(all.data!.errorAlertExclusions.length).toBeGreaterThan(active.data!.errorAlertExclusions.length);

    for (const q of ["{ errorAlerts{ id } }", "{ errorAlertExclusions(activeOnly: false){ id } }"])
      expect((await employee.gql(q)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const removeRefused = await employee.gql("mutation($a: ID!){ removeErrorAlert(alertId: $a){ isSuccess } }", {
      a: id,
    });
    expect(removeRefused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const removed = await admin.gql<{ removeErrorAlert: { isSuccess: boolean } }>(
      "mutation($a: ID!){ removeErrorAlert(alertId: $a){ isSuccess } }",
      { a: id },
    );
    expect(removed.data?.removeErrorAlert.isSuccess).toBe(true);
    const again = await admin.gql("mutation($a: ID!){ removeErrorAlert(alertId: $a){ isSuccess } }", { a: id });
    expect(again.errors?.[0]?.message).toBe("Unknown alert.");
    const removedExclusion = await admin.gql<{ removeErrorAlertExclusion: { isSuccess: boolean } }>(
      "mutation($x: ID!){ removeErrorAlertExclusion(exclusionId: $x){ isSuccess } }",
      { x: exclusionId },
    );
    expect(removedExclusion.data?.removeErrorAlertExclusion.isSuccess).toBe(true);
  });

  test("an alert crosses its threshold from posted telemetry: raised, mailed to the SMTP sink, posted to Slack, then cleared", async () => {
    const program = `Checkout${crypto.randomUUID().slice(0, 8)}`;
    const created = await admin.gql<{ upsertErrorAlert: { id: string } }>(
      `mutation($i: ErrorAlertInput!){ upsertErrorAlert(input: $i){ id } }`,
      {
        i: {
          name: `${program} failures`,
          windowMinutes: 10,
          threshold: 4,
          severity: "FATAL",
          minutesBetweenAlerts: 30,
          slackChannelId: "#wtd-alerts",
          disabled: false,
        },
      },
    );
    const alertId = created.data!.upsertErrorAlert.id;
    // Half an hour on, the window holds only what this test posts (earlier FATAL errors are older).
    clock.startAt(new Date(clock.nowMs() + 30 * 60_000));
    try {
      await crossThreshold(program, alertId);
    } finally {
      clock.startAt(null);
    }
  });
});

async function crossThreshold(program: string, alertId: string) {
  {
    const outcome = async () => (await evaluateErrorAlerts(server.runtime)).find((o) => o.alertId === alertId)!;

    // Three FATAL errors (under the threshold) and two excluded ones: still watching.
    await post("errors", { errors: [anError({ severity: "FATAL", program, message: "Card reader lost", count: 3 })] });
    await admin.gql(`mutation($i: ErrorAlertExclusionInput!){ addErrorAlertExclusion(input: $i){ id } }`, {
      i: { message: "known glitch", program, start: new Date(clock.nowMs() - 60_000).toISOString(), comment: "" },
    });
    await post("errors", { errors: [anError({ severity: "FATAL", program, message: "A known glitch", count: 2 })] });
    // ERROR is below the alert's severity
    await post("errors", { errors: [anError({ severity: "ERROR", program, message: "Minor", count: 5 })] });
    expect(await outcome()).toMatchObject({ event: null, count: 3 });

    // One more crosses it.
    await post("errors", { errors: [anError({ severity: "FATAL", program, message: "Card reader lost" })] });
    expect(await outcome()).toMatchObject({ event: "RAISED", count: 4 });
    // every super admin is mailed: the demo's and this test's
    const mail = await sink.waitFor(
      (m) => m.subject === `Raised: ${program} failures` && m.to.includes(adminEmail.toLowerCase()),
      10_000,
    );
    await sink.waitFor((m) => m.subject === `Raised: ${program} failures` && m.to.includes("admin@demo.test"));
    expect(mail.text).toContain("4 FATAL or worse errors in the last 10 minutes, threshold 4");
    const slackPost = slackPosts.find((p) => p.text.startsWith(`Raised: ${program} failures`));
    expect(slackPost?.channel).toBe("#wtd-alerts");
    const raised = await server.prisma.errorAlert.findUniqueOrThrow({ where: { id: alertId } });
    expect(raised.status).toBe("RAISED");
    expect(raised.lastRaised).not.toBeNull();

    // Evaluated again at once: no second mail (minutes between alerts).
    expect((await outcome()).event).toBeNull();

    // Eleven minutes later the window holds none of them: cleared, and that is mailed too.
    clock.startAt(new Date(clock.nowMs() + 11 * 60_000));
    expect(await outcome()).toMatchObject({ event: "CLEARED", count: 0 });
    await sink.waitFor((m) => m.subject === `Cleared: ${program} failures`, 10_000);
    const events = await admin.gql<{
      errorAlerts: { id: string; status: string; recentEvents: Record<string, unknown>[] }[];
    }>("{ errorAlerts{ id status recentEvents{ kind errorCount mailedTo slackSent } } }");
    const mine = events.data!.errorAlerts.find((a) => a.id === alertId)!;
    expect(mine.status).toBe("WATCHING");
    expect(mine.recentEvents.map((e) => e.kind)).toEqual(["CLEARED", "RAISED"]);
    expect(mine.recentEvents[1]).toMatchObject({ errorCount: 4, slackSent: true });
    expect(mine.recentEvents[1]!.mailedTo as number).toBeGreaterThanOrEqual(1);
  }
}

describe("error alerts when Slack fails", () => {
  test("a refused webhook is recorded as not sent; the mail still goes and the alert is raised", async () => {
    const program = `Slackless${crypto.randomUUID().slice(0, 8)}`;
    const created = await admin.gql<{ upsertErrorAlert: { id: string } }>(
      `mutation($i: ErrorAlertInput!){ upsertErrorAlert(input: $i){ id } }`,
      {
        i: {
          name: `${program} alert`,
          windowMinutes: 5,
          threshold: 2,
          severity: "FATAL",
          minutesBetweenAlerts: 30,
          slackChannelId: "",
          disabled: false,
        },
      },
    );
    const alertId = created.data!.upsertErrorAlert.id;
    slackStatus = 500;
    // An hour on, the window holds only what this test posts.
    clock.startAt(new Date(clock.nowMs() + 60 * 60_000));
    try {
      await post("errors", { errors: [anError({ severity: "FATAL", program, count: 2 })] });
      const outcome = (await evaluateErrorAlerts(server.runtime)).find((o) => o.alertId === alertId);
      expect(outcome).toMatchObject({ event: "RAISED", count: 2 });
    } finally {
      clock.startAt(null);
      slackStatus = 200;
    }
    await sink.waitFor((m) => m.subject === `Raised: ${program} alert`, 10_000);
    const [event] = await server.prisma.errorAlertEvent.findMany({ where: { alertId } });
    expect(event).toMatchObject({ kind: "RAISED", slackSent: false });
    expect(event!.mailedTo).toBeGreaterThanOrEqual(1);
    expect((await server.prisma.errorAlert.findUniqueOrThrow({ where: { id: alertId } })).status).toBe("RAISED");
  });
});

describe("telemetry jobs", () => {
  test("the evaluation and prune jobs are scheduled; pruning keeps 48 hours of individual loads", async () => {
    const jobs = await createTestServer({ JOBS: "off" });
    try {
      await jobs.runtime.jobs.start();
      const schedules = (await jobs.runtime.jobs.instance!.getSchedules()).map((s) => s.name);
      expect(schedules).toEqual(expect.arrayContaining([ERROR_ALERTS_QUEUE, TELEMETRY_PRUNE_QUEUE]));
    } finally {
      await jobs.close();
    }
    const before = await server.prisma.syncLoad.count({ where: { branchId: branch.id } });
    expect(before).toBeGreaterThan(0);
    await pruneTelemetry(server.prisma, new Date(clock.nowMs() + 3 * 86_400_000));
    expect(await server.prisma.syncLoad.count({ where: { branchId: branch.id } })).toBe(0);
    // the hourly rollups stay
    expect(await server.prisma.telemetryHourly.count({ where: { branchId: branch.id } })).toBeGreaterThan(0);
  });
});
