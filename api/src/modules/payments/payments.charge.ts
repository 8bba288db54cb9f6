import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError } from "../../errors.ts";
import type { PaymentAttempt } from "../../generated/prisma/client.ts";
import { emptyResponse, type GatewayResponse } from "../../integrations/payments/gateway.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { formatMoney } from "../../shared/money.ts";
import { findCustomer } from "../customers/customers.service.ts";
import { assertAccepted } from "./payment-rules.ts";
import {
  type ChargeInput,
  type ChargeResult,
  chargeTestHooks,
  earlierAttempt,
  gatewayFor,
  IDEMPOTENCY_KEY,
  isUniqueViolation,
  lockCustomer,
  MAX_PAYMENT_CENTS,
  MAX_PORTAL_CREDIT_CENTS,
  PROCESSING,
  toResult,
} from "./payments.attempts.ts";
import { resolveMethod } from "./payments.method.ts";
import { postPayment } from "./payments.post.ts";

// Charging a customer: the amount checked (a portal payment against the credit ceiling), the key
// reserved under the customer's lock, the gateway called, and an approved payment posted.

type BalanceDb = Pick<ScopedTx, "transaction" | "paymentAttempt">;

/**
 * The balance as it will be once the payments still at the gateway are posted: the sum of the
 * account's transactions less its attempts in progress (an attempt whose outcome is unknown counts
 * as paid, which errs on the side of less credit).
 */
async function balanceAfterPending(db: BalanceDb, customerId: string): Promise<number> {
  const posted = await db.transaction.aggregate({ where: { customerId }, _sum: { amountCents: true } });
  const pending = await db.paymentAttempt.aggregate({
    where: { customerId, responseText: PROCESSING },
    _sum: { amountCents: true },
  });
  return (posted._sum.amountCents ?? 0) - (pending._sum.amountCents ?? 0);
}

/**
 * What a customer may pay online: the balance, or more (a credit on the account) once they confirmed
 * it, as long as the account's credit after the payment is at most MAX_PORTAL_CREDIT_CENTS. A credit
 * already on the account counts, so paying 300.00 of credit twice in a row is not two separate
 * allowances. Paying chosen invoices needs no confirmation but stays under the same ceiling.
 * Checked once early (a clear answer before anything else) and again, under the customer's lock, where
 * the attempt is reserved (chargeCustomer), so concurrent payments cannot each see the same balance.
 */
async function assertPortalAmount(
  db: BalanceDb,
  customerId: string,
  amountCents: number,
  p: { confirmed: boolean; invoices: boolean },
) {
  const balance = await balanceAfterPending(db, customerId);
  const due = Math.max(balance, 0);
  // After the payment the balance is balance - amount; its credit (the negative part) stays <= the ceiling.
  const most = Math.max(balance + MAX_PORTAL_CREDIT_CENTS, 0);
  if (amountCents > most)
    throw new AppError(
      "BAD_USER_INPUT",
      most === 0
        ? `Your account already has a credit of ${formatMoney(-balance)}, the most it can hold, so nothing more can be paid online.`
        : due > 0
          ? `You can pay at most ${formatMoney(most)}: your balance of ${formatMoney(due)} plus up to ${formatMoney(MAX_PORTAL_CREDIT_CENTS)} of credit.`
          : `Nothing is due. You can pay at most ${formatMoney(most)} as a credit on your account.`,
    );
  if (amountCents <= due || p.invoices) return;
  if (!p.confirmed)
    throw new AppError(
      "BAD_USER_INPUT",
      due > 0
        ? `${formatMoney(amountCents)} is more than your balance of ${formatMoney(due)}. Confirm that you want to pay more.`
        : `Nothing is due. Confirm that you want to pay ${formatMoney(amountCents)} as a credit on your account.`,
    );
}

/**
 * Charges a customer through the branch's gateway and, when approved, posts the payment. A second
 * call with the same idempotency key returns the first call's result without charging again.
 * Bad input (amount, method, invoices, a payment type the branch does not accept) throws and
 * changes nothing.
 */
