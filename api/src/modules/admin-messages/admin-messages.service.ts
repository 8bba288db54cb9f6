import { z } from "zod";
import { crossBranch } from "../../db/cross-branch.ts";
import { badInput } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { MessageDeliveryStatus, MessagePlatform } from "../../generated/prisma/enums.ts";
import { redactSecrets } from "../../integrations/mail/mailer.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";

// The admin console's view of every outbound message of every branch (the outbox: mail today; texts
// and robo calls are recorded in the same table with platform SMS / PHONE, their segments, call length
// and the carrier's delivery status). Cross-branch by nature, so it reads the unscoped client.
//
// A text or call "succeeds" when the carrier reports DELIVERED_NORMALLY; mail when the outbox or the
// SMTP server took it (SENT_TO_CARRIER) or it was confirmed delivered.

const DAY_MS = 86_400_000;
const MAX_PERIOD_DAYS = 366;

export const TEXT_SUCCESS: MessageDeliveryStatus[] = ["DELIVERED_NORMALLY"];
export const MAIL_SUCCESS: MessageDeliveryStatus[] = ["DELIVERED_NORMALLY", "SENT_TO_CARRIER"];
const IN_FLIGHT: MessageDeliveryStatus[] = ["PENDING", "SENDING", "SENT_TO_CARRIER", "UNUSED"];

// ───────────── the audit list ─────────────

const auditInput = z.object({
  branchId: z.string().uuid("Unknown branch.").optional(),
  platform: z.enum(["EMAIL", "PHONE", "SMS"]).optional(),
  status: z.string().optional(),
  search: z.string().trim().max(200, "Search must be at most 200 characters.").optional(),
  start: z.date().optional(),
  end: z.date().optional(),
  skip: z.number().int().min(0, "Skip must be zero or more.").default(0),
  take: z
    .number()
    .int()
    .min(1, "Take must be between 1 and 100.")
    .max(100, "Take must be between 1 and 100.")
    .default(25),
});

export type MessageAuditRow = {
  id: string;
  branchId: string | null;
  branchName: string;
  branchHost: string;
  platform: MessagePlatform;
  recipient: string;
  subject: string;
  preview: string;
  status: MessageDeliveryStatus;
  error: string;
  segments: number;
  durationSeconds: number;
  createdAt: Date;
  sentAt: Date | null;
};

export type BranchOption = { id: string; branchNumber: number; company: string; host: string };

export type MessageAuditPage = {
  messages: MessageAuditRow[];
  totalCount: number;
  skip: number;
  take: number;
  branches: BranchOption[];
};

export type MessageAuditArgs = {
  branchId?: string | null;
  platform?: MessagePlatform | null;
  status?: MessageDeliveryStatus | null;
  search?: string | null;
  start?: Date | null;
  end?: Date | null;
  skip?: number | null;
  take?: number | null;
};

const clean = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== "")) as Partial<T>;

