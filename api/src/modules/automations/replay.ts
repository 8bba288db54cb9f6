import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { Automation } from "../../generated/prisma/client.ts";
import type { AutomationEvent, TableIdentifier } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { EVENTS } from "./automations.rules.ts";
import { type DryRunReport, describeActions } from "./describe-actions.ts";
import { asActions, asConditions } from "./engine.ts";
import { evaluate, loadRecord, type RecordFacts } from "./records.ts";

// A replay: what an automation would have done over the last days had it been ON, before it is switched
// on. The past events are read back from the records (an activity's entered and resolved times, a work
// order's creation, posting and skip); the conditions are evaluated by the engine's evaluate() on each
// record as it is now (an activity's status as the event left it), and what each action would do is
// described as a dry run describes it. Nothing is written. Sizes first: at most REPLAY_LIMITS.events
// events are examined (the newest), and the actions of the first REPLAY_LIMITS.listed matches listed.

export const REPLAY_LIMITS = { days: 90, events: 5000, listed: 200 } as const;

type PastEvent = { entityId: string; at: Date };

/** How each event is found again in the records of a window; the events not listed cannot be replayed. */
type PastSource = {
  count(ctx: Context, from: Date, to: Date): Promise<number>;
  list(ctx: Context, from: Date, to: Date, take: number): Promise<PastEvent[]>;
};
const PAST: Partial<Record<AutomationEvent, PastSource>> = {
  ACTIVITY_CREATED_AS_OPEN: {
    count: (ctx, from, to) => ctx.db.activity.count({ where: { enteredTime: { gte: from, lte: to } } }),
    list: async (ctx, from, to, take) =>
      (
        await ctx.db.activity.findMany({
          where: { enteredTime: { gte: from, lte: to } },
          orderBy: { enteredTime: "desc" },
          take,
          select: { id: true, enteredTime: true },
        })
      ).map((a) => ({ entityId: a.id, at: a.enteredTime })),
  },
  ACTIVITY_RESOLVED: {
    count: (ctx, from, to) => ctx.db.activity.count({ where: { resolvedTime: { gte: from, lte: to } } }),
    list: async (ctx, from, to, take) =>
      (
        await ctx.db.activity.findMany({
          where: { resolvedTime: { gte: from, lte: to } },
          orderBy: { resolvedTime: "desc" },
          take,
          select: { id: true, resolvedTime: true },
        })
      ).map((a) => ({ entityId: a.id, at: a.resolvedTime! })),
  },
  WORK_ORDER_CREATED: workOrders("createdAt"),
  WORK_ORDER_POSTED: workOrders("postedAt"),
  STOP_SKIPPED: workOrders("skippedAt"),
};

function workOrders(at: "createdAt" | "postedAt" | "skippedAt"): PastSource {
  return {
    count: (ctx: Context, from: Date, to: Date) => ctx.db.workOrder.count({ where: { [at]: { gte: from, lte: to } } }),
    list: async (ctx: Context, from: Date, to: Date, take: number) =>
      (
        await ctx.db.workOrder.findMany({
          where: { [at]: { gte: from, lte: to } },
          orderBy: { [at]: "desc" },
          take,
          select: { id: true, createdAt: true, postedAt: true, skippedAt: true },
        })
      ).map((w) => ({ entityId: w.id, at: w[at]! })),
  };
}

/** An activity's status as the event left it (conditions on status see what the engine saw then). */
const STATUS_AT: Partial<Record<AutomationEvent, string>> = {
  ACTIVITY_CREATED_AS_OPEN: "ACTIVE",
  ACTIVITY_RESOLVED: "RESOLVED",
};

export type ReplayItem = {
  tableId: TableIdentifier;
  entityId: string;
  at: Date;
  label: string;
  customerId: string | null;
  customerName: string | null;
  actions: DryRunReport["actions"];
};

