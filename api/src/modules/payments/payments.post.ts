import { clock } from "../../clock.ts";
import type { PaymentAttempt } from "../../generated/prisma/client.ts";
import type { GatewayResponse } from "../../integrations/payments/gateway.ts";
import type { Context } from "../../runtime.ts";
import { lockCustomer } from "./payments.attempts.ts";
import type { ResolvedMethod } from "./payments.method.ts";
import { savedTwin } from "./saved-twin.ts";

// Posting an approved payment: its PAYMENT transactions (negative amounts, masked account) split over
// the chosen invoices oldest first, the rest on account, and the card saved when asked.

export async function postPayment(
  ctx: Context,
  p: {
    attempt: PaymentAttempt;
    customerId: string;
    amountCents: number;
    method: ResolvedMethod;
    invoices: { id: string; balanceCents: number }[];
    description: string;
    response: GatewayResponse;
    gatewayFields: { responseText: string; gatewayTransactionId: string; avsResult: string; cvvResult: string };
  },
): Promise<PaymentAttempt> {
  const now = clock.now();
  return ctx.db.$transaction(async (tx) => {
    // The attempt stops counting as "in progress" and its payment is posted in one step, under the
    // customer's lock: a reservation (above) reading the balance in two statements then never falls
    // between them and counts this payment in neither.
    await lockCustomer(tx, p.customerId);
    let paymentAccountId = p.method.paymentAccountId;
    // "Save for later" with a card that is saved already keeps the one saved copy.
    const twin = p.method.saveForLater ? await savedTwin(tx, p.customerId, p.method) : null;
    if (twin) paymentAccountId = twin.id;
    else if (p.method.saveForLater && p.response.vaultId) {
      const hasDefault = await tx.paymentAccount.count({
        where: { customerId: p.customerId, inactive: false, isDefault: true },
      });
      const saved = await tx.paymentAccount.create({
        data: {
          branchId: ctx.branch.id,
          customerId: p.customerId,
          kind: p.method.kind,
          externalId: p.response.vaultId,
          cardType: p.method.cardType,
          accountType: p.method.accountType,
          nameOnAccount: p.method.nameOnAccount,
          maskedAccountNumber: p.method.masked,
          expiration: p.method.expiration,
          isDefault: hasDefault === 0,
        },
      });
      paymentAccountId = saved.id;
    }

    // Split the payment over the invoices (oldest first); what is left is a payment on account.
    const parts: { invoiceId: string | null; amountCents: number }[] = [];
    let left = p.amountCents;
    for (const inv of p.invoices) {
      if (left <= 0) break;
      const applied = Math.min(left, inv.balanceCents);
      if (applied <= 0) continue;
      parts.push({ invoiceId: inv.id, amountCents: applied });
      left -= applied;
    }
    if (left > 0) parts.push({ invoiceId: null, amountCents: left });

    let firstTransactionId: string | null = null;
    for (const [i, part] of parts.entries()) {
      const t = await tx.transaction.create({
        data: {
          branchId: ctx.branch.id,
          customerId: p.customerId,
          kind: "PAYMENT",
          datePosted: now,
          billingCodeId: p.method.kind === "ACH" ? "PAY-ACH" : "PAY-CARD",
          description: p.description,
          quantity: 1,
          amountCents: -part.amountCents,
          invoiceId: part.invoiceId,
          paymentAccountId,
          maskedAccountNumber: p.method.masked,
          gatewayTransactionId: p.response.transactionId,
          gatewayResponseText: p.gatewayFields.responseText,
          avsResult: p.response.avsResult,
          cvvResult: p.response.cvvResult,
          idempotencyKey: `pay:${p.attempt.id}:${i}`,
        },
      });
      firstTransactionId ??= t.id;
      if (part.invoiceId)
        await tx.invoice.update({
          where: { id: part.invoiceId },
          data: { balanceCents: { decrement: part.amountCents } },
        });
    }

    return tx.paymentAttempt.update({
      where: { id: p.attempt.id },
      data: { result: "SUCCESS", ...p.gatewayFields, paymentAccountId, transactionId: firstTransactionId },
    });
  });
}
