import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { deliver, raise } from "../../events/bus.ts";
import type { WorkOrder } from "../../generated/prisma/client.ts";
import type { Result } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { addDays, dateFromIso, formatLongDate, isoDate, localNow } from "./delivery-dates.ts";

// What the route reports back (docs/decisions/0760-route-events.md): the driver's app or the desktop
// program posts a delivered work order or skips a stop (with why), and the office moves a customer's
// next delivery. Each change is one conditional write, so two posts of the same order at once make one
// posted order and one event; the event (WORK_ORDER_POSTED, STOP_SKIPPED, NEXT_DELIVERY_MOVED) is
// emitted once the write has committed.

export const SKIP_REASON_MAX = 500;

export const postingMessages = {
  notFound: "Work order not found.",
  addressNotFound: "Service address not found.",
  posted: (n: number) => `Work order ${n} is already posted.`,
  skipped: (n: number) => `Work order ${n} was skipped: it can no longer be posted or skipped.`,
  cancelled: (n: number) => `Work order ${n} is cancelled: it can no longer be posted or skipped.`,
  closed: (n: number) => `Work order ${n} is closed: it can no longer be posted or skipped.`,
  reasonRequired: "Say why the stop was skipped.",
  reasonTooLong: `The reason must be at most ${SKIP_REASON_MAX} characters.`,
  noService: "This address has no active service, so it has no next delivery to move.",
  dateFormat: "The date must be a calendar date (YYYY-MM-DD).",
  notFuture: "The next delivery must be after today.",
  notRouteDate: (route: string, next: string[]) =>
    next.length
      ? `${route} does not run on that date. Its next runs: ${next.join("; ")}.`
      : `${route} has no run dates ahead: add dates to its calendar first.`,
} as const;

export type PostingResult = Result & { workOrder: WorkOrder | null };

const routeLabel = (r: { name: string; routeNumber: string }) => r.name || `Route ${r.routeNumber}`;

/** Why this order can no longer be posted or skipped; null when it can. */
function refusal(order: WorkOrder): string | null {
  if (order.postedAt) return postingMessages.posted(order.number);
  if (order.skippedAt) return postingMessages.skipped(order.number);
  if (order.status !== "ACTIVE") return postingMessages.cancelled(order.number);
  if (!order.isOpen) return postingMessages.closed(order.number);
  return null;
}

async function requireOpenOrder(ctx: Context, id: string): Promise<WorkOrder> {
  const order = await ctx.db.workOrder.findUnique({ where: { id } });
  if (!order) throw new AppError("NOT_FOUND", postingMessages.notFound);
  const why = refusal(order);
  if (why) throw new AppError("CONFLICT", why);
  return order;
}

/**
 * Closes an open order once: only the write that still finds it open, unposted and unskipped counts;
 * a caller that lost the race hears why, from the order as the winner left it.
 */
async function closeOnce(
  ctx: Context,
  order: WorkOrder,
  data: Partial<WorkOrder>,
  event: "WORK_ORDER_POSTED" | "STOP_SKIPPED",
): Promise<WorkOrder> {
  // The event commits with the close (events/bus.ts): a crash after it cannot lose it.
  const done = await ctx.db.$transaction(async (tx) => {
    const closed = await tx.workOrder.updateMany({
      where: { id: order.id, isOpen: true, status: "ACTIVE", postedAt: null, skippedAt: null },
      data: { ...data, isOpen: false },
    });
    if (closed.count === 1) await raise(tx, ctx, event, { tableId: "WORK_ORDER", entityId: order.id });
    return closed;
  });
  const now = await ctx.db.workOrder.findUniqueOrThrow({ where: { id: order.id } });
  if (done.count !== 1) throw new AppError("CONFLICT", refusal(now) ?? postingMessages.closed(order.number));
  await deliver(ctx);
  return now;
}

