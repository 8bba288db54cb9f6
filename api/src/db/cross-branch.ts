import type { PrismaClient } from "../generated/prisma/client.ts";

// The one door from module code to the unscoped Prisma client: every branch's rows at once. Modules
// otherwise see only the branch-bound client (ctx.db, db/scoped.ts), so a row of another branch reads
// as "not found". What goes through here: the super-admin console's services (branches, users,
// resource limits, IP allow-lists, usage, messaging audit, what's-new posts and portal banners, which
// belong to no branch or to all of them) and jobs that walk every branch (autopay). structure.test.ts
// fails when another module file reaches the unscoped client, by this door or around it.
// Why a door and not a second context field: docs/decisions/0016-pothos-helpers-and-cross-branch-door.md.

/** The unscoped client of `runtime` (ctx.runtime in a resolver, the job's runtime in a job). */
export function crossBranch(runtime: { prisma: PrismaClient }): PrismaClient {
  return runtime.prisma;
}
