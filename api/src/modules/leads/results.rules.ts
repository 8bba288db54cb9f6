import { z } from "zod";
import type { FunnelPosition } from "../../generated/prisma/enums.ts";

// The rules of the lead results that need no database: which leads a report's period takes (those that
// came in on its branch days, first to last, both included), how long a period may be, what a report
// groups by, and the shape of one number's drill-down (the cell): the same words the reports count by.

export const RESULT_LIMITS = { maxDays: 366, maxTake: 100, maxSkip: 1_000_000, keyLength: 100 } as const;

export const RESULT_GROUPS = ["SOURCE", "FORM", "ZONE", "PERSON", "PERIOD"] as const;
export type ResultGroup = (typeof RESULT_GROUPS)[number];

export const RESULT_PERIODS = ["DAY", "WEEK", "MONTH"] as const;
export type ResultPeriod = (typeof RESULT_PERIODS)[number];

/**
 * What a number counts. Analytics: LEADS (came in), UNASSIGNED / ASSIGNED / DISCARDED (their status now),
 * CONVERTED (linked to a customer), CONTACTED (a person touched it). Results: SOLD (reached a SUCCESS
 * step), LOST (reached a FAILURE step and no SUCCESS one), OPEN (neither). FUNNEL: at a funnel position;
 * MILESTONE: reached a milestone's step.
 */
export const RESULT_METRICS = [
  "LEADS",
  "UNASSIGNED",
  "ASSIGNED",
  "DISCARDED",
  "CONVERTED",
  "CONTACTED",
  "SOLD",
  "LOST",
  "OPEN",
  "FUNNEL",
  "MILESTONE",
] as const;
export type ResultMetric = (typeof RESULT_METRICS)[number];

/** The funnel's positions in the order a funnel reads, then NONE: no project thread (in the project). */
export const FUNNEL_ORDER = ["TOP", "MIDDLE", "BOTTOM", "SUCCESS", "FAILURE", "OTHER", "NONE"] as const satisfies (
  | FunnelPosition
  | "NONE"
)[];
export type FunnelBucket = (typeof FUNNEL_ORDER)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day is written 2026-11-26.");
const id = z.string().trim().max(RESULT_LIMITS.keyLength, "An id must be at most 100 characters.");

export const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

export const periodInput = z
  .object({ from: day, to: day })
  .refine((p) => p.from <= p.to, "The period's last day must not be before its first.")
  .refine(
    (p) => daysBetween(p.from, p.to) <= RESULT_LIMITS.maxDays,
    `A period may be at most ${RESULT_LIMITS.maxDays} days long.`,
  );
export type PeriodInput = z.infer<typeof periodInput>;

/** One number of a report: its period, its bucket (group and key, "" for none) and what it counts. */
export const cellInput = z
  .object({
    from: day,
    to: day,
    metric: z.enum(RESULT_METRICS),
    groupBy: z.enum(RESULT_GROUPS).optional(),
    period: z.enum(RESULT_PERIODS).default("WEEK"),
    key: id.optional(),
    funnelPosition: z.enum(FUNNEL_ORDER).optional(),
    projectId: id.optional(),
    milestoneId: id.optional(),
    /** Only leads with an appointment set by this setter ("" = an appointment without a setter). */
    setterId: id.optional(),
    /** Only leads with an appointment. */
    appointmentsOnly: z.boolean().default(false),
  })
  .refine((c) => c.from <= c.to, "The period's last day must not be before its first.")
  .refine(
    (c) => daysBetween(c.from, c.to) <= RESULT_LIMITS.maxDays,
    `A period may be at most ${RESULT_LIMITS.maxDays} days long.`,
  )
  .refine((c) => c.key === undefined || c.groupBy !== undefined, "A bucket's key needs the group it belongs to.")
  .refine((c) => c.metric !== "FUNNEL" || c.funnelPosition !== undefined, "Choose the funnel position.")
  .refine((c) => c.metric !== "MILESTONE" || !!c.milestoneId, "Choose the milestone.");
export type ResultCell = z.infer<typeof cellInput>;

export const pageInput = z.object({
  skip: z.number().int().min(0).max(RESULT_LIMITS.maxSkip, "Skip must be at most 1,000,000.").default(0),
  take: z.number().int().min(1).max(RESULT_LIMITS.maxTake, "Take must be between 1 and 100.").default(50),
});

/** The day after a branch day ("2026-11-30" -> "2026-12-01"). */
export const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The first day of the bucket a branch day falls in (weeks start on Monday, as PostgreSQL's). */
export function bucketStart(d: string, period: ResultPeriod): string {
  if (period === "DAY") return d;
  if (period === "MONTH") return `${d.slice(0, 7)}-01`;
  const t = Date.parse(`${d}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - back * DAY_MS).toISOString().slice(0, 10);
}

/** Every bucket of a period, first to last (so quiet days, weeks or months show as zero). */
export function bucketsOf(from: string, to: string, period: ResultPeriod): string[] {
  const out: string[] = [];
  let d = bucketStart(from, period);
  while (d <= to) {
    out.push(d);
    if (period === "DAY") d = nextDay(d);
    else if (period === "WEEK") d = new Date(Date.parse(`${d}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
    else {
      const [y, m] = d.split("-").map(Number) as [number, number];
      d = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    }
  }
  return out;
}

/** A bucket's words: "Nov 26, 2026", "Week of Nov 23, 2026", "November 2026". */
export function bucketLabel(start: string, period: ResultPeriod): string {
  const d = new Date(`${start}T12:00:00Z`);
  if (period === "MONTH") return d.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const text = d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return period === "WEEK" ? `Week of ${text}` : text;
}
