import type { AutomationEvent, TableIdentifier } from "../generated/prisma/enums.ts";
import { log } from "../log.ts";
import type { Context } from "../runtime.ts";

// The one event bus: a module says that something happened to a record (an activity was created open,
// resolved...) once the transaction that did it has committed, and whoever listens (automations) acts on
// it. The bus knows no module: listeners register themselves. A listener's failure is logged and never
// reaches the call that emitted (the user's change is already saved).
//
// Events carry where they come from: work done by an automation run emits with that run's origin
// (its depth in a chain of automations), so a listener can stop a chain that feeds itself. Work the
// server does to report a failure is "quiet": it emits nothing.

export type RecordRef = { tableId: TableIdentifier; entityId: string };
export type EventOrigin = { depth: number; runId: string | null; quiet: boolean };
export type EventListener = (
  ctx: Context,
  event: AutomationEvent,
  ref: RecordRef,
  origin: EventOrigin,
) => Promise<void>;

const listeners = new Set<EventListener>();
const origins = new WeakMap<Context, EventOrigin>();
const USER: EventOrigin = { depth: 0, runId: null, quiet: false };

/** Registers a listener; returns what unregisters it. */
export function onEvent(listener: EventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks a context as doing an automation run's work (or quiet work that emits nothing). */
export function setOrigin(ctx: Context, origin: EventOrigin) {
  origins.set(ctx, origin);
}

/** Tells every listener; call it after the transaction that made the change has committed. */
export async function emit(ctx: Context, event: AutomationEvent, ref: RecordRef): Promise<void> {
  const origin = origins.get(ctx) ?? USER;
  if (origin.quiet) return;
  for (const listener of listeners) {
    try {
      await listener(ctx, event, ref, origin);
    } catch (error) {
      log.error("event listener failed", { error, event, ...ref });
    }
  }
}
