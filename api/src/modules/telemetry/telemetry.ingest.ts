import { createHash } from "node:crypto";
import { z } from "zod";
import { clock } from "../../clock.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { DesktopErrorSeverity, TelemetryChannel } from "../../generated/prisma/enums.ts";

// What desktop clients, mobile relays and payment terminals report (POST /telemetry/*), checked and
// stored compactly:
// - an error is folded into the branch's row for the same severity, program, line, build and message
//   (its fingerprint): the count grows and the latest occurrence's user, machine and stack replace the
//   previous ones; a per-minute tally (by arrival time) feeds the alert windows. A resolved error that
//   comes back is active again.
// - a sync load is kept as one row for 48 hours and added to its branch's hourly rollup at once, which
//   is what the charts read and what stays after the prune job.
// - a relay heartbeat (requests and failures since the previous one) goes into the same hourly rollup
//   under the relay's channel, and updates the relay's last-seen row.

export const MAX_ITEMS = 100;
const MINUTE = 60_000;
/** Reports dated further ahead than this (clock skew) are refused. */
const MAX_FUTURE_MS = 5 * MINUTE;
/** Reports dated further back than this are refused (they would land in pruned history). */
const MAX_AGE_MS = 7 * 24 * 60 * MINUTE;

// Every number is checked against its column before the database sees it: the whole-number columns
// are 32-bit (-2147483648 to 2147483647), and a value outside is a 400 naming the field, not a failed
// statement. Counters that add reports up (an error's count, the hourly rollups) stop at the largest
// 32-bit value instead of overflowing.
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

const reportedAt = z.iso
  .datetime({ offset: true, message: "must be an ISO 8601 date and time, e.g. 2026-11-23T08:00:00Z" })
  .transform((s) => new Date(s))
  .refine((d) => d.getTime() <= clock.nowMs() + MAX_FUTURE_MS, "is in the future")
  .refine((d) => d.getTime() >= clock.nowMs() - MAX_AGE_MS, "is more than 7 days ago");

const severity = z.enum(["ERROR", "FATAL", "INFO", "WARNING"], {
  message: "must be one of ERROR, FATAL, INFO, WARNING",
});

export const errorReportSchema = z.strictObject({
  errors: z
    .array(
      z.strictObject({
        severity,
        message: text(2000).min(1, "is required"),
        callStack: text(20_000).default(""),
        program: text(200).default(""),
        lineNum: z
          .number()
          .int("must be a whole number")
          .min(0, "must be 0 or more")
          .max(10_000_000, "must be at most 10000000")
          .default(0),
        buildVersion: text(50).default(""),
        errorNo: z
          .number()
          .int("must be a whole number")
          .min(INT32_MIN, `must be at least ${INT32_MIN}`)
          .max(INT32_MAX, `must be at most ${INT32_MAX}`)
          .default(0),
        loginUserName: text(100).default(""),
        machineName: text(100).default(""),
        windowsVersion: text(100).default(""),
        loginInstanceId: text(100).default(""),
        retried: z.boolean("must be true or false").default(false),
        /** How many times the client saw it since its last report (clients may count repeats themselves). */
        count: z.number().int("must be a whole number").min(1, "must be at least 1").max(10_000).default(1),
        logTime: reportedAt.optional(),
      }),
    )
    .min(1, "must hold at least one error")
    .max(MAX_ITEMS, `must hold at most ${MAX_ITEMS} errors`),
});

export const syncLoadSchema = z.strictObject({
  loads: z
    .array(
      z.strictObject({
        channel: z.enum(["WEB_SYNC", "WTD_SYNC"], { message: "must be WEB_SYNC or WTD_SYNC" }),
        startedAt: reportedAt,
        durationMs: z
          .number()
          .int("must be a whole number")
          .min(0, "must be 0 or more")
          .max(86_400_000, "must be at most 86400000 (a day)"),
        success: z.boolean("must be true or false"),
        records: z
          .number()
          .int("must be a whole number")
          .min(0, "must be 0 or more")
          .max(INT32_MAX, `must be at most ${INT32_MAX}`)
          .default(0),
        error: text(1000).default(""),
        version: text(50).default(""),
      }),
    )
    .min(1, "must hold at least one load")
    .max(MAX_ITEMS, `must hold at most ${MAX_ITEMS} loads`),
});

