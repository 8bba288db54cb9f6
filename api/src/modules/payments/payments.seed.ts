import type { Prisma } from "../../generated/prisma/client.ts";

/**
 * Demo data for payments: the sandbox gateway's vault entries behind the seeded payment accounts
 * (their externalId is the vault id), all approving, so saved demo cards and bank accounts can pay.
 */
export async function seedPayments(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRawUnsafe(`
    INSERT INTO "SandboxVaultEntry" ("id", "kind", "brand", "last4", "expiration", "behavior", "createdAt")
    SELECT pa."externalId", pa."kind"::text, pa."cardType", right(pa."maskedAccountNumber", 4), pa."expiration",
           'APPROVE', pa."createdAt"
    FROM "PaymentAccount" pa
    WHERE pa."externalId" LIKE 'sandbox-vault-%'
    ON CONFLICT ("id") DO NOTHING`);
}