/** postWorkOrder(id): the order was delivered; it is posted and closed. */
export async function postWorkOrder(ctx: Context, id: string): Promise<PostingResult> {
  const order = await requireOpenOrder(ctx, id);
  const posted = await closeOnce(ctx, order, { postedAt: clock.now() }, "WORK_ORDER_POSTED");
  return { isSuccess: true, message: `Work order ${posted.number} is posted.`, workOrder: posted };
}

/** skipStop(workOrderId, reason): the driver did not deliver; the order is closed with why. */
export async function skipStop(ctx: Context, workOrderId: string, reason: string): Promise<PostingResult> {
  const why = reason.trim();
  if (!why) throw new AppError("BAD_USER_INPUT", postingMessages.reasonRequired);
  if (why.length > SKIP_REASON_MAX) throw new AppError("BAD_USER_INPUT", postingMessages.reasonTooLong);
  const order = await requireOpenOrder(ctx, workOrderId);
  const skipped = await closeOnce(ctx, order, { skippedAt: clock.now(), skipReason: why }, "STOP_SKIPPED");
  return { isSuccess: true, message: `The stop of work order ${skipped.number} is skipped.`, workOrder: skipped };
}

/**
 * moveNextDelivery(serviceAddressId, date): the next regular delivery of the address's active services
 * moves to `date`, which must be after today and, for a route with calendar dates, one of them.
 * Moving it to the date it already has changes nothing and raises nothing.
 */
export async function moveNextDelivery(ctx: Context, serviceAddressId: string, date: string): Promise<Result> {
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    Number.isNaN(dateFromIso(date).getTime()) ||
    isoDate(dateFromIso(date)) !== date
  )
    throw new AppError("BAD_USER_INPUT", postingMessages.dateFormat);
  const address = await ctx.db.serviceAddress.findUnique({ where: { id: serviceAddressId } });
  if (!address) throw new AppError("NOT_FOUND", postingMessages.addressNotFound);
  const services = await ctx.db.service.findMany({
    where: { serviceAddressId: address.id, inactive: false },
    include: { route: { select: { id: true, routeNumber: true, name: true } } },
  });
  if (!services.length) throw new AppError("BAD_USER_INPUT", postingMessages.noService);
  const today = localNow(clock.now(), ctx.branch.timeZone).date;
  if (date < addDays(today, 1)) throw new AppError("BAD_USER_INPUT", postingMessages.notFuture);
  for (const s of services) {
    const calendar = await ctx.db.routeCalendarDate.findMany({
      where: { routeId: s.routeId, date: { gt: dateFromIso(today) } },
      select: { date: true },
      orderBy: { date: "asc" },
      take: 500,
    });
    const hasCalendar =
      calendar.length > 0 || (await ctx.db.routeCalendarDate.count({ where: { routeId: s.routeId } })) > 0;
    if (hasCalendar && !calendar.some((c) => isoDate(c.date) === date)) {
      const next = calendar.slice(0, 3).map((c) => formatLongDate(isoDate(c.date)));
      throw new AppError("BAD_USER_INPUT", postingMessages.notRouteDate(routeLabel(s.route), next));
    }
  }
  const when = dateFromIso(date);
  const moved = await ctx.db.$transaction(async (tx) => {
    const changed = await tx.service.updateMany({
      where: {
        serviceAddressId: address.id,
        inactive: false,
        OR: [{ nextDeliveryDate: null }, { nextDeliveryDate: { not: when } }],
      },
      data: { nextDeliveryDate: when },
    });
    if (changed.count > 0)
      await raise(tx, ctx, "NEXT_DELIVERY_MOVED", { tableId: "CUSTOMER", entityId: address.customerId });
    return changed;
  });
  await deliver(ctx);
  return {
    isSuccess: true,
    message: moved.count
      ? `The next delivery is now on ${formatLongDate(date)}.`
      : `The next delivery is already on ${formatLongDate(date)}.`,
  };
}