export const heartbeatSchema = z.strictObject({
  heartbeats: z
    .array(
      z
        .strictObject({
          relay: z.enum(["MOBILE", "TERMINAL"], { message: "must be MOBILE or TERMINAL" }),
          relayId: text(100).min(1, "is required"),
          deviceName: text(100).default(""),
          version: text(50).default(""),
          sentAt: reportedAt,
          requests: z
            .number()
            .int("must be a whole number")
            .min(0, "must be 0 or more")
            .max(1_000_000, "must be at most 1000000"),
          failures: z
            .number()
            .int("must be a whole number")
            .min(0, "must be 0 or more")
            .max(1_000_000, "must be at most 1000000"),
          averageLatencyMs: z
            .number()
            .min(0, "must be 0 or more")
            .max(3_600_000, "must be at most 3600000 (an hour)")
            .default(0),
          maxLatencyMs: z
            .number()
            .int("must be a whole number")
            .min(0, "must be 0 or more")
            .max(3_600_000, "must be at most 3600000 (an hour)")
            .optional(),
          lastError: text(1000).default(""),
        })
        .refine((h) => h.failures <= h.requests, { message: "must not exceed requests", path: ["failures"] }),
    )
    .min(1, "must hold at least one heartbeat")
    .max(MAX_ITEMS, `must hold at most ${MAX_ITEMS} heartbeats`),
});

/** The first problem of a payload, naming where it is: "errors[0].severity: must be one of ...". */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid payload.";
  const path = issue.path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join("");
  if (issue.code === "unrecognized_keys") return `${path ? `${path}: ` : ""}unknown field ${issue.keys.join(", ")}`;
  if (issue.code === "invalid_type" && issue.input === undefined) return `${path}: is required`;
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function errorFingerprint(e: {
  severity: string;
  program: string;
  lineNum: number;
  buildVersion: string;
  message: string;
}) {
  return createHash("sha256")
    .update([e.severity, e.program, e.lineNum, e.buildVersion, e.message].join("\u0000"))
    .digest("hex");
}

const minuteOf = (ms: number) => new Date(Math.floor(ms / MINUTE) * MINUTE);
const hourOf = (ms: number) => new Date(Math.floor(ms / (60 * MINUTE)) * 60 * MINUTE);

