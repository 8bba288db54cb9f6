import type { Prisma } from "../../generated/prisma/client.ts";

/**
 * Demo data for accounts: the north branch lets new customers sign up without an account number
 * (Branch.allowAnonymousSignUp), so the portal's new-customer form can be tried with ?host=north; demo
 * keeps the default (existing customers only).
 */
export async function seedAccounts(tx: Prisma.TransactionClient): Promise<void> {
  await tx.branch.updateMany({ where: { host: "north" }, data: { allowAnonymousSignUp: true } });
}
