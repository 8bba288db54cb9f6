import { cacheFor } from "../db/read-cache.ts";
import type { Context } from "../runtime.ts";

// Which customers a portal user may see: those they are linked to through an active contact. The
// access checks (access.ts) and the portal's services (modules/customers, account, shop) ask it.

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

/** The ids of the customers the signed-in user is linked to, oldest link first; none for a visitor. */
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
