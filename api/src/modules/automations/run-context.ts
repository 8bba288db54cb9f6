import { randomUUID } from "node:crypto";
import { crossBranch } from "../../db/cross-branch.ts";
import { scopedDb } from "../../db/scoped.ts";
import { type EventOrigin, setOrigin } from "../../events/bus.ts";
import type { Branch } from "../../generated/prisma/client.ts";
import type { Context, Runtime } from "../../runtime.ts";

/** The context an automation run works in: the branch's scoped client, nobody signed in, its origin. */
export function runContext(runtime: Runtime, branch: Branch, origin: EventOrigin): Context {
  const ctx: Context = {
    requestId: `automation-${randomUUID()}`,
    runtime,
    branch,
    db: scopedDb(crossBranch(runtime), branch.id),
    viewer: null,
    apiKey: null,
    permissions: async () => new Set(),
    ip: "",
    userAgent: "automation",
    secure: false,
    responseCookies: [],
  };
  setOrigin(ctx, origin);
  return ctx;
}
