import { AppError } from "../../errors.ts";
import { maskNumber, methodLabel } from "../../integrations/payments/card-data.ts";
import type { PaymentGateway, PaymentSource } from "../../integrations/payments/gateway.ts";
import type { Context } from "../../runtime.ts";
import type { ChargeInput } from "./payments.attempts.ts";

/** The method to charge: a saved payment account of this customer, or a fresh browser token. */
export type ResolvedMethod = {
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
