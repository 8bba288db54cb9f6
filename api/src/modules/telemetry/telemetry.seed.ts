import { randomBytes } from "node:crypto";
import { clock } from "../../clock.ts";
import { insertRows, seededRandom } from "../../db/seed-tools.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { errorFingerprint } from "./telemetry.ingest.ts";
import { BUILDS, type Channel, DAY, DAYS, ERRORS, HOUR, MACHINES, MINUTE, USERS } from "./telemetry.seed-data.ts";

// Demo telemetry for the admin console: a month of desktop errors, sync loads and relay traffic for
// `demo` and `north`, three error alerts (one RAISED by a burst of FATAL errors in the last hours, one
// WATCHING, one DISABLED) and two exclusions (one active, one past). North's web sync had a three-hour
// outage ten days ago and one of its mobile relays stopped reporting two days ago.
//
// The seeded branches' API keys (what telemetry authenticates with) are drawn here at random, so that no
// two seeded databases share one: the rest of the demo comes from a fixed-seed generator, and a key
// from it would be the same, and public, in every database seeded from this code. Tests and tools
// read a branch's key from the database (or reset it in the console), never a fixed value.
//
// Runs inside seedDemo's transaction. Times are relative to now on the business clock, values come
// from a fixed-seed generator, rows go in as one JSON parameter per table (a few thousand rows).
// The fixed material it draws from (errors, builds, users, machines): telemetry.seed-data.ts.

type Tx = Prisma.TransactionClient;

/** The demo's branches (their hosts), whose API keys are drawn at random. */
const SEEDED_HOSTS = ["demo", "north", "closed"];

/** A branch API key as the console makes them (admin/branches.service.ts): 24 random bytes. */
const randomApiKey = () => `rwk_${randomBytes(24).toString("base64url")}`;

/** Draws the seeded branches' API keys at random; returns them by host. */
export async function seedApiKeys(tx: Tx): Promise<Record<string, string>> {
  const keys: Record<string, string> = {};
  for (const host of SEEDED_HOSTS) {
    const apiKey = randomApiKey();
    const { count } = await tx.branch.updateMany({ where: { host }, data: { apiKey } });
    if (count) keys[host] = apiKey;
  }
  return keys;
}

