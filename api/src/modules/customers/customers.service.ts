import { cacheFor } from "../../db/read-cache.ts";
import { AppError } from "../../errors.ts";
import type { Context } from "../../runtime.ts";

// Which customers a portal user may see: those they are linked to through an active contact. Who may
// act on one customer is declared on each root field (the customerAccess scope, auth/access.ts);
// services only load the rows.

// Asked on almost every portal request (access checks, the overview): kept per user for a few seconds and
// dropped at once by any write to Contact (db/read-cache.ts, decision 0400); as with sessions (decision
// 0006), another API container without Redis may honour a removed link for at most ttlMs more.
const linkedCache = {
  name: "linked-customers",
  models: ["Contact"],
  ttlMs: 5_000,
  maxEntries: 10_000,
  staleWhileReloading: false,
} as const;

export async function linkedCustomerIds(ctx: Context): Promise<string[]> {
  const viewer = ctx.viewer;
  if (!viewer) return [];
  const ids = await cacheFor(ctx.runtime, linkedCache).get(ctx.branch.id, viewer.userId, async () => {
    const contacts = await ctx.db.contact.findMany({
      where: { userId: viewer.userId, inactive: false },
      select: { customerId: true },
      orderBy: { createdAt: "asc" },
    });
    return [...new Set(contacts.map((c) => c.customerId))];
  });
  return [...ids];
}

/** The customer with this id in the request's branch, else "not found". */
export async function findCustomer(ctx: Context, customerId: string) {
  const customer = await ctx.db.customer.findUnique({ where: { id: String(customerId) } });
  if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
  return customer;
}

export async function linkedCustomers(ctx: Context) {
  const ids = await linkedCustomerIds(ctx);
  if (!ids.length) return [];
  const rows = await ctx.db.customer.findMany({ where: { id: { in: ids } } });
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
