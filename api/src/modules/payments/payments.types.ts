import * as E from "../../generated/prisma/enums.ts";
import { methodLabel } from "../../integrations/payments/card-data.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";

// The GraphQL types of payments (payments.schema.ts): results, saved payment methods, automatic
// payments, receipts and settings, and the inputs. Amounts in cents.

export const PaymentResultEnum = builder.enumType(E.PaymentResult, { name: "PaymentResult" });
export const AccountTypeEnum = builder.enumType(E.AccountType, { name: "AccountType" });
export const PaymentAccountKindEnum = builder.enumType(E.PaymentAccountKind, { name: "PaymentAccountKind" });
export const GatewayModeEnum = builder.enumType("PaymentGatewayMode", {
  description: "NONE: the branch has no gateway keys in production, so it takes no online payments.",
  values: ["SANDBOX", "NMI", "NONE"] as const,
});

builder.prismaObject("PaymentAccount", {
  description: "A saved card or bank account. Only the masked number is ever shown.",
  fields: (t) => ({
    id: t.exposeID("id"),
    customerId: t.exposeID("customerId"),
    externalId: t.exposeString("externalId", { description: "The gateway's vault id." }),
    kind: t.expose("kind", { type: PaymentAccountKindEnum }),
    cardType: t.exposeString("cardType"),
    accountType: t.expose("accountType", { type: AccountTypeEnum, nullable: true }),
    nameOnAccount: t.exposeString("nameOnAccount"),
    maskedAccountNumber: t.exposeString("maskedAccountNumber"),
    expiration: t.exposeString("expiration", { description: "MMYY for cards; empty for bank accounts." }),
    isDefault: t.exposeBoolean("isDefault"),
    label: t.string({
      select: { kind: true, cardType: true, accountType: true, maskedAccountNumber: true },
      resolve: (a) => methodLabel(a),
    }),
  }),
});

builder.prismaObject("AutoPay", {
  fields: (t) => ({
    id: t.exposeID("id"),
    customerId: t.exposeID("customerId"),
    paymentMethodId: t.exposeID("paymentAccountId"),
    paymentMethod: t.prismaField({
      type: "PaymentAccount",
      nullable: true,
      select: { paymentAccountId: true },
      resolve: (query, a, _args, ctx) =>
        ctx.db.paymentAccount.findFirst({ ...query, where: { id: a.paymentAccountId, inactive: false } }),
    }),
    amountIsFixed: t.exposeBoolean("amountIsFixed"),
    fixedAmount: t.exposeInt("fixedAmountCents", { nullable: true, description: "Fixed amount, in cents." }),
    limit: t.exposeInt("limitCents", {
      nullable: true,
      description: "Most a balance payment may be, in cents; null for no limit.",
    }),
    dayOfMonth: t.exposeInt("dayOfMonth"),
    lastRunAt: t.expose("lastRunAt", { type: "DateTime", nullable: true }),
    lastResult: t.exposeString("lastResult"),
  }),
});

export type PaymentResponse = {
  isSuccess: boolean;
  message: string;
  result: "SUCCESS" | "DECLINED" | "FAILURE";
  attemptId: string;
  transactionId: string | null;
  balance: number;
  receipt: PaymentReceipt | null;
};

/** What a customer keeps after an approved payment: the amount, the processor's reference and when it posted. */
export type PaymentReceipt = { amount: number; reference: string; paidAt: Date };

export const PaymentReceiptRef = builder.objectRef<PaymentReceipt>("PaymentReceipt").implement({
  fields: (t) => ({
    amount: t.exposeInt("amount", { description: "The amount paid, in cents." }),
    reference: t.exposeString("reference", {
      description: "The payment processor's reference for this payment (what support looks up).",
    }),
    paidAt: t.field({ type: "DateTime", resolve: (r) => r.paidAt }),
  }),
});

