import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError } from "../../errors.ts";
import { type PaymentAttempt, Prisma } from "../../generated/prisma/client.ts";
import { maskNumber, methodLabel } from "../../integrations/payments/card-data.ts";
import {
  type GatewayResponse,
  type PaymentGateway,
  type PaymentSource,
  paymentGatewayFor,
} from "../../integrations/payments/gateway.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { findCustomer } from "../customers/customers.service.ts";
import { assertAccepted } from "./payment-rules.ts";
import { savedTwin } from "./saved-twin.ts";

// Charging a customer: one PaymentAttempt per idempotency key (@@unique([branchId, idempotencyKey])),
// so a double submit returns the first result instead of charging twice. An approved payment posts
// PAYMENT transactions (negative amounts, masked account) at once, applied to the chosen invoices.
// See docs/decisions/0152-payments-idempotency-and-posting.md.

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
const PROCESSING = "[processing]";
const IDEMPOTENCY_KEY = /^[A-Za-z0-9:_.-]{8,120}$/;

export function gatewayFor(ctx: Pick<Context, "runtime" | "branch">): PaymentGateway {
  return paymentGatewayFor(ctx.runtime, ctx.branch);
}

const money = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

export function attemptMessage(a: Pick<PaymentAttempt, "result" | "responseText" | "amountCents">): string {
  if (a.responseText === PROCESSING)
    return "This payment is still being processed. Please check your balance in a minute before trying again.";
  if (a.result === "SUCCESS") return `Payment of ${money(a.amountCents)} approved.`;
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

const toResult = (a: PaymentAttempt): ChargeResult =>
  a.result === "SUCCESS" && a.voidedAt !== null
    ? { result: "FAILURE", message: VOIDED_ATTEMPT_MESSAGE, attemptId: a.id, transactionId: null, voided: true }
    : { result: a.result, message: attemptMessage(a), attemptId: a.id, transactionId: a.transactionId };

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "P2002";

/** Hooks for tests: a pause between the ceiling check and the attempt's insert (a slow database). */
export const chargeTestHooks: { beforeReserve?: () => Promise<void> } = {};

/** The method to charge: a saved payment account of this customer, or a fresh browser token. */
type ResolvedMethod = {
  kind: "CARD" | "ACH";
  cardType: string;
  accountType: "CHECKING" | "SAVINGS" | null;
  nameOnAccount: string;
  masked: string;
  expiration: string;
  label: string;
  source: PaymentSource;
  paymentAccountId: string | null;
  saveForLater: boolean;
};

export async function resolveMethod(
  ctx: Context,
  gateway: PaymentGateway,
  customerId: string,
  method: ChargeInput["method"],
): Promise<ResolvedMethod> {
  if ("paymentAccountId" in method) {
    const account = await ctx.db.paymentAccount.findFirst({
      where: { id: method.paymentAccountId, customerId, inactive: false },
    });
    if (!account) throw new AppError("NOT_FOUND", "Payment method not found.");
    return {
      kind: account.kind,
      cardType: account.cardType,
      accountType: account.accountType,
      nameOnAccount: account.nameOnAccount,
      masked: account.maskedAccountNumber,
      expiration: account.expiration,
      label: methodLabel(account),
      source: { vaultId: account.externalId },
      paymentAccountId: account.id,
      saveForLater: false,
    };
  }
  const token = String(method.token ?? "").trim();
  if (!token) throw new AppError("BAD_USER_INPUT", "Choose a payment method.");
  const details = await gateway.describeToken(token);
  if (!details)
    throw new AppError(
      "BAD_USER_INPUT",
      "The payment details have expired. Please enter the card or bank account again.",
    );
  const masked = maskNumber(details.last4, details.length);
  return {
    kind: details.kind,
    cardType: details.brand,
    accountType: details.accountType,
    nameOnAccount: details.nameOnAccount,
    masked,
    expiration: details.expiration,
    label: methodLabel({
      kind: details.kind,
      cardType: details.brand,
      accountType: details.accountType,
      maskedAccountNumber: masked,
    }),
    source: { token },
    paymentAccountId: null,
    saveForLater: !!method.saveForLater,
  };
}

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
async function earlierAttempt(ctx: Context, idempotencyKey: string, input: ChargeInput): Promise<ChargeResult | null> {
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
async function lockCustomer(tx: ScopedTx, customerId: string) {
  await tx.$branchQuery(
    (branch) => Prisma.sql`
    SELECT "id" FROM "Customer" WHERE "id" = ${customerId} AND "branchId" = ${branch} FOR NO KEY UPDATE`,
  );
}

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
        ? `Your account already has a credit of ${money(-balance)}, the most it can hold, so nothing more can be paid online.`
        : due > 0
          ? `You can pay at most ${money(most)}: your balance of ${money(due)} plus up to ${money(MAX_PORTAL_CREDIT_CENTS)} of credit.`
          : `Nothing is due. You can pay at most ${money(most)} as a credit on your account.`,
    );
  if (amountCents <= due || p.invoices) return;
  if (!p.confirmed)
    throw new AppError(
      "BAD_USER_INPUT",
      due > 0
        ? `${money(amountCents)} is more than your balance of ${money(due)}. Confirm that you want to pay more.`
        : `Nothing is due. Confirm that you want to pay ${money(amountCents)} as a credit on your account.`,
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
    throw new AppError("BAD_USER_INPUT", `Enter an amount between $0.01 and ${money(MAX_PAYMENT_CENTS)}.`);
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
      throw new AppError("BAD_USER_INPUT", `The amount is more than the chosen invoices' balance of ${money(open)}.`);
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
    response = {
      result: "FAILURE",
      responseText: "The payment gateway could not be reached",
      authCode: "",
      transactionId: "",
      avsResult: "",
      cvvResult: "",
      responseCode: "",
      vaultId: "",
    };
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

async function postPayment(
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
  return { isSuccess: true, message: `Payment of ${money(attempt.amountCents)} voided.` };
}