export async function chargeCustomer(ctx: Context, input: ChargeInput): Promise<ChargeResult> {
  const idempotencyKey = String(input.idempotencyKey ?? "").trim();
  if (!IDEMPOTENCY_KEY.test(idempotencyKey))
    throw new AppError("BAD_USER_INPUT", "Missing or invalid idempotency key.");
  const customer = await findCustomer(ctx, input.customerId);

  const earlier = await earlierAttempt(ctx, idempotencyKey, input);
  if (earlier) return earlier;
  const gateway = gatewayFor(ctx); // a branch that takes no payments says so before anything else

  const amountCents = input.amountCents;
  if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > MAX_PAYMENT_CENTS)
    throw new AppError("BAD_USER_INPUT", `Enter an amount between $0.01 and ${formatMoney(MAX_PAYMENT_CENTS)}.`);
  const portalRules = { confirmed: !!input.confirmOverpayment, invoices: !!input.invoiceIds?.length };
  if (input.source === "PORTAL") await assertPortalAmount(ctx.db, customer.id, amountCents, portalRules);

  let method: Awaited<ReturnType<typeof resolveMethod>>;
  try {
    method = await resolveMethod(ctx, gateway, customer.id, input.method);
  } catch (error) {
    // A concurrent double submit may have used a single-use card token first; it reserves this key
    // right after, so answer with its attempt rather than with "token already used".
    for (let i = 0; i < 20; i++) {
      const raced = await earlierAttempt(ctx, idempotencyKey, input);
      if (raced) return raced;
      await Bun.sleep(50);
    }
    throw error;
  }
  assertAccepted(ctx.branch, method.kind, method.cardType);

  // The invoices the payment is applied to, oldest first.
  const invoiceIds = [...new Set(input.invoiceIds ?? [])];
  let invoices: { id: string; balanceCents: number }[] = [];
  if (invoiceIds.length) {
    invoices = await ctx.db.invoice.findMany({
      where: { id: { in: invoiceIds }, customerId: customer.id },
      orderBy: [{ date: "asc" }, { displayId: "asc" }],
      select: { id: true, balanceCents: true },
    });
    if (invoices.length !== invoiceIds.length) throw new AppError("NOT_FOUND", "Invoice not found.");
    if (invoices.some((i) => i.balanceCents <= 0))
      throw new AppError("BAD_USER_INPUT", "One of the chosen invoices is already paid.");
    const open = invoices.reduce((s, i) => s + i.balanceCents, 0);
    if (amountCents > open)
      throw new AppError(
        "BAD_USER_INPUT",
        `The amount is more than the chosen invoices' balance of ${formatMoney(open)}.`,
      );
  } else if (customer.isInvoiceAccount && (input.source === "PORTAL" || input.source === "AUTOPAY")) {
    // Paying an invoice account's balance settles its oldest open invoices first.
    invoices = await ctx.db.invoice.findMany({
      where: { customerId: customer.id, balanceCents: { gt: 0 } },
      orderBy: [{ date: "asc" }, { displayId: "asc" }],
      select: { id: true, balanceCents: true },
    });
  }

  // Reserve the key before calling the gateway: a concurrent double submit waits for this answer.
  // The reservation holds the customer's row lock, so reservations of one customer happen one at a
  // time and each sees the others' attempts in progress: the portal's credit ceiling is checked
  // against the balance those will leave, not against the same balance six times over.
  // (NO KEY UPDATE: rows that merely refer to the customer, like a posted payment, do not wait for it.)
  let attempt: PaymentAttempt;
  try {
    attempt = await ctx.db.$transaction(async (tx) => {
      await lockCustomer(tx, customer.id);
      if (input.source === "PORTAL") await assertPortalAmount(tx, customer.id, amountCents, portalRules);
      await chargeTestHooks.beforeReserve?.();
      return tx.paymentAttempt.create({
        data: {
          branchId: ctx.branch.id,
          customerId: customer.id,
          idempotencyKey,
          source: input.source,
          amountCents,
          result: "FAILURE",
          responseText: PROCESSING,
          paymentAccountId: method.paymentAccountId,
          maskedAccountNumber: method.masked,
          invoiceIds: invoices.map((i) => i.id),
          createdByUserId: ctx.viewer?.userId ?? null,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await earlierAttempt(ctx, idempotencyKey, input);
      if (again) return again;
    }
    throw error;
  }

  const description = input.description.trim().slice(0, 200) || "Payment";
  let response: GatewayResponse;
  try {
    response = await gateway.sale({
      amountCents,
      source: method.source,
      kind: method.kind,
      saveToVault: method.saveForLater,
      orderId: attempt.id,
      description,
    });
  } catch (error) {
    log.error("payment gateway call failed", { error, attemptId: attempt.id });
    response = { ...emptyResponse, responseText: "The payment gateway could not be reached" };
  }

  const gatewayFields = {
    responseText: response.responseText.slice(0, 500),
    gatewayTransactionId: response.transactionId,
    avsResult: response.avsResult,
    cvvResult: response.cvvResult,
  };

  if (response.result !== "SUCCESS") {
    const done = await ctx.db.paymentAttempt.update({
      where: { id: attempt.id },
      data: { result: response.result, ...gatewayFields, responseText: gatewayFields.responseText || "Declined" },
    });
    log.info("payment not approved", { attemptId: attempt.id, result: response.result, source: input.source });
    return toResult(done);
  }

  try {
    const done = await postPayment(ctx, {
      attempt,
      customerId: customer.id,
      amountCents,
      method,
      invoices,
      description: description.includes(method.label) ? description : `${description} - ${method.label}`,
      response,
      gatewayFields,
    });
    log.info("payment approved", { attemptId: attempt.id, source: input.source, amountCents });
    return toResult(done);
  } catch (error) {
    // Approved at the gateway but not recorded here: give the money back rather than lose track of it.
    log.error("approved payment could not be posted; voiding it", { error, attemptId: attempt.id });
    const voided = await gateway.void(response.transactionId).catch(() => null);
    const done = await ctx.db.paymentAttempt.update({
      where: { id: attempt.id },
      data: {
        result: "FAILURE",
        ...gatewayFields,
        responseText:
          voided?.result === "SUCCESS"
            ? "The payment could not be recorded and was cancelled"
            : "The payment could not be recorded; please contact us",
        voidedAt: voided?.result === "SUCCESS" ? clock.now() : null,
      },
    });
    return toResult(done);
  }
}
