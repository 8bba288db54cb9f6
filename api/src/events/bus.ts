import { clock } from "../clock.ts";
import type { ScopedDb, ScopedTx } from "../db/scoped.ts";
import type { AutomationEvent, TableIdentifier } from "../generated/prisma/enums.ts";
import { log } from "../log.ts";
import type { Context } from "../runtime.ts";

// The one event bus: a module says that something happened to a record (an activity was created open,
// resolved, a work order posted...) and whoever listens (automations) acts on it. The bus knows no
// module: listeners register themselves. See docs/decisions/0970-durable-events.md.
//
// Durable: `raise(tx, ctx, ...)` writes the event (a RaisedEvent row, the outbox) in the transaction that
// makes the change, so the change and its event commit together or not at all; `deliver(ctx)` after the
// commit hands this context's raised events to the listeners at once. A process that dies between the
// two leaves the row undispatched, and the automation sweep dispatches it. The listener claims a row in
// the transaction that writes its runs, so an event dispatches once however many processes try.
// A listener's failure is logged and never reaches the caller (the user's change is already saved).
//
// Events carry where they come from: work done by an automation run raises with that run's chain
// depth, so a chain that feeds itself can be stopped. Work the server does to report a failure is
// "quiet": it raises nothing.

export type RecordRef = { tableId: TableIdentifier; entityId: string };
export type EventOrigin = { depth: number; runId: string | null; quiet: boolean };
/** Hears one raised event, committed; `eventId` is its RaisedEvent row (what the engine dispatches). */
export type EventListener = (
  ctx: Context,
  event: AutomationEvent,
  ref: RecordRef,
  origin: EventOrigin,
  eventId: string,
) => Promise<void>;
type Pending = { id: string; event: AutomationEvent; ref: RecordRef; origin: EventOrigin };

const listeners = new Set<EventListener>();
const origins = new WeakMap<Context, EventOrigin>();
const pending = new WeakMap<Context, Pending[]>();
const USER: EventOrigin = { depth: 0, runId: null, quiet: false };

/** Test hooks: a throw from afterCommit stops a caller as a process dying after its commit would. */
export const busHooks: { afterCommit?: () => void } = {};

/** Registers a listener; returns what unregisters it. */
export function onEvent(listener: EventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks a context as doing an automation run's work (or quiet work that raises nothing). */
export function setOrigin(ctx: Context, origin: EventOrigin) {
  origins.set(ctx, origin);
}

/**
 * Records the event inside the transaction that makes the change (pass its `tx`); call `deliver(ctx)`
 * once it has committed. The row's depth is the chain depth the runs it makes will have.
 */
export async function raise(
  tx: ScopedTx | ScopedDb,
  ctx: Context,
  event: AutomationEvent,
  ref: RecordRef,
): Promise<void> {
  const origin = origins.get(ctx) ?? USER;
  if (origin.quiet) return;
  const row = await tx.raisedEvent.create({
    data: {
      branchId: ctx.branch.id,
      event,
      tableId: ref.tableId,
      entityId: ref.entityId,
      depth: origin.runId ? origin.depth + 1 : 0,
      parentRunId: origin.runId,
      createdAt: clock.now(),
    },
    select: { id: true },
  });
  const list = pending.get(ctx) ?? [];
  list.push({ id: row.id, event, ref: { tableId: ref.tableId, entityId: ref.entityId }, origin });
  pending.set(ctx, list);
}

/** After the commit: dispatches the events this context raised (the sweep takes up what this misses). */
export async function deliver(ctx: Context): Promise<void> {
  const raised = pending.get(ctx);
  if (!raised?.length) return;
  pending.delete(ctx);
  busHooks.afterCommit?.();
  for (const r of raised)
    for (const listener of listeners) {
      try {
        await listener(ctx, r.event, r.ref, r.origin, r.id);
      } catch (error) {
        log.error("event listener failed", { error, eventId: r.id, event: r.event, ...r.ref });
      }
    }
}

/**
 * Raises and delivers in one go, after the change's own commit: for a change that is a single write.
 * A process that dies between that write and this one loses the event; prefer `raise` in the change's
 * transaction.
 */
export async function emit(ctx: Context, event: AutomationEvent, ref: RecordRef): Promise<void> {
  try {
    await raise(ctx.db, ctx, event, ref);
  } catch (error) {
    log.error("event not recorded", { error, event, ...ref });
    return;
  }
  await deliver(ctx);
}