export const PaymentResponseRef = resultType<PaymentResponse>("PaymentResponse", (t) => ({
  result: t.field({ type: PaymentResultEnum, resolve: (r) => r.result }),
  attemptId: t.exposeID("attemptId"),
  transactionId: t.exposeID("transactionId", { nullable: true }),
  balance: t.exposeInt("balance", { description: "The customer's balance after the payment, in cents." }),
  receipt: t.field({
    type: PaymentReceiptRef,
    nullable: true,
    description: "Present when the payment was approved.",
    resolve: (r) => r.receipt,
  }),
}));

export const AddPaymentAccountResultRef = resultType<Result & { paymentAccountId: string | null }>(
  "AddPaymentAccountResult",
  (t) => ({
    paymentAccountId: t.exposeID("paymentAccountId", { nullable: true }),
  }),
);

export type PaymentSettings = {
  gateway: "SANDBOX" | "NMI" | "NONE";
  collectJsKey: string;
  collectJsUrl: string;
  allowAch: boolean;
  allowBankCard: boolean;
  allowedCardTypes: string[];
  sandboxTestNumbers: string[];
};

export const PaymentSettingsRef = builder.objectRef<PaymentSettings>("PaymentSettings").implement({
  description: "How the branch takes payments: which gateway tokenizes, what it accepts.",
  fields: (t) => ({
    gateway: t.field({ type: GatewayModeEnum, resolve: (s) => s.gateway }),
    collectJsKey: t.exposeString("collectJsKey"),
    collectJsUrl: t.exposeString("collectJsUrl"),
    allowAch: t.exposeBoolean("allowAch"),
    allowBankCard: t.exposeBoolean("allowBankCard"),
    allowedCardTypes: t.exposeStringList("allowedCardTypes"),
    sandboxTestNumbers: t.exposeStringList("sandboxTestNumbers", {
      description: "Sandbox mode only: the test numbers and what they do.",
    }),
  }),
});

export const CollectJsKeyRef = builder.objectRef<{ key: string }>("CollectJsKey").implement({
  fields: (t) => ({ key: t.exposeString("key") }),
});

export const PaymentInput = builder.inputType("PaymentInput", {
  fields: (t) => ({
    customerId: t.id({ required: true }),
    amount: t.int({ required: true, description: "Amount in cents." }),
    paymentAccountId: t.id({ description: "A saved method; or give token." }),
    token: t.string({ description: "A token from the sandbox tokenizer or Collect.js." }),
    saveForLater: t.boolean({ defaultValue: false }),
    invoiceIds: t.idList({ description: "Pay these invoices (oldest first)." }),
    idempotencyKey: t.string({
      required: true,
      description: "Made by the browser once per payment: 8 to 100 letters, digits, - or _.",
    }),
    confirmOverpayment: t.boolean({
      defaultValue: false,
      description: "The customer confirmed paying more than the balance (a credit on the account).",
    }),
  }),
});

export const AddPaymentAccountInput = builder.inputType("AddPaymentAccountInput", {
  fields: (t) => ({
    customerId: t.id({ required: true }),
    token: t.string({ required: true }),
    makeDefault: t.boolean({ defaultValue: false }),
  }),
});

export const EditPaymentAccountInput = builder.inputType("EditPaymentAccountInput", {
  fields: (t) => ({
    paymentAccountId: t.id({ required: true }),
    expiration: t.string({ required: true, description: "MM/YY or MMYY." }),
  }),
});

export const SetAutoPayInput = builder.inputType("SetAutoPayInput", {
  fields: (t) => ({
    customerId: t.id({ required: true }),
    paymentMethodId: t.id({ required: true }),
    amountIsFixed: t.boolean({ required: true }),
    fixedAmount: t.int({ description: "Cents; required when amountIsFixed." }),
    limit: t.int({ description: "Cents; the most a balance payment may be (none when null)." }),
    dayOfMonth: t.int({ required: true, description: "1 to 28." }),
  }),
});
