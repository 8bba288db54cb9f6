import { getDatamodel } from "../generated/pothos-types.ts";
import { Prisma, type PrismaClient } from "../generated/prisma/client.ts";

// A Prisma client bound to one branch: every read, update and delete of a branch-owned model gets
// `branchId` added to its where clause, every create gets it in its data. Modules receive only this
// client (ctx.db), so a row of another branch reads as "not found".
//
// Rule for module code: create rows with scalar foreign keys (customerId: ...), not nested
// `connect`, so the injected branchId stays valid; nested writes are not rewritten.
//
// Raw SQL is not on this client's type (nor on its transactions'): a module that needs it calls
// `$branchQuery(branch => Prisma.sql\`... WHERE "branchId" = ${branch}\`)`, which binds this
// client's branch, so a statement cannot be written against "whatever branch".

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
    client: {
      /** Raw SQL bound to this branch: `sql` gets the branch id as a parameter for its WHERE. */
      $branchQuery<T>(sql: (branch: Prisma.Sql) => Prisma.Sql): Promise<T[]> {
        const client = Prisma.getExtensionContext(this) as unknown as {
          $queryRaw<R>(query: Prisma.Sql): Promise<R>;
        };
        return client.$queryRaw<T[]>(sql(Prisma.sql`${branchId}`));
      },
    },
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

type RawSql = "$queryRaw" | "$queryRawUnsafe" | "$executeRaw" | "$executeRawUnsafe";
type Extended = ReturnType<typeof build>;
type ExtendedTx = Parameters<Parameters<Extended["$transaction"]>[0]>[0];
type BranchQuery = Pick<Extended, "$branchQuery">;

/** The transaction client of a scoped client: branch-bound as well, with no raw SQL but $branchQuery. */
export type ScopedTx = Omit<ExtendedTx, RawSql> & BranchQuery;

/** The branch-bound client modules use (ctx.db). */
export type ScopedDb = Omit<Extended, RawSql | "$transaction"> & {
  $transaction<R>(
    fn: (tx: ScopedTx) => Promise<R>,
    options?: { maxWait?: number; timeout?: number; isolationLevel?: Prisma.TransactionIsolationLevel },
  ): Promise<R>;
  $transaction<P extends Prisma.PrismaPromise<unknown>[]>(queries: [...P]): Promise<unknown[]>;
};

const cache = new WeakMap<PrismaClient, Map<string, ScopedDb>>();

export function scopedDb(prisma: PrismaClient, branchId: string): ScopedDb {
  let perClient = cache.get(prisma);
  if (!perClient) {
    perClient = new Map();
    cache.set(prisma, perClient);
  }
  let db = perClient.get(branchId);
  if (!db) {
    db = build(prisma, branchId) as unknown as ScopedDb;
    perClient.set(branchId, db);
  }
  return db;
}
