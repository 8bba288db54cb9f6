import { getDatamodel } from "../generated/pothos-types.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";

// A Prisma client bound to one branch: every read, update and delete of a branch-owned model gets
// `branchId` added to its where clause, every create gets it in its data. Modules receive only this
// client (ctx.db), so a row of another branch reads as "not found".
//
// Rule for module code: create rows with scalar foreign keys (customerId: ...), not nested
// `connect`, so the injected branchId stays valid; nested writes are not rewritten.

const unscopedModels = new Set(["Tenant", "Branch", "Session", "ThrottleCounter", "OutboxMessage"]);

export const branchScopedModels: ReadonlySet<string> = new Set(
  Object.entries(getDatamodel().datamodel.models)
    .filter(([name, m]) => !unscopedModels.has(name) && m.fields.some((f) => f.name === "branchId"))
    .map(([name]) => name),
);

const createOps = new Set(["create", "createMany", "createManyAndReturn"]);

function withBranch<T>(data: T, branchId: string): T {
  if (Array.isArray(data)) return data.map((d) => ({ ...d, branchId })) as T;
  return { ...(data as object), branchId } as T;
}

function build(prisma: PrismaClient, branchId: string) {
  return prisma.$extends({
    name: "branch-scope",
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          if (!branchScopedModels.has(model)) return query(args);
          // biome-ignore lint/suspicious/noExplicitAny: one rewrite for every model's argument shape
          const a = { ...(args as any) };
          if (createOps.has(operation)) {
            a.data = withBranch(a.data, branchId);
          } else if (operation === "upsert") {
            a.where = { ...a.where, branchId };
            a.create = withBranch(a.create, branchId);
          } else {
            a.where = { ...a.where, branchId };
          }
          return query(a);
        },
      },
    },
  });
}

export type ScopedDb = ReturnType<typeof build>;

const cache = new WeakMap<PrismaClient, Map<string, ScopedDb>>();

export function scopedDb(prisma: PrismaClient, branchId: string): ScopedDb {
  let perClient = cache.get(prisma);
  if (!perClient) {
    perClient = new Map();
    cache.set(prisma, perClient);
  }
  let db = perClient.get(branchId);
  if (!db) {
    db = build(prisma, branchId);
    perClient.set(branchId, db);
  }
  return db;
}
