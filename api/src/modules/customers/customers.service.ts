import { linkedCustomerIds } from "../../auth/linked-customers.ts";
import { AppError } from "../../errors.ts";
import type { Context } from "../../runtime.ts";

// Which customers a portal user may see: those they are linked to through an active contact
// (auth/linked-customers.ts). Who may act on one customer is declared on each root field (the
// customerAccess scope, auth/access.ts); services only load the rows.

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
