import { isUniqueViolation } from "../db/unique-violation.ts";
import type { AutomationEvent } from "../generated/prisma/enums.ts";
import type { Context } from "../runtime.ts";
import { deliver, type RecordRef, raise } from "./bus.ts";

// Events a sweep finds rather than a change makes (a card about to expire, a rental's anniversary) are
// raised once per record and key: the notice row (RouteEventNotice, unique on branch, event, record and
// key) is written first, and only the writer that inserted it emits. A second sweep, or two sweeps at
// once, find the row and raise nothing. The notice and the event (bus.ts) are written in one
// transaction: both or neither, so the event is neither lost nor raised twice.

/**
 * Raises `event` on `ref` unless it was raised for (`noticeId`, `key`) before; whether it was raised now.
 * `notice.entityId` is the record the key belongs to (the customer of a card, a rental).
 */
export async function raiseOnce(
  ctx: Context,
  event: AutomationEvent,
  ref: RecordRef,
  notice: { entityId: string; key: string },
): Promise<boolean> {
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.routeEventNotice.create({
        data: { branchId: ctx.branch.id, event, entityId: notice.entityId, key: notice.key },
      });
      await raise(tx, ctx, event, ref);
    });
  } catch (e) {
    if (isUniqueViolation(e)) return false;
    throw e;
  }
  await deliver(ctx);
  return true;
}
