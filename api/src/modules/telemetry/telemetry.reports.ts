import { z } from "zod";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { DesktopErrorSeverity, TelemetryChannel } from "../../generated/prisma/enums.ts";
import type { Runtime } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";

// What the admin console reads of the telemetry: desktop errors (list, one, resolve), and the health
// of desktop sync, mobile relays and payment-terminal relays per branch and over time. Cross-branch by
// nature, so on the unscoped client (super admins only, declared on every field).

const DAY = 86_400_000;
const MAX_RANGE_DAYS = 400;
const MAX_ERRORS = 500;

const period = z
  .object({ start: z.date(), end: z.date() })
  .refine((p) => p.end > p.start, { message: "The end must be after the start." })
  .refine((p) => p.end.getTime() - p.start.getTime() <= MAX_RANGE_DAYS * DAY, {
    message: `The period must be at most ${MAX_RANGE_DAYS} days.`,
  });

const branchNames = async (rt: Runtime) =>
  new Map(
    (await rt.prisma.branch.findMany({ select: { id: true, branchNumber: true, company: true } })).map((b) => [
      b.id,
      b,
    ]),
  );

export async function desktopErrors(
  rt: Runtime,
  args: { start: Date; end: Date; severities?: DesktopErrorSeverity[] | null },
) {
  const { start, end } = parseInput(period, args);
  const rows = await rt.prisma.desktopError.findMany({
    where: {
      logTime: { gte: start, lt: end },
      ...(args.severities?.length ? { severity: { in: args.severities } } : {}),
    },
    orderBy: [{ logTime: "desc" }, { id: "asc" }],
    take: MAX_ERRORS,
  });
  const names = await branchNames(rt);
  return rows.map((r) => ({ ...r, branch: names.get(r.branchId) ?? null }));
}

export async function desktopError(rt: Runtime, errorId: string) {
  const row = z.uuid().safeParse(errorId).success
    ? await rt.prisma.desktopError.findUnique({ where: { id: errorId } })
    : null;
  if (!row) throw new AppError("NOT_FOUND", "Unknown error.");
  const branch = await rt.prisma.branch.findUnique({
    where: { id: row.branchId },
    select: { id: true, branchNumber: true, company: true },
  });
  return { ...row, branch };
}

const fixedVersion = z.string().trim().max(50, "Fixed version must be at most 50 characters.");

export async function setDesktopErrorResolved(
  rt: Runtime,
  errorId: string,
  resolved: boolean,
  version?: string | null,
) {
  const existing = await desktopError(rt, errorId);
  const fixed = parseInput(fixedVersion, version ?? "");
  const row = await rt.prisma.desktopError.update({
    where: { id: existing.id },
    data: resolved
      ? { status: "RESOLVED", resolvedAt: clock.now(), fixedVersion: fixed || existing.fixedVersion }
      : { status: "ACTIVE", resolvedAt: null },
  });
  return { ...row, branch: existing.branch };
}

export type BranchRef = { id: string; branchNumber: number; company: string };

export type BranchTelemetry = {
  branch: BranchRef;
  loads: number;
  successes: number;
  failures: number;
  averageLatencyMs: number;
  maxLatencyMs: number;
  lastSeenAt: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastError: string;
  /** Seconds the branch's sync may lag before it counts as late (Branch.websyncSlaSeconds). */
  slaSeconds: number;
};

export type TelemetryPoint = {
  at: Date;
  loads: number;
  successes: number;
  failures: number;
  averageLatencyMs: number;
};

export type SourceRow = {
  branch: BranchRef;
  sourceId: string;
  deviceName: string;
  version: string;
  lastSeenAt: Date;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastError: string;
};

export type TelemetryMetrics = {
  channel: TelemetryChannel;
  start: Date;
  end: Date;
  /** "hour" for periods of two days or less, else "day" (UTC). */
  bucket: "hour" | "day";
  branches: BranchTelemetry[];
  series: TelemetryPoint[];
  sources: SourceRow[];
};

type Totals = { loads: number; successes: number; failures: number; latency: number; maxLatency: number };

