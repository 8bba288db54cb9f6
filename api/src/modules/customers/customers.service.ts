import type { Context } from "../../auth/context.ts";
import { AppError } from "../../graphql/errors.ts";

// Which customers a portal user may see: those they are linked to through an active contact.
// Every portal operation that takes a customer id goes through requireLinkedCustomer, so another
// customer's id (or another branch's) reads as "not found".

export async function linkedCustomerIds(ctx: Context): Promise<string[]> {
  if (!ctx.viewer) return [];
  const contacts = await ctx.db.contact.findMany({
    where: { userId: ctx.viewer.userId, inactive: false },
    select: { customerId: true },
    orderBy: { createdAt: "asc" },
  });
  return [...new Set(contacts.map((c) => c.customerId))];
}

/** The customer with this id if the viewer is linked to it (employees may see any in their branch). */
export async function requireLinkedCustomer(ctx: Context, customerId: string) {
  if (!ctx.viewer) throw new AppError("UNAUTHENTICATED");
  const customer = await ctx.db.customer.findUnique({ where: { id: customerId } });
  if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
  if (ctx.viewer.personId) return customer;
  const link = await ctx.db.contact.findFirst({
    where: { customerId, userId: ctx.viewer.userId, inactive: false },
    select: { id: true },
  });
  if (!link) throw new AppError("NOT_FOUND", "Customer not found.");
  return customer;
}

export async function linkedCustomers(ctx: Context) {
  const ids = await linkedCustomerIds(ctx);
  if (!ids.length) return [];
  const rows = await ctx.db.customer.findMany({ where: { id: { in: ids } } });
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
