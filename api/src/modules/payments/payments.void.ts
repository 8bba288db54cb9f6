import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError } from "../../errors.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { formatMoney } from "../../shared/money.ts";
import { gatewayFor, lockAttempt, PROCESSING } from "./payments.attempts.ts";

export type VoidResult = {
  isSuccess: boolean;
  message: string;
  /** `keepIf` said the payment is in use, so it was left standing. */
  kept?: boolean;
};

/**
 * Voids an approved payment at the gateway and reverses what it posted (the invoice balances come
 * back). Used by the shop when an order cannot be placed after its payment. `keepIf` runs under the
 * attempt's lock before the void is claimed: when it answers true (an order was written on this
 * payment meanwhile) the payment stands and nothing is voided.
 */
export async function voidPayment(
  ctx: Context,
  attemptId: string,
  opts: { keepIf?: (tx: ScopedTx) => Promise<boolean> } = {},
): Promise<VoidResult> {
  // Claim the void (voidedAt) under the attempt's lock, so two calls cannot both reverse the payment
  // and from here on the attempt no longer counts as a payment for its key.
  const claim = await ctx.db.$transaction(async (tx) => {
    const attempt = await lockAttempt(tx, String(attemptId));
    if (!attempt) throw new AppError("NOT_FOUND", "Payment not found.");
    if (attempt.result !== "SUCCESS" || attempt.responseText === PROCESSING)
      return { attempt, refused: "Only an approved payment can be voided." };
    if (attempt.voidedAt) return { attempt, refused: "This payment was already voided." };
    if (opts.keepIf && (await opts.keepIf(tx))) return { attempt, kept: true };
    await tx.paymentAttempt.update({ where: { id: attempt.id }, data: { voidedAt: clock.now() } });
    return { attempt };
  });
  if (claim.kept) return { isSuccess: false, kept: true, message: "This payment is in use and was not voided." };
  if (claim.refused) return { isSuccess: false, message: claim.refused };
  const attempt = claim.attempt;

  const response = await gatewayFor(ctx)
    .void(attempt.gatewayTransactionId)
    .catch((error) => {
      log.error("payment gateway void failed", { error, attemptId: attempt.id });
      return null;
    });
  if (response?.result !== "SUCCESS") {
    await ctx.db.paymentAttempt.update({ where: { id: attempt.id }, data: { voidedAt: null } });
    return {
      isSuccess: false,
      message: `The payment could not be voided: ${response?.responseText || "the payment gateway could not be reached"}.`,
    };
  }

  await ctx.db.$transaction(async (tx) => {
    const posted = await tx.transaction.findMany({
      where: { customerId: attempt.customerId, idempotencyKey: { startsWith: `pay:${attempt.id}:` } },
      orderBy: { idempotencyKey: "asc" },
    });
    const now = clock.now();
    for (const [i, t] of posted.entries()) {
      await tx.transaction.create({
        data: {
          branchId: ctx.branch.id,
          customerId: t.customerId,
          kind: "ADJUSTMENT",
          datePosted: now,
          billingCodeId: t.billingCodeId,
          description: `Void - ${t.description}`.slice(0, 250),
          quantity: 1,
          amountCents: -t.amountCents,
          invoiceId: t.invoiceId,
          paymentAccountId: t.paymentAccountId,
          maskedAccountNumber: t.maskedAccountNumber,
          gatewayTransactionId: response.transactionId || t.gatewayTransactionId,
          gatewayResponseText: response.responseText,
          idempotencyKey: `void:${attempt.id}:${i}`,
        },
      });
      if (t.invoiceId)
        await tx.invoice.update({ where: { id: t.invoiceId }, data: { balanceCents: { increment: -t.amountCents } } });
    }
  });
  log.info("payment voided", { attemptId: attempt.id });
  return { isSuccess: true, message: `Payment of ${formatMoney(attempt.amountCents)} voided.` };
}
