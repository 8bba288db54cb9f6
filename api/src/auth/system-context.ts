import { randomUUID } from "node:crypto";
import { crossBranch } from "../db/cross-branch.ts";
import { scopedDb } from "../db/scoped.ts";
import type { Branch } from "../generated/prisma/client.ts";
import type { Context, Runtime } from "../runtime.ts";

/**
 * A context for work done by the server itself (a job, a sweep, an automation run, a lead posted by a
 * key): nobody signed in, no permissions, bound to one branch's scoped client. `label` names its
 * requests ("autopay-<uuid>") and stands as its user agent.
 */
export function systemContext(runtime: Runtime, branch: Branch, label: string): Context {
  return {
    requestId: `${label}-${randomUUID()}`,
    runtime,
    branch,
    db: scopedDb(crossBranch(runtime), branch.id),
    viewer: null,
    apiKey: null,
    permissions: async () => new Set(),
    ip: "",
    userAgent: label,
    secure: false,
    responseCookies: [],
  };
}