export type ReplayReport = {
  event: AutomationEvent;
  days: number;
  from: Date;
  to: Date;
  replayable: boolean;
  message: string;
  eventsFound: number;
  eventsExamined: number;
  capped: boolean;
  matched: number;
  activities: number;
  customers: number;
  items: ReplayItem[];
  listedCapped: boolean;
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Replays an automation over the last `days` days of its event; writes nothing. */
export async function replayAutomation(ctx: Context, automation: Automation, days: number): Promise<ReplayReport> {
  if (!Number.isInteger(days) || days < 1 || days > REPLAY_LIMITS.days)
    throw new AppError("BAD_USER_INPUT", `Days must be a whole number between 1 and ${REPLAY_LIMITS.days}.`);
  const to = clock.now();
  const from = new Date(to.getTime() - days * 86_400_000);
  const empty = {
    event: automation.event,
    days,
    from,
    to,
    eventsFound: 0,
    eventsExamined: 0,
    capped: false,
    matched: 0,
    activities: 0,
    customers: 0,
    items: [],
    listedCapped: false,
  };
  const past = PAST[automation.event];
  if (!past)
    return {
      ...empty,
      replayable: false,
      message:
        `"${EVENTS[automation.event].label}" cannot be replayed: the records do not keep when it happened. ` +
        "Try the automation on one record instead.",
    };

  const eventsFound = await past.count(ctx, from, to);
  const events = await past.list(ctx, from, to, REPLAY_LIMITS.events);
  const conditions = asConditions(automation);
  const actions = asActions(automation);
  const statusAt = STATUS_AT[automation.event];
  const matches: { event: PastEvent; record: RecordFacts }[] = [];
  // In slices: the records of a slice are read together (findUnique calls of one tick are batched).
  for (let i = 0; i < events.length; i += 50) {
    const slice = events.slice(i, i + 50);
    const records = await Promise.all(slice.map((e) => loadRecord(ctx, EVENTS[automation.event].tableId, e.entityId)));
    for (const [k, found] of records.entries()) {
      if (!found) continue;
      const record = statusAt ? { ...found, fields: { ...found.fields, status: statusAt } } : found;
      if ((await evaluate(ctx, conditions, record)).met) matches.push({ event: slice[k]!, record });
    }
  }

  const creates = actions.filter((a) => a.type === "CREATE_ACTIVITY").length;
  const customerIds = [...new Set(matches.flatMap((m) => (m.record.customerId ? [m.record.customerId] : [])))];
  const listed = matches.slice(0, REPLAY_LIMITS.listed);
  const names = new Map(
    (
      await ctx.db.customer.findMany({
        where: { id: { in: [...new Set(listed.flatMap((m) => (m.record.customerId ? [m.record.customerId] : [])))] } },
        select: { id: true, name: true, accountNumber: true },
      })
    ).map((c) => [c.id, `${c.name} (${c.accountNumber})`]),
  );
  const items: ReplayItem[] = [];
  for (const m of listed)
    items.push({
      tableId: m.record.tableId,
      entityId: m.record.id,
      at: m.event.at,
      label: m.record.label,
      customerId: m.record.customerId,
      customerName: m.record.customerId ? (names.get(m.record.customerId) ?? null) : null,
      actions: await describeActions(ctx, actions, m.record),
    });

  const capped = eventsFound > events.length;
  const activities = matches.length * creates;
  const forWhom = plural(customerIds.length, "customer", "customers");
  const head =
    creates > 0
      ? `Would create ${plural(activities, "activity", "activities")} for ${forWhom}`
      : `Would act ${plural(matches.length, "time", "times")} for ${forWhom}`;
  let message =
    `${head}: ${matches.length.toLocaleString("en-US")} of the ${plural(events.length, "event", "events")} ` +
    `of the last ${plural(days, "day", "days")} met the conditions.`;
  if (capped)
    message +=
      ` Only the newest ${REPLAY_LIMITS.events.toLocaleString("en-US")} of ${eventsFound.toLocaleString("en-US")} ` +
      "events were examined.";
  message += " Nothing was changed.";
  return {
    ...empty,
    replayable: true,
    message,
    eventsFound,
    eventsExamined: events.length,
    capped,
    matched: matches.length,
    activities,
    customers: customerIds.length,
    items,
    listedCapped: matches.length > listed.length,
  };
}
