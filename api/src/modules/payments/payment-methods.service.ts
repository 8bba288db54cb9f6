import { AppError } from "../../errors.ts";
import {
  expirationValid,
  maskNumber,
  methodLabel,
  normalizeExpiration,
} from "../../integrations/payments/card-data.ts";
import { log } from "../../log.ts";
import type { Result } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { findCustomer } from "../customers/customers.service.ts";
import { assertAccepted } from "./payment-rules.ts";
import { gatewayFor } from "./payments.service.ts";
import { savedTwin } from "./saved-twin.ts";

// Saved payment methods (PaymentAccount rows): the gateway's vault id plus what may be shown (brand,
// masked number, expiration). Removing one deletes it from the vault and keeps the row inactive, so
// past payments still name their method.

export async function listPaymentMethods(ctx: Context, customerId: string) {
  const customer = await findCustomer(ctx, customerId);
  return ctx.db.paymentAccount.findMany({
    where: { customerId: customer.id, inactive: false },
    orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { id: "asc" }],
  });
}

/** The active payment account with this id (who may use it is declared on the root field). */
export async function requirePaymentAccount(ctx: Context, paymentAccountId: string) {
  const account = await ctx.db.paymentAccount.findFirst({ where: { id: String(paymentAccountId), inactive: false } });
  if (!account) throw new AppError("NOT_FOUND", "Payment method not found.");
  return account;
}

export async function addPaymentMethod(
  ctx: Context,
  input: { customerId: string; token: string; makeDefault?: boolean | null },
): Promise<Result & { paymentAccountId: string | null }> {
  const customer = await findCustomer(ctx, input.customerId);
  const gateway = gatewayFor(ctx);
  const token = String(input.token ?? "").trim();
  if (!token) throw new AppError("BAD_USER_INPUT", "Enter the card or bank account details.");
  const details = await gateway.describeToken(token);
  if (!details)
    throw new AppError(
      "BAD_USER_INPUT",
      "The payment details have expired. Please enter the card or bank account again.",
    );
  assertAccepted(ctx.branch, details.kind, details.brand);
  const masked = maskNumber(details.last4, details.length);
  const twin = await savedTwin(ctx.db, customer.id, { ...details, cardType: details.brand, masked });
  if (twin) return { isSuccess: false, message: `${methodLabel(twin)} is already saved.`, paymentAccountId: twin.id };

  const vault = await gateway.vaultAdd(token, details.kind);
  if (vault.result !== "SUCCESS" || !vault.vaultId)
    return {
      isSuccess: false,
      message: `The payment method could not be saved: ${vault.responseText || "the payment gateway refused it"}.`,
      paymentAccountId: null,
    };

  const account = await ctx.db.$transaction(async (tx) => {
    const hasDefault = await tx.paymentAccount.count({
      where: { customerId: customer.id, inactive: false, isDefault: true },
    });
    const makeDefault = !!input.makeDefault || hasDefault === 0;
    if (makeDefault)
      await tx.paymentAccount.updateMany({
        where: { customerId: customer.id, isDefault: true },
        data: { isDefault: false },
      });
    return tx.paymentAccount.create({
      data: {
        branchId: ctx.branch.id,
        customerId: customer.id,
        kind: details.kind,
        externalId: vault.vaultId,
        cardType: details.brand,
        accountType: details.accountType,
        nameOnAccount: details.nameOnAccount,
        maskedAccountNumber: masked,
        expiration: details.expiration,
        isDefault: makeDefault,
      },
    });
  });
  return { isSuccess: true, message: `${methodLabel(account)} saved.`, paymentAccountId: account.id };
}

export async function editPaymentMethod(
  ctx: Context,
  input: { paymentAccountId: string; expiration: string },
): Promise<Result> {
  const account = await requirePaymentAccount(ctx, input.paymentAccountId);
  if (account.kind !== "CARD") throw new AppError("BAD_USER_INPUT", "Only a card has an expiration date.");
  const expiration = normalizeExpiration(String(input.expiration ?? ""));
  if (!expiration) throw new AppError("BAD_USER_INPUT", "Enter the expiration date as MM/YY.");
  if (!expirationValid(expiration)) throw new AppError("BAD_USER_INPUT", "That expiration date has passed.");
  const r = await gatewayFor(ctx).vaultUpdate(account.externalId, { expiration });
  if (r.result !== "SUCCESS")
    return {
      isSuccess: false,
      message: `The expiration date could not be changed: ${r.responseText || "gateway error"}.`,
    };
  await ctx.db.paymentAccount.update({ where: { id: account.id }, data: { expiration } });
  return {
    isSuccess: true,
    message: `${methodLabel(account)} now expires ${expiration.slice(0, 2)}/${expiration.slice(2)}.`,
  };
}

export async function removePaymentMethod(ctx: Context, paymentAccountId: string): Promise<Result> {
  const account = await requirePaymentAccount(ctx, paymentAccountId);
  const autoPay = await ctx.db.autoPay.findFirst({
    where: { customerId: account.customerId, paymentAccountId: account.id },
  });
  if (autoPay)
    return {
      isSuccess: false,
      message: `${methodLabel(account)} pays your automatic payments. Choose another method for automatic payments or turn them off first.`,
    };
  const r = await gatewayFor(ctx)
    .vaultDelete(account.externalId)
    .catch(() => null);
  if (r?.result !== "SUCCESS")
    log.warn("vault delete failed; the method is removed here anyway", {
      paymentAccountId: account.id,
      responseText: r?.responseText,
    });
  await ctx.db.$transaction(async (tx) => {
    await tx.paymentAccount.update({ where: { id: account.id }, data: { inactive: true, isDefault: false } });
    if (account.isDefault) {
      const next = await tx.paymentAccount.findFirst({
        where: { customerId: account.customerId, inactive: false },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      if (next) await tx.paymentAccount.update({ where: { id: next.id }, data: { isDefault: true } });
    }
  });
  return { isSuccess: true, message: `${methodLabel(account)} removed.` };
}

export async function setDefaultPaymentMethod(ctx: Context, paymentAccountId: string): Promise<Result> {
  const account = await requirePaymentAccount(ctx, paymentAccountId);
  await ctx.db.$transaction(async (tx) => {
    await tx.paymentAccount.updateMany({
      where: { customerId: account.customerId, isDefault: true },
      data: { isDefault: false },
    });
    await tx.paymentAccount.update({ where: { id: account.id }, data: { isDefault: true } });
  });
  return { isSuccess: true, message: `${methodLabel(account)} is now your default payment method.` };
}