/** The first words of a message, with link tokens redacted (the outbox keeps them in development). */
function previewOf(text: string): string {
  const flat = redactSecrets(text).replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

export async function branchOptions(ctx: Context): Promise<BranchOption[]> {
  return crossBranch(ctx.runtime).branch.findMany({
    select: { id: true, branchNumber: true, company: true, host: true },
    orderBy: { branchNumber: "asc" },
  });
}

/**
 * Outbound messages, newest first: by branch, platform, delivery status and period (sent between
 * start and end), searching recipient, subject and text.
 */
export async function messageAudit(ctx: Context, args: MessageAuditArgs): Promise<MessageAuditPage> {
  const v = parseInput(auditInput, clean(args));
  if (v.start && v.end && v.end < v.start) throw badInput("The period must end after it starts.");
  const where: Prisma.OutboxMessageWhereInput = {
    ...(v.branchId ? { branchId: v.branchId } : {}),
    ...(v.platform ? { platform: v.platform } : {}),
    ...(v.status ? { status: v.status as MessageDeliveryStatus } : {}),
    ...(v.start || v.end
      ? { createdAt: { ...(v.start ? { gte: v.start } : {}), ...(v.end ? { lt: v.end } : {}) } }
      : {}),
    ...(v.search
      ? {
          OR: [
            { recipient: { contains: v.search, mode: "insensitive" } },
            { subject: { contains: v.search, mode: "insensitive" } },
            { text: { contains: v.search, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const db = crossBranch(ctx.runtime);
  const [rows, totalCount, branches] = await Promise.all([
    db.outboxMessage.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: v.skip,
      take: v.take,
    }),
    db.outboxMessage.count({ where }),
    branchOptions(ctx),
  ]);
  const byId = new Map(branches.map((b) => [b.id, b]));
  return {
    messages: rows.map((r) => {
      const b = r.branchId ? byId.get(r.branchId) : undefined;
      return {
        id: r.id,
        branchId: r.branchId,
        branchName: b?.company ?? "",
        branchHost: b?.host ?? "",
        platform: r.platform,
        recipient: r.recipient,
        subject: r.subject,
        preview: previewOf(r.text),
        status: r.status,
        error: r.error,
        segments: r.segments,
        durationSeconds: r.durationSeconds,
        createdAt: r.createdAt,
        sentAt: r.sentAt,
      };
    }),
    totalCount,
    skip: v.skip,
    take: v.take,
    branches,
  };
}

// ───────────── summary and metrics ─────────────

const periodInput = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    branchId: z.string().uuid("Unknown branch.").optional(),
  })
  .refine((p) => p.endDate >= p.startDate, "The period must end on or after its first day.")
  .refine(
    (p) => (Date.parse(`${p.endDate}T00:00:00Z`) - Date.parse(`${p.startDate}T00:00:00Z`)) / DAY_MS < MAX_PERIOD_DAYS,
    `The period can be at most ${MAX_PERIOD_DAYS} days.`,
  );

export type MessagingCounts = {
  texts: number;
  segments: number;
  textSuccesses: number;
  roboCalls: number;
  callSuccesses: number;
  callSeconds: number;
  emails: number;
  emailSuccesses: number;
  failures: number;
};

export type BranchMessagingSummary = MessagingCounts & BranchOption;
export type MessagingDay = MessagingCounts & { date: string };
export type StatusCount = { platform: MessagePlatform; status: MessageDeliveryStatus; count: number };

type CountRow = {
  texts: bigint;
  segments: bigint | null;
  text_ok: bigint;
  calls: bigint;
  call_ok: bigint;
  call_seconds: bigint | null;
  emails: bigint;
  email_ok: bigint;
  failures: bigint;
};

// Each message counts on the calendar day of its own branch's time zone.
const localDay = Prisma.sql`(("o"."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE "b"."timeZone")::date`;

const inList = (xs: readonly string[]) => Prisma.join(xs.map((x) => Prisma.sql`${x}::"MessageDeliveryStatus"`));

const countColumns = Prisma.sql`
  count(*) FILTER (WHERE "o"."platform" = 'SMS') AS texts,
  sum("o"."segments") FILTER (WHERE "o"."platform" = 'SMS') AS segments,
  count(*) FILTER (WHERE "o"."platform" = 'SMS' AND "o"."status" IN (${inList(TEXT_SUCCESS)})) AS text_ok,
  count(*) FILTER (WHERE "o"."platform" = 'PHONE') AS calls,
  count(*) FILTER (WHERE "o"."platform" = 'PHONE' AND "o"."status" IN (${inList(TEXT_SUCCESS)})) AS call_ok,
  sum("o"."durationSeconds") FILTER (WHERE "o"."platform" = 'PHONE') AS call_seconds,
  count(*) FILTER (WHERE "o"."platform" = 'EMAIL') AS emails,
  count(*) FILTER (WHERE "o"."platform" = 'EMAIL' AND "o"."status" IN (${inList(MAIL_SUCCESS)})) AS email_ok,
  count(*) FILTER (WHERE "o"."id" IS NOT NULL AND "o"."status" NOT IN (${inList([...TEXT_SUCCESS, ...IN_FLIGHT])})) AS failures`;

function counts(r: CountRow | undefined): MessagingCounts {
  return {
    texts: Number(r?.texts ?? 0),
    segments: Number(r?.segments ?? 0),
    textSuccesses: Number(r?.text_ok ?? 0),
    roboCalls: Number(r?.calls ?? 0),
    callSuccesses: Number(r?.call_ok ?? 0),
    callSeconds: Number(r?.call_seconds ?? 0),
    emails: Number(r?.emails ?? 0),
    emailSuccesses: Number(r?.email_ok ?? 0),
    failures: Number(r?.failures ?? 0),
  };
}

export type PeriodArgs = { startDate: string; endDate: string; branchId?: string | null };

function period(args: PeriodArgs) {
  return parseInput(periodInput, clean(args));
}

/** Texts, segments, robo calls and successes per branch (every branch, zero when quiet) for the period. */
export async function messagingSummary(ctx: Context, args: PeriodArgs): Promise<BranchMessagingSummary[]> {
  const p = period(args);
  const rows = await crossBranch(ctx.runtime).$queryRaw<(CountRow & BranchOption)[]>`
    SELECT "b"."id", "b"."branchNumber", "b"."company", "b"."host", ${countColumns}
    FROM "Branch" "b"
    LEFT JOIN "OutboxMessage" "o" ON "o"."branchId" = "b"."id"
      AND ${localDay} BETWEEN ${p.startDate}::date AND ${p.endDate}::date
    ${p.branchId ? Prisma.sql`WHERE "b"."id" = ${p.branchId}` : Prisma.empty}
    GROUP BY "b"."id", "b"."branchNumber", "b"."company", "b"."host"
    ORDER BY "b"."branchNumber"`;
  return rows.map((r) => ({
    id: r.id,
    branchNumber: r.branchNumber,
    company: r.company,
    host: r.host,
    ...counts(r),
  }));
}

export type BulkMessagingMetrics = {
  startDate: string;
  endDate: string;
  totals: MessagingCounts;
  days: MessagingDay[];
  statuses: StatusCount[];
};

/** The same counts per day (every day of the period), plus how many messages ended in each status. */
export async function bulkMessagingMetrics(ctx: Context, args: PeriodArgs): Promise<BulkMessagingMetrics> {
  const p = period(args);
  const db = crossBranch(ctx.runtime);
  const branchFilter = p.branchId ? Prisma.sql`AND "b"."id" = ${p.branchId}` : Prisma.empty;
  const [dayRows, statusRows] = await Promise.all([
    db.$queryRaw<(CountRow & { day: Date })[]>`
      SELECT ${localDay} AS day, ${countColumns}
      FROM "OutboxMessage" "o" JOIN "Branch" "b" ON "b"."id" = "o"."branchId"
      WHERE ${localDay} BETWEEN ${p.startDate}::date AND ${p.endDate}::date ${branchFilter}
      GROUP BY day ORDER BY day`,
    db.$queryRaw<{ platform: MessagePlatform; status: MessageDeliveryStatus; count: bigint }[]>`
      SELECT "o"."platform", "o"."status", count(*) AS count
      FROM "OutboxMessage" "o" JOIN "Branch" "b" ON "b"."id" = "o"."branchId"
      WHERE ${localDay} BETWEEN ${p.startDate}::date AND ${p.endDate}::date ${branchFilter}
      GROUP BY "o"."platform", "o"."status" ORDER BY count DESC`,
  ]);
  const byDay = new Map(dayRows.map((r) => [new Date(r.day).toISOString().slice(0, 10), r]));
  const days: MessagingDay[] = [];
  for (let t = Date.parse(`${p.startDate}T00:00:00Z`); t <= Date.parse(`${p.endDate}T00:00:00Z`); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, ...counts(byDay.get(date)) });
  }
  const totals = days.reduce<MessagingCounts>((sum, d) => {
    for (const k of Object.keys(sum) as (keyof MessagingCounts)[]) sum[k] += d[k];
    return sum;
  }, counts(undefined));
  return {
    startDate: p.startDate,
    endDate: p.endDate,
    totals,
    days,
    statuses: statusRows.map((s) => ({ platform: s.platform, status: s.status, count: Number(s.count) })),
  };
}
