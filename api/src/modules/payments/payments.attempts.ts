import type { ScopedTx } from "../../db/scoped.ts";
import { AppError } from "../../errors.ts";
import { type PaymentAttempt, Prisma } from "../../generated/prisma/client.ts";
import { type PaymentGateway, paymentGatewayFor } from "../../integrations/payments/gateway.ts";
import type { Context } from "../../runtime.ts";
import { formatMoney } from "../../shared/money.ts";

// What charging and voiding share: the input and answer of a charge, its limits, one PaymentAttempt per
// idempotency key (a replayed key answers with its earlier attempt), and the row locks that make
// reserving, posting and voiding happen one at a time.

export type PaymentSourceKind = "PORTAL" | "SHOP" | "AUTOPAY" | "TEAM";

export type ChargeInput = {
  customerId: string;
  amountCents: number;
  /** A portal payment above the balance goes through only when the customer confirmed it. */
  confirmOverpayment?: boolean;
  method: { paymentAccountId: string } | { token: string; saveForLater?: boolean };
  idempotencyKey: string;
  source: PaymentSourceKind;
  description: string;
  invoiceIds?: string[];
};

export type ChargeResult = {
  result: "SUCCESS" | "DECLINED" | "FAILURE";
  message: string;
  attemptId: string;
  transactionId: string | null;
  /** The key's earlier attempt was approved and then voided: it pays nothing, and nothing new was charged. */
  voided?: boolean;
};

/** Upper bound of one payment: $100,000.00. */
export const MAX_PAYMENT_CENTS = 10_000_000;
/**
 * The most credit (negative balance) a customer's own online payments may leave on the account: after
 * a portal payment the account's credit is at most this, counting every payment before it (and those
 * still at the gateway), not just this one. Employees (TEAM) may take larger prepayments.
 */
export const MAX_PORTAL_CREDIT_CENTS = 50_000;
/** responseText of an attempt whose gateway call has not answered yet. */
export const PROCESSING = "[processing]";
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9:_.-]{8,120}$/;

export function gatewayFor(ctx: Pick<Context, "runtime" | "branch">): PaymentGateway {
  return paymentGatewayFor(ctx.runtime, ctx.branch);
}

export function attemptMessage(a: Pick<PaymentAttempt, "result" | "responseText" | "amountCents">): string {
  if (a.responseText === PROCESSING)
    return "This payment is still being processed. Please check your balance in a minute before trying again.";
  if (a.result === "SUCCESS") return `Payment of ${formatMoney(a.amountCents)} approved.`;
  if (a.result === "DECLINED") return `Payment declined: ${a.responseText || "declined by the card issuer"}.`;
  return `The payment could not be processed: ${a.responseText || "unknown error"}.`;
}

/** Answer to a replayed key whose payment was voided (the shop voids a payment when its order fails). */
export const VOIDED_ATTEMPT_MESSAGE = "This payment was voided, so it does not pay for anything. Please try again.";

/**
 * An attempt is a payment only while it stands: approved, answered, and not voided (voidedAt is set
 * when a void is claimed and stays set once the gateway voided it; a refund, should one be added,
 * must mark the attempt the same way). A voided, declined or failed attempt never pays for anything.
 */
export function attemptStands(a: Pick<PaymentAttempt, "result" | "responseText" | "voidedAt">): boolean {
  return a.result === "SUCCESS" && a.responseText !== PROCESSING && a.voidedAt === null;
}

export const toResult = (a: PaymentAttempt): ChargeResult =>
  a.result === "SUCCESS" && a.voidedAt !== null
    ? { result: "FAILURE", message: VOIDED_ATTEMPT_MESSAGE, attemptId: a.id, transactionId: null, voided: true }
    : { result: a.result, message: attemptMessage(a), attemptId: a.id, transactionId: a.transactionId };

export { isUniqueViolation } from "../../db/unique-violation.ts";

/** Hooks for tests: a pause between the ceiling check and the attempt's insert (a slow database). */
export const chargeTestHooks: { beforeReserve?: () => Promise<void> } = {};

/** Waits for a concurrent request with the same key to get its gateway answer. */
async function awaitAttempt(ctx: Context, id: string): Promise<PaymentAttempt> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const a = await ctx.db.paymentAttempt.findFirstOrThrow({ where: { id } });
    if (a.responseText !== PROCESSING || Date.now() > deadline) return a;
    await Bun.sleep(250);
  }
}

/**
 * The attempt made earlier with this key, when it was this very payment: the same customer, amount,
 * purpose (source) and saved method. A key reused for anything else is a CONFLICT, never a shortcut
 * to an earlier approval (a 1-cent payment must not stand in for a 186.94 order). An earlier attempt
 * that was voided answers as a FAILURE ("voided", see toResult): it is not a payment, and the key is
 * not charged again either (a replay must not charge twice for one purchase); the browser makes a new
 * key after that definite answer.
 */
export async function earlierAttempt(
  ctx: Context,
  idempotencyKey: string,
  input: ChargeInput,
): Promise<ChargeResult | null> {
  const earlier = await ctx.db.paymentAttempt.findFirst({ where: { idempotencyKey } });
  if (!earlier) return null;
  if (earlier.customerId !== input.customerId)
    throw new AppError("CONFLICT", "This payment was already submitted for another account.");
  const savedMethod = "paymentAccountId" in input.method ? input.method.paymentAccountId : null;
  if (
    earlier.amountCents !== input.amountCents ||
    earlier.source !== input.source ||
    (savedMethod !== null && earlier.paymentAccountId !== savedMethod)
  )
    throw new AppError("CONFLICT", "This payment key was already used for a different payment.");
  return toResult(await awaitAttempt(ctx, earlier.id));
}

/**
 * What became of a payment the browser sent with `idempotencyKey` (as makePayment answered, or would
 * answer a replay), or null when the server never received it. A page whose request was cut off asks
 * this before offering to pay again, so a lost answer never turns into a second charge.
 */
export async function paymentByKey(ctx: Context, customerId: string, idempotencyKey: string) {
  const attempt = await ctx.db.paymentAttempt.findFirst({ where: { idempotencyKey, customerId } });
  return attempt ? toResult(attempt) : null;
}

/**
 * The customer's row lock (NO KEY UPDATE: rows that merely refer to the customer, like a posted
 * payment, do not wait for it). Reserving a payment and posting one take it, so they happen one at a
 * time per customer.
 */
export async function lockCustomer(tx: ScopedTx, customerId: string) {
  await tx.$branchQuery(
    (branch) => Prisma.sql`
    SELECT "id" FROM "Customer" WHERE "id" = ${customerId} AND "branchId" = ${branch} FOR NO KEY UPDATE`,
  );
}

/**
 * Locks a payment attempt's row for the rest of the transaction and reads it again. Whoever uses an
 * attempt as a payment (the shop writing its order) and whoever voids it take this lock first, so
 * one of them sees what the other did: an order is never written on a payment being voided, and a
 * payment an order stands on is never voided.
 */
export async function lockAttempt(tx: ScopedTx, attemptId: string): Promise<PaymentAttempt | null> {
  await tx.$branchQuery(
    (branch) => Prisma.sql`
    SELECT "id" FROM "PaymentAttempt" WHERE "id" = ${attemptId} AND "branchId" = ${branch} FOR UPDATE`,
  );
  return tx.paymentAttempt.findFirst({ where: { id: attemptId } });
}
