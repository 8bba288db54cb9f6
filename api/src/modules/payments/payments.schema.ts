import { z } from "zod";
import { gatewayModeFor } from "../../integrations/payments/gateway.ts";
import { SANDBOX_TEST_NUMBERS } from "../../integrations/payments/sandbox.ts";
import { builder, ResultRef } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { customerBalanceCents } from "../billing/billing.service.ts";
import { cancelAutoPay, setAutoPay } from "./autopay.service.ts";
import {
  addPaymentMethod,
  editPaymentMethod,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from "./payment-methods.service.ts";
import { allowAch, allowBankCard } from "./payment-rules.ts";
import { type ChargeResult, chargeCustomer, paymentByKey } from "./payments.service.ts";
import {
  AddPaymentAccountInput,
  AddPaymentAccountResultRef,
  CollectJsKeyRef,
  EditPaymentAccountInput,
  PaymentInput,
  type PaymentReceipt,
  PaymentResponseRef,
  PaymentSettingsRef,
  SetAutoPayInput,
} from "./payments.types.ts";

export { AccountTypeEnum, PaymentAccountKindEnum, PaymentResultEnum } from "./payments.types.ts";

// Payments, saved payment methods and automatic payments. Amounts in cents.
// The types and inputs: payments.types.ts.

const paymentSchema = z
  .object({
    customerId: z.string().min(1),
    amount: z.number().int(),
    paymentAccountId: z.string().min(1).nullish(),
    token: z.string().min(1).max(4000).nullish(),
    saveForLater: z.boolean().nullish(),
    invoiceIds: z.array(z.string().min(1)).max(200).nullish(),
    // Keys the server makes (shop orders, autopay) contain ":", so a browser's key can never be one of them.
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Missing or invalid idempotency key."),
    confirmOverpayment: z.boolean().nullish(),
  })
  .refine((v) => !!v.paymentAccountId !== !!v.token, { message: "Choose a saved payment method or enter a new one." });

/** A payment's answer: the same for makePayment and for paymentByKey. */
async function paymentResponse(ctx: Context, customerId: string, r: ChargeResult) {
  return {
    isSuccess: r.result === "SUCCESS",
    message: r.message,
    result: r.result,
    attemptId: r.attemptId,
    transactionId: r.transactionId,
    balance: await customerBalanceCents(ctx.db, customerId),
    receipt: r.result === "SUCCESS" ? await paymentReceipt(ctx, r.attemptId) : null,
  };
}

builder.queryFields((t) => ({
  paymentByKey: t.field({
    type: PaymentResponseRef,
    nullable: true,
    description:
      "What became of the payment sent with this idempotencyKey (null: the server never received it). A page that lost makePayment's answer asks this before offering to pay again.",
    authScopes: (_r, { customerId }) => ({
      customerAccess: { customerId: String(customerId), permission: "CUSTOMER_CREDIT_CARDS" },
    }),
    args: { customerId: t.arg.id({ required: true }), idempotencyKey: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const key = parseInput(paymentSchema.shape.idempotencyKey, a.idempotencyKey);
      const r = await paymentByKey(ctx, a.customerId, `client:${key}`);
      return r ? paymentResponse(ctx, a.customerId, r) : null;
    },
  }),
  paymentMethods: t.prismaField({
    type: ["PaymentAccount"],
    description: "The saved cards and bank accounts of a customer; the default first.",
    authScopes: (_r, { customerId }) => ({
      customerAccess: { customerId: String(customerId), permission: "CUSTOMER_CREDIT_CARDS" },
    }),
    args: { customerId: t.arg.id({ required: true }) },
    resolve: async (query, _r, { customerId }, ctx) => {
      const rows = await listPaymentMethods(ctx, String(customerId));
      if (!rows.length) return [];
      const order = new Map(rows.map((r, i) => [r.id, i]));
      const full = await ctx.db.paymentAccount.findMany({ ...query, where: { id: { in: rows.map((r) => r.id) } } });
      return full.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    },
  }),
  allowedCardTypes: t.stringList({
    description: "The card brands the branch accepts (VISA, MASTERCARD, AMEX, DISCOVER); empty when it takes no cards.",
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => (allowBankCard(ctx.branch) ? ctx.branch.allowedCardTypes : []),
  }),
  collectJsKey: t.field({
    type: CollectJsKeyRef,
    description: "The branch's public Collect.js tokenization key.",
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => ({ key: ctx.branch.collectJsApiKey }),
  }),
  paymentSettings: t.field({
    type: PaymentSettingsRef,
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => {
      const gateway = gatewayModeFor(ctx.runtime.config, ctx.branch);
      return {
        gateway,
        collectJsKey: gateway === "NMI" ? ctx.branch.collectJsApiKey : "",
        collectJsUrl: gateway === "NMI" ? ctx.runtime.config.NMI_COLLECT_JS_URL : "",
        allowAch: allowAch(ctx.branch),
        allowBankCard: allowBankCard(ctx.branch),
        allowedCardTypes: allowBankCard(ctx.branch) ? ctx.branch.allowedCardTypes : [],
        sandboxTestNumbers:
          gateway === "SANDBOX"
            ? [
                ...SANDBOX_TEST_NUMBERS.cards.map((c) => `Card ${c.number}: ${c.note}`),
                ...SANDBOX_TEST_NUMBERS.ach.map(
                  (a) => `Routing ${SANDBOX_TEST_NUMBERS.achRouting}, account ending ${a.accountSuffix}: ${a.note}`,
                ),
              ]
            : [],
      };
    },
  }),
}));

builder.mutationFields((t) => ({
  makePayment: t.field({
    type: PaymentResponseRef,
    description:
      "Pays a customer's balance, another amount or chosen invoices with a saved method or a new token. The same idempotencyKey twice returns the first result without charging again.",
    authScopes: (_r, { input }) => ({
      customerAccess: { customerId: input.customerId, permission: "CUSTOMER_CREDIT_CARDS" },
    }),
    args: { input: t.arg({ type: PaymentInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const v = parseInput(paymentSchema, input);
      const r = await chargeCustomer(ctx, {
        customerId: v.customerId,
        amountCents: v.amount,
        method: v.paymentAccountId
          ? { paymentAccountId: v.paymentAccountId }
          : { token: v.token!, saveForLater: !!v.saveForLater },
        idempotencyKey: `client:${v.idempotencyKey}`,
        confirmOverpayment: !!v.confirmOverpayment,
        source: ctx.viewer?.personId ? "TEAM" : "PORTAL",
        description: "Online payment",
        invoiceIds: v.invoiceIds ?? undefined,
      });
      return paymentResponse(ctx, v.customerId, r);
    },
  }),
  addPaymentAccount: t.field({
    type: AddPaymentAccountResultRef,
    authScopes: (_r, { input }) => ({
      customerAccess: { customerId: input.customerId, permission: "CUSTOMER_CREDIT_CARDS" },
    }),
    args: { input: t.arg({ type: AddPaymentAccountInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      addPaymentMethod(ctx, {
        customerId: input.customerId,
        token: input.token,
        makeDefault: input.makeDefault,
      }),
  }),
  editPaymentAccount: t.field({
    type: ResultRef,
    description: "Changes a saved card's expiration date.",
    authScopes: (_r, { input }) => ({
      recordAccess: { kind: "paymentAccount", id: input.paymentAccountId, permission: "CUSTOMER_CREDIT_CARDS" },
    }),
    args: { input: t.arg({ type: EditPaymentAccountInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      editPaymentMethod(ctx, { paymentAccountId: input.paymentAccountId, expiration: input.expiration }),
  }),
  removePaymentAccount: t.field({
    type: ResultRef,
    authScopes: (_r, { paymentAccountId }) => ({
      recordAccess: { kind: "paymentAccount", id: String(paymentAccountId), permission: "CUSTOMER_CREDIT_CARDS" },
    }),
    args: { paymentAccountId: t.arg.id({ required: true }) },
    resolve: (_r, { paymentAccountId }, ctx) => removePaymentMethod(ctx, String(paymentAccountId)),
  }),
  setDefaultPaymentAccount: t.field({
    type: ResultRef,
    authScopes: (_r, { paymentAccountId }) => ({
      recordAccess: { kind: "paymentAccount", id: String(paymentAccountId), permission: "CUSTOMER_CREDIT_CARDS" },
    }),
    args: { paymentAccountId: t.arg.id({ required: true }) },
    resolve: (_r, { paymentAccountId }, ctx) => setDefaultPaymentMethod(ctx, String(paymentAccountId)),
  }),
  setAutoPay: t.field({
    type: ResultRef,
    description: "Turns on (or changes) automatic payments.",
    authScopes: (_r, { input }) => ({
      $all: {
        customerAccess: { customerId: input.customerId, permission: "CUSTOMER_CREDIT_CARDS" },
        recordAccess: {
          kind: "paymentAccount",
          id: input.paymentMethodId,
          permission: "CUSTOMER_CREDIT_CARDS",
        },
      },
    }),
    args: { input: t.arg({ type: SetAutoPayInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      setAutoPay(ctx, {
        customerId: input.customerId,
        paymentAccountId: input.paymentMethodId,
        amountIsFixed: input.amountIsFixed,
        fixedAmount: input.fixedAmount,
        limit: input.limit,
        dayOfMonth: input.dayOfMonth,
      }),
  }),
  cancelAutoPay: t.field({
    type: ResultRef,
    authScopes: (_r, { customerId }) => ({
      customerAccess: { customerId: String(customerId), permission: "CUSTOMER_CREDIT_CARDS" },
    }),
    args: { customerId: t.arg.id({ required: true }) },
    resolve: (_r, { customerId }, ctx) => cancelAutoPay(ctx, String(customerId)),
  }),
}));

async function paymentReceipt(ctx: Context, attemptId: string): Promise<PaymentReceipt | null> {
  const attempt = await ctx.db.paymentAttempt.findUnique({
    where: { id: attemptId },
    select: { amountCents: true, gatewayTransactionId: true, transactionId: true },
  });
  if (!attempt?.transactionId) return null;
  const posted = await ctx.db.transaction.findUnique({
    where: { id: attempt.transactionId },
    select: { datePosted: true },
  });
  if (!posted) return null;
  return {
    amount: attempt.amountCents,
    reference: attempt.gatewayTransactionId || attempt.transactionId.slice(0, 8).toUpperCase(),
    paidAt: posted.datePosted,
  };
}