/** The demo's telemetry; returns the seeded branches' API keys (drawn at random), by host. */
export async function seedTelemetry(tx: Tx, now = clock.now()): Promise<{ apiKeys: Record<string, string> }> {
  const apiKeys = await seedApiKeys(tx);
  const branches = await tx.branch.findMany({ where: { host: { in: ["demo", "north"] } } });
  const demo = branches.find((b) => b.host === "demo");
  const north = branches.find((b) => b.host === "north");
  if (!demo || !north) return { apiKeys };
  const g = seededRandom(1061);
  const nowMs = now.getTime();
  const thisHour = Math.floor(nowMs / HOUR) * HOUR;
  const errors: object[] = [];
  const tallies: object[] = [];
  const hourly: object[] = [];
  const loads: object[] = [];
  const sources: object[] = [];
  const seen = new Set<string>();

  // ── desktop errors: each distinct error occurs on some days, a few times a day ──
  for (const [host, branch, share] of [
    ["demo", demo, 1],
    ["north", north, 0.5],
  ] as const) {
    const users = USERS[host];
    const machines = MACHINES[host];
    for (const [i, e] of ERRORS.entries()) {
      if (host === "north" && i % 2 === 1) continue;
      const buildVersion = g.pick(BUILDS);
      const days = Math.max(1, Math.round(g.int(2, 14) * share));
      const id = g.uuid();
      let count = 0;
      let first = nowMs;
      let last = 0;
      for (let d = 0; d < days; d++) {
        const at = Math.floor((nowMs - g.int(1, DAYS - 1) * DAY - g.int(0, 23) * HOUR) / MINUTE) * MINUTE;
        const n = e.severity === "INFO" ? g.int(3, 20) : g.int(1, 6);
        if (seen.has(`${id}:${at}`)) continue;
        seen.add(`${id}:${at}`);
        tallies.push({ errorId: id, bucketStart: new Date(at).toISOString(), count: n });
        count += n;
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
      // The startup crash is happening right now at demo: the burst behind the RAISED alert.
      if (host === "demo" && e.program === "Startup") {
        for (let k = 0; k < 8; k++) {
          const at = Math.floor((nowMs - (k * 35 + 5) * MINUTE) / MINUTE) * MINUTE;
          tallies.push({ errorId: id, bucketStart: new Date(at).toISOString(), count: 2 });
          count += 2;
          last = Math.max(last, at);
        }
      }
      const resolved = i === 5 || i === 9;
      errors.push({
        id,
        branchId: branch.id,
        fingerprint: errorFingerprint({ ...e, buildVersion }),
        severity: e.severity,
        message: e.message,
        callStack: e.stack,
        program: e.program,
        lineNum: e.lineNum,
        buildVersion,
        errorNo: e.severity === "FATAL" ? -2146233088 : g.int(5, 99),
        loginUserName: g.pick(users),
        machineName: g.pick(machines),
        windowsVersion: g.pick(["Windows 10 Pro 22H2", "Windows 11 Pro 23H2", "Windows Server 2019"]),
        loginInstanceId: String(g.int(10_000, 99_999)),
        retried: g.next() < 0.3,
        fixedVersion: resolved ? "7.5.0110" : "",
        errorCount: count,
        firstSeen: new Date(first).toISOString(),
        logTime: new Date(last).toISOString(),
        status: resolved ? "RESOLVED" : "ACTIVE",
        resolvedAt: resolved ? new Date(last + 3 * HOUR).toISOString() : null,
      });
    }
  }

  // ── hourly traffic: web sync every 5 minutes, WTD sync hourly-ish, relays by business hours ──
  const outageStart = thisHour - 10 * DAY + 14 * HOUR - (thisHour % DAY);
  for (const [branch, size] of [
    [demo, 1],
    [north, 0.4],
  ] as const) {
    for (let h = DAYS * 24; h >= 0; h--) {
      const hour = thisHour - h * HOUR;
      const local = new Date(hour).getUTCHours() - 6; // the demo branches are on Central time
      const open = local >= 7 && local < 18;
      const down = branch === north && hour >= outageStart && hour < outageStart + 3 * HOUR;
      const add = (channel: Channel, full: number, failRate: number, base: number, spread: number) => {
        // the current hour has had only part of its traffic yet
        const n = h === 0 ? Math.round((full * (nowMs - thisHour)) / HOUR) : full;
        if (n <= 0) return;
        let failures = 0;
        if (down && channel === "WEB_SYNC") failures = n;
        else for (let k = 0; k < n; k++) if (g.next() < failRate) failures++;
        const avg = base + g.int(0, spread);
        hourly.push({
          branchId: branch.id,
          channel,
          hour: new Date(hour).toISOString(),
          loads: n,
          successes: n - failures,
          failures,
          latencyMsTotal: avg * n,
          maxLatencyMs: avg + g.int(spread, spread * 4),
        });
      };
      add("WEB_SYNC", 12, 0.02, 700, 900);
      add("WTD_SYNC", g.next() < 0.9 ? 1 : 0, 0.03, 4000, 6000);
      add("MOBILE_RELAY", open ? Math.round(g.int(40, 120) * size) : Math.round(g.int(0, 6) * size), 0.01, 180, 250);
      add("TERMINAL_RELAY", open ? Math.round(g.int(4, 18) * size) : 0, 0.015, 900, 1500);
    }
  }

  // ── the last 48 hours of individual sync loads ──
  for (const branch of [demo, north]) {
    for (let m = 48 * 60; m >= 15; m -= 15) {
      const startedAt = nowMs - m * MINUTE;
      const ok = g.next() > 0.03;
      loads.push({
        id: g.uuid(),
        branchId: branch.id,
        channel: "WEB_SYNC",
        startedAt: new Date(startedAt).toISOString(),
        durationMs: g.int(500, 2400),
        success: ok,
        records: ok ? g.int(0, 140) : 0,
        error: ok ? "" : g.pick(["HTTP 503 from the portal", "The operation has timed out", "Database is locked"]),
        receivedAt: new Date(startedAt + 3000).toISOString(),
      });
      if (m % 60 === 0)
        loads.push({
          id: g.uuid(),
          branchId: branch.id,
          channel: "WTD_SYNC",
          startedAt: new Date(startedAt).toISOString(),
          durationMs: g.int(3000, 11_000),
          success: true,
          records: g.int(20, 900),
          error: "",
          receivedAt: new Date(startedAt + 12_000).toISOString(),
        });
    }
  }

  // ── the reporting sources ──
  const iso = (ms: number) => new Date(ms).toISOString();
  const source = (
    branchId: string,
    channel: Channel,
    sourceId: string,
    deviceName: string,
    version: string,
    lastSeen: number,
    lastFailure: number | null,
    lastError = "",
  ) =>
    sources.push({
      branchId,
      channel,
      sourceId,
      deviceName,
      version,
      lastSeenAt: iso(lastSeen),
      lastSuccessAt: iso(lastSeen),
      lastFailureAt: lastFailure ? iso(lastFailure) : null,
      lastError: lastFailure ? lastError : "",
    });
  for (const branch of [demo, north]) {
    source(branch.id, "WEB_SYNC", "", "", "3.8.14", nowMs - 4 * MINUTE, nowMs - 9 * HOUR, "HTTP 503 from the portal");
    source(branch.id, "WTD_SYNC", "", "", "7.4.2231", nowMs - 38 * MINUTE, null);
  }
  source(demo.id, "MOBILE_RELAY", "relay-austin-1", "Truck 12 (Galaxy Tab A8)", "2.3.1", nowMs - 2 * MINUTE, null);
  source(
    demo.id,
    "MOBILE_RELAY",
    "relay-austin-2",
    "Truck 15 (Galaxy Tab A8)",
    "2.3.1",
    nowMs - 6 * MINUTE,
    nowMs - 3 * HOUR,
    "Upload refused: 413",
  );
  source(demo.id, "MOBILE_RELAY", "relay-austin-3", "Warehouse iPad", "2.2.9", nowMs - 11 * MINUTE, null);
  source(demo.id, "TERMINAL_RELAY", "term-front-desk", "Front desk (Lane 3000)", "1.9.0", nowMs - 1 * MINUTE, null);
  source(
    demo.id,
    "TERMINAL_RELAY",
    "term-will-call",
    "Will call (Lane 3000)",
    "1.9.0",
    nowMs - 14 * MINUTE,
    nowMs - 26 * HOUR,
    "Terminal busy",
  );
  source(north.id, "MOBILE_RELAY", "relay-north-1", "Truck 3 (Zebra ET40)", "2.3.1", nowMs - 3 * MINUTE, null);
  source(
    north.id,
    "MOBILE_RELAY",
    "relay-north-2",
    "Truck 7 (Zebra ET40)",
    "2.1.4",
    nowMs - 2 * DAY - 5 * HOUR,
    nowMs - 2 * DAY - 5 * HOUR,
    "No network",
  );
  source(north.id, "TERMINAL_RELAY", "term-north-office", "Office (Lane 3000)", "1.8.7", nowMs - 7 * MINUTE, null);

  // ── alerts, their history and exclusions ──
  const raisedAt = nowMs - 40 * MINUTE;
  const alerts = [
    {
      id: g.uuid(),
      name: "Fatal errors today",
      windowMinutes: 1440,
      threshold: 10,
      status: "RAISED",
      severity: "FATAL",
      alertEditedAt: iso(nowMs - 20 * DAY),
      lastRaised: iso(raisedAt),
      lastNotifiedAt: iso(raisedAt),
      minutesBetweenAlerts: 240,
      slackChannelId: "#wtd-alerts",
      createdAt: iso(nowMs - 20 * DAY),
    },
    {
      id: g.uuid(),
      name: "Error spike",
      windowMinutes: 15,
      threshold: 40,
      status: "WATCHING",
      severity: "ERROR",
      alertEditedAt: iso(nowMs - 12 * DAY),
      lastRaised: iso(nowMs - 6 * DAY - 5 * HOUR),
      lastNotifiedAt: iso(nowMs - 6 * DAY - 4 * HOUR),
      minutesBetweenAlerts: 60,
      slackChannelId: "",
      createdAt: iso(nowMs - 25 * DAY),
    },
    {
      id: g.uuid(),
      name: "Warnings (muted during the printer rollout)",
      windowMinutes: 60,
      threshold: 25,
      status: "DISABLED",
      severity: "WARNING",
      alertEditedAt: iso(nowMs - 3 * DAY),
      lastRaised: null,
      lastNotifiedAt: null,
      minutesBetweenAlerts: 120,
      slackChannelId: "",
      createdAt: iso(nowMs - 3 * DAY),
    },
  ];
  const [fatal, spike] = alerts as unknown as [{ id: string }, { id: string }];
  const events = [
    {
      id: g.uuid(),
      alertId: spike.id,
      kind: "RAISED",
      errorCount: 46,
      at: iso(nowMs - 6 * DAY - 5 * HOUR),
      mailedTo: 1,
      slackSent: false,
    },
    {
      id: g.uuid(),
      alertId: spike.id,
      kind: "CLEARED",
      errorCount: 12,
      at: iso(nowMs - 6 * DAY - 4 * HOUR),
      mailedTo: 1,
      slackSent: false,
    },
    {
      id: g.uuid(),
      alertId: fatal.id,
      kind: "RAISED",
      errorCount: 11,
      at: iso(nowMs - 16 * DAY),
      mailedTo: 1,
      slackSent: false,
    },
    {
      id: g.uuid(),
      alertId: fatal.id,
      kind: "CLEARED",
      errorCount: 4,
      at: iso(nowMs - 15 * DAY),
      mailedTo: 1,
      slackSent: false,
    },
    {
      id: g.uuid(),
      alertId: fatal.id,
      kind: "RAISED",
      errorCount: 12,
      at: iso(raisedAt),
      mailedTo: 1,
      slackSent: false,
    },
  ];
  const exclusions = [
    {
      id: g.uuid(),
      message: "Printer not found",
      program: "PrintService",
      lineNum: null,
      start: iso(nowMs - 5 * DAY),
      end: iso(nowMs + 25 * DAY),
      comment: "Zebra printers are being replaced this month.",
      createdAt: iso(nowMs - 5 * DAY),
    },
    {
      id: g.uuid(),
      message: "Update check skipped",
      program: "",
      lineNum: null,
      start: iso(nowMs - 40 * DAY),
      end: iso(nowMs - 20 * DAY),
      comment: "Update server migration.",
      createdAt: iso(nowMs - 40 * DAY),
    },
  ];

  await insertRows(tx, "DesktopError", errors);
  await insertRows(tx, "DesktopErrorTally", tallies);
  await insertRows(tx, "TelemetryHourly", hourly);
  await insertRows(tx, "SyncLoad", loads);
  await insertRows(tx, "TelemetrySource", sources);
  await insertRows(tx, "ErrorAlert", alerts);
  await insertRows(tx, "ErrorAlertEvent", events);
  await insertRows(tx, "ErrorAlertExclusion", exclusions);
  await tx.branch.updateMany({
    where: { id: { in: [demo.id, north.id] } },
    data: { lastWtdSync: new Date(nowMs - 38 * MINUTE + 8000), webSyncVersion: "3.8.14" },
  });
  return { apiKeys };
}