export async function ingestErrors(
  prisma: PrismaClient,
  branchId: string,
  report: z.infer<typeof errorReportSchema>,
): Promise<number> {
  const now = clock.now();
  const bucket = minuteOf(now.getTime());
  // One statement per error: insert, or count it on the existing row (atomic under concurrent reports).
  for (const e of report.errors) {
    const logTime = e.logTime ?? now;
    const fingerprint = errorFingerprint(e);
    const [row] = await prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO "DesktopError" ("id", "branchId", "fingerprint", "severity", "message", "callStack", "program",
        "lineNum", "buildVersion", "errorNo", "loginUserName", "machineName", "windowsVersion", "loginInstanceId",
        "retried", "errorCount", "firstSeen", "logTime", "status")
      VALUES (${crypto.randomUUID()}, ${branchId}, ${fingerprint}, ${e.severity}::"DesktopErrorSeverity",
        ${e.message}, ${e.callStack}, ${e.program}, ${e.lineNum}, ${e.buildVersion}, ${e.errorNo},
        ${e.loginUserName}, ${e.machineName}, ${e.windowsVersion}, ${e.loginInstanceId}, ${e.retried}, ${e.count},
        ${logTime}, ${logTime}, 'ACTIVE')
      ON CONFLICT ("branchId", "fingerprint") DO UPDATE SET
        "errorCount" = LEAST("DesktopError"."errorCount"::bigint + EXCLUDED."errorCount", 2147483647)::int,
        "logTime" = GREATEST("DesktopError"."logTime", EXCLUDED."logTime"),
        "callStack" = EXCLUDED."callStack", "errorNo" = EXCLUDED."errorNo",
        "loginUserName" = EXCLUDED."loginUserName", "machineName" = EXCLUDED."machineName",
        "windowsVersion" = EXCLUDED."windowsVersion", "loginInstanceId" = EXCLUDED."loginInstanceId",
        "retried" = "DesktopError"."retried" OR EXCLUDED."retried",
        "status" = 'ACTIVE', "resolvedAt" = NULL
      RETURNING "id"`;
    await prisma.$executeRaw`
      INSERT INTO "DesktopErrorTally" ("errorId", "bucketStart", "count") VALUES (${row!.id}, ${bucket}, ${e.count})
      ON CONFLICT ("errorId", "bucketStart") DO UPDATE SET "count" = LEAST("DesktopErrorTally"."count"::bigint + EXCLUDED."count", 2147483647)::int`;
  }
  return report.errors.length;
}

type Traffic = { loads: number; successes: number; failures: number; latencyMsTotal: number; maxLatencyMs: number };

async function addHourly(prisma: PrismaClient, branchId: string, channel: TelemetryChannel, at: Date, t: Traffic) {
  await prisma.$executeRaw`
    INSERT INTO "TelemetryHourly" ("branchId", "channel", "hour", "loads", "successes", "failures", "latencyMsTotal", "maxLatencyMs")
    VALUES (${branchId}, ${channel}::"TelemetryChannel", ${hourOf(at.getTime())}, ${t.loads}, ${t.successes},
      ${t.failures}, ${t.latencyMsTotal}, ${t.maxLatencyMs})
    ON CONFLICT ("branchId", "channel", "hour") DO UPDATE SET
      "loads" = LEAST("TelemetryHourly"."loads"::bigint + EXCLUDED."loads", 2147483647)::int,
      "successes" = LEAST("TelemetryHourly"."successes"::bigint + EXCLUDED."successes", 2147483647)::int,
      "failures" = LEAST("TelemetryHourly"."failures"::bigint + EXCLUDED."failures", 2147483647)::int,
      "latencyMsTotal" = "TelemetryHourly"."latencyMsTotal" + EXCLUDED."latencyMsTotal",
      "maxLatencyMs" = GREATEST("TelemetryHourly"."maxLatencyMs", EXCLUDED."maxLatencyMs")`;
}

async function touchSource(
  prisma: PrismaClient,
  s: {
    branchId: string;
    channel: TelemetryChannel;
    sourceId: string;
    deviceName: string;
    version: string;
    at: Date;
    ok: boolean;
    failed: boolean;
    lastError: string;
  },
) {
  const success = s.ok ? s.at : null;
  const failure = s.failed ? s.at : null;
  await prisma.$executeRaw`
    INSERT INTO "TelemetrySource" ("branchId", "channel", "sourceId", "deviceName", "version", "lastSeenAt",
      "lastSuccessAt", "lastFailureAt", "lastError")
    VALUES (${s.branchId}, ${s.channel}::"TelemetryChannel", ${s.sourceId}, ${s.deviceName}, ${s.version}, ${s.at},
      ${success}, ${failure}, ${s.failed ? s.lastError : ""})
    ON CONFLICT ("branchId", "channel", "sourceId") DO UPDATE SET
      "deviceName" = CASE WHEN EXCLUDED."deviceName" = '' THEN "TelemetrySource"."deviceName" ELSE EXCLUDED."deviceName" END,
      "version" = CASE WHEN EXCLUDED."version" = '' THEN "TelemetrySource"."version" ELSE EXCLUDED."version" END,
      "lastSeenAt" = GREATEST("TelemetrySource"."lastSeenAt", EXCLUDED."lastSeenAt"),
      "lastSuccessAt" = GREATEST("TelemetrySource"."lastSuccessAt", EXCLUDED."lastSuccessAt"),
      "lastFailureAt" = GREATEST("TelemetrySource"."lastFailureAt", EXCLUDED."lastFailureAt"),
      "lastError" = CASE WHEN EXCLUDED."lastFailureAt" IS NOT NULL
        AND EXCLUDED."lastFailureAt" >= COALESCE("TelemetrySource"."lastFailureAt", EXCLUDED."lastFailureAt")
        THEN EXCLUDED."lastError" ELSE "TelemetrySource"."lastError" END`;
}

export async function ingestSyncLoads(
  prisma: PrismaClient,
  branchId: string,
  report: z.infer<typeof syncLoadSchema>,
): Promise<number> {
  const now = clock.now();
  await prisma.syncLoad.createMany({
    data: report.loads.map((l) => ({
      branchId,
      channel: l.channel,
      startedAt: l.startedAt,
      durationMs: l.durationMs,
      success: l.success,
      records: l.records,
      error: l.success ? "" : l.error,
      receivedAt: now,
    })),
  });
  for (const l of report.loads) {
    await addHourly(prisma, branchId, l.channel, l.startedAt, {
      loads: 1,
      successes: l.success ? 1 : 0,
      failures: l.success ? 0 : 1,
      latencyMsTotal: l.durationMs,
      maxLatencyMs: l.durationMs,
    });
    const end = new Date(l.startedAt.getTime() + l.durationMs);
    await touchSource(prisma, {
      branchId,
      channel: l.channel,
      sourceId: "",
      deviceName: "",
      version: l.version,
      at: end,
      ok: l.success,
      failed: !l.success,
      lastError: l.error,
    });
  }
  // The branch's own record of its last desktop (WTD) sync, shown on the branches overview.
  const lastWtd = report.loads
    .filter((l) => l.channel === "WTD_SYNC" && l.success)
    .map((l) => l.startedAt.getTime() + l.durationMs)
    .sort((a, b) => b - a)[0];
  if (lastWtd)
    await prisma.$executeRaw`UPDATE "Branch" SET "lastWtdSync" = GREATEST(COALESCE("lastWtdSync", ${new Date(lastWtd)}), ${new Date(lastWtd)}) WHERE "id" = ${branchId}`;
  const version = report.loads.find((l) => l.channel === "WEB_SYNC" && l.version)?.version;
  if (version) await prisma.branch.update({ where: { id: branchId }, data: { webSyncVersion: version } });
  return report.loads.length;
}

export async function ingestHeartbeats(
  prisma: PrismaClient,
  branchId: string,
  report: z.infer<typeof heartbeatSchema>,
): Promise<number> {
  for (const h of report.heartbeats) {
    const channel: TelemetryChannel = h.relay === "MOBILE" ? "MOBILE_RELAY" : "TERMINAL_RELAY";
    if (h.requests > 0)
      await addHourly(prisma, branchId, channel, h.sentAt, {
        loads: h.requests,
        successes: h.requests - h.failures,
        failures: h.failures,
        latencyMsTotal: h.averageLatencyMs * h.requests,
        maxLatencyMs: h.maxLatencyMs ?? Math.round(h.averageLatencyMs),
      });
    await touchSource(prisma, {
      branchId,
      channel,
      sourceId: h.relayId,
      deviceName: h.deviceName,
      version: h.version,
      at: h.sentAt,
      ok: h.requests > h.failures,
      failed: h.failures > 0,
      lastError: h.lastError,
    });
  }
  return report.heartbeats.length;
}

export const SEVERITY_RANK: Record<DesktopErrorSeverity, number> = { INFO: 0, WARNING: 1, ERROR: 2, FATAL: 3 };

/** Keeps telemetry small: individual loads after 48 hours, tallies after 35 days, rollups after 400 days. */
export async function pruneTelemetry(prisma: PrismaClient, now = clock.now()) {
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const [loads, tallies, hourly, resolved, events] = await prisma.$transaction([
    prisma.syncLoad.deleteMany({ where: { receivedAt: { lt: ago(2) } } }),
    prisma.desktopErrorTally.deleteMany({ where: { bucketStart: { lt: ago(35) } } }),
    prisma.telemetryHourly.deleteMany({ where: { hour: { lt: ago(400) } } }),
    // a resolved error that has not come back in 90 days is forgotten (with its tallies)
    prisma.desktopError.deleteMany({ where: { status: "RESOLVED", logTime: { lt: ago(90) } } }),
    prisma.errorAlertEvent.deleteMany({ where: { at: { lt: ago(400) } } }),
  ]);
  return {
    syncLoads: loads.count,
    tallies: tallies.count,
    hourly: hourly.count,
    resolvedErrors: resolved.count,
    alertEvents: events.count,
  };
}
