import { systemContext } from "../../auth/system-context.ts";
import { type EventOrigin, setOrigin } from "../../events/bus.ts";
import type { Branch } from "../../generated/prisma/client.ts";
import type { Context, Runtime } from "../../runtime.ts";

/** The context an automation run works in: the branch's scoped client, nobody signed in, its origin. */
export function runContext(runtime: Runtime, branch: Branch, origin: EventOrigin): Context {
  const ctx = systemContext(runtime, branch, "automation");
  setOrigin(ctx, origin);
  return ctx;
}