/** Loads, successes, failures and latency per branch and over time for one channel. */
export async function telemetryMetrics(
  rt: Runtime,
  channel: TelemetryChannel,
  args: { start: Date; end: Date; branchId?: string | null },
): Promise<TelemetryMetrics> {
  const { start, end } = parseInput(period, args);
  const bucket = end.getTime() - start.getTime() <= 2 * DAY ? "hour" : "day";
  const branchFilter = args.branchId ? Prisma.sql`AND "branchId" = ${args.branchId}` : Prisma.empty;
  const [perBranch, series, branches, sources] = await Promise.all([
    rt.prisma.$queryRaw<(Totals & { branchId: string })[]>`
      SELECT "branchId", LEAST(SUM("loads"), 2147483647)::int AS loads, LEAST(SUM("successes"), 2147483647)::int AS successes,
        LEAST(SUM("failures"), 2147483647)::int AS failures, SUM("latencyMsTotal")::float8 AS latency, MAX("maxLatencyMs")::int AS "maxLatency"
      FROM "TelemetryHourly"
      WHERE "channel" = ${channel}::"TelemetryChannel" AND "hour" >= ${start} AND "hour" < ${end} ${branchFilter}
      GROUP BY "branchId"`,
    rt.prisma.$queryRaw<(Totals & { at: Date })[]>`
      SELECT date_trunc(${bucket}, "hour") AS at, LEAST(SUM("loads"), 2147483647)::int AS loads, LEAST(SUM("successes"), 2147483647)::int AS successes,
        LEAST(SUM("failures"), 2147483647)::int AS failures, SUM("latencyMsTotal")::float8 AS latency, MAX("maxLatencyMs")::int AS "maxLatency"
      FROM "TelemetryHourly"
      WHERE "channel" = ${channel}::"TelemetryChannel" AND "hour" >= ${start} AND "hour" < ${end} ${branchFilter}
      GROUP BY 1 ORDER BY 1`,
    rt.prisma.branch.findMany({
      where: args.branchId ? { id: args.branchId } : {},
      select: { id: true, branchNumber: true, company: true, websyncSlaSeconds: true, inactive: true },
      orderBy: { branchNumber: "asc" },
    }),
    rt.prisma.telemetrySource.findMany({
      where: { channel, ...(args.branchId ? { branchId: args.branchId } : {}) },
      orderBy: [{ lastSeenAt: "desc" }],
    }),
  ]);
  const byBranch = new Map(perBranch.map((r) => [r.branchId, r]));
  const ref = (b: { id: string; branchNumber: number; company: string }): BranchRef => ({
    id: b.id,
    branchNumber: b.branchNumber,
    company: b.company,
  });
  const refs = new Map(branches.map((b) => [b.id, ref(b)]));
  const sourcesOf = (id: string) => sources.filter((s) => s.branchId === id);
  const latest = (ds: (Date | null)[]) => ds.reduce<Date | null>((m, d) => (d && (!m || d > m) ? d : m), null);
  const branchRows = branches
    // a branch appears once it has reported on this channel, or while it is active
    .filter((b) => byBranch.has(b.id) || sourcesOf(b.id).length || !b.inactive)
    .map((b): BranchTelemetry => {
      const t = byBranch.get(b.id);
      const own = sourcesOf(b.id);
      const lastFailure = own.filter((s) => s.lastFailureAt).sort((x, y) => +y.lastFailureAt! - +x.lastFailureAt!)[0];
      return {
        branch: ref(b),
        loads: t?.loads ?? 0,
        successes: t?.successes ?? 0,
        failures: t?.failures ?? 0,
        averageLatencyMs: t?.loads ? Math.round(t.latency / t.loads) : 0,
        maxLatencyMs: t?.maxLatency ?? 0,
        lastSeenAt: latest(own.map((s) => s.lastSeenAt)),
        lastSuccessAt: latest(own.map((s) => s.lastSuccessAt)),
        lastFailureAt: lastFailure?.lastFailureAt ?? null,
        lastError: lastFailure?.lastError ?? "",
        slaSeconds: b.websyncSlaSeconds,
      };
    });
  return {
    channel,
    start,
    end,
    bucket,
    branches: branchRows,
    series: series.map((p) => ({
      at: p.at,
      loads: p.loads,
      successes: p.successes,
      failures: p.failures,
      averageLatencyMs: p.loads ? Math.round(p.latency / p.loads) : 0,
    })),
    sources: sources
      .filter((s) => s.sourceId !== "" && refs.has(s.branchId))
      .map((s) => ({ ...s, branch: refs.get(s.branchId)! })),
  };
}

/** The most recent individual sync loads of a branch (the last 48 hours are kept). */
export async function recentSyncLoads(rt: Runtime, branchId: string, channel?: TelemetryChannel | null) {
  if (!z.uuid().safeParse(branchId).success || !(await rt.prisma.branch.findUnique({ where: { id: branchId } })))
    throw new AppError("NOT_FOUND", "Unknown branch.");
  return rt.prisma.syncLoad.findMany({
    where: { branchId, ...(channel ? { channel } : {}) },
    orderBy: { startedAt: "desc" },
    take: 100,
  });
}
