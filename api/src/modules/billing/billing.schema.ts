import type { Transaction } from "../../generated/prisma/client.ts";
import * as E from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import {
  type BillingView,
  billing,
  RECENT_STATEMENTS,
  requireInvoice,
  requireStatement,
  todayIn,
} from "./billing.service.ts";

// billing(customerId, viewAll): a customer's statements, invoices and transactions. Amounts are integer
// cents.

const cents = (what: string) => `${what}, in cents.`;
const LINE_ORDER = [{ datePosted: "asc" as const }, { id: "asc" as const }];
/** The lines a statement or invoice was loaded with, if it was. */
const loadedLines = (row: object) => (row as { transactions?: Transaction[] }).transactions;

export const TransactionKindEnum = builder.enumType(E.TransactionKind, { name: "TransactionKind" });

const TransactionRef = builder.prismaObject("Transaction", {
  description: "One line of a customer's account: a charge (positive) or a payment or credit (negative).",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.expose("kind", { type: TransactionKindEnum }),
    datePosted: t.expose("datePosted", { type: "DateTime" }),
    billingCodeId: t.exposeString("billingCodeId"),
    description: t.exposeString("description"),
    comment: t.exposeString("comment"),
    quantity: t.exposeInt("quantity"),
    amount: t.exposeInt("amountCents", { description: cents("Amount (charges positive, payments negative)") }),
    maskedAccountNumber: t.exposeString("maskedAccountNumber", {
      description: "The masked card or bank account of a payment; empty otherwise.",
    }),
    invoiceId: t.exposeID("invoiceId", { nullable: true }),
  }),
});

const StatementRef = builder.prismaObject("Statement", {
  fields: (t) => ({
    id: t.exposeID("id"),
    customerId: t.exposeID("customerId"),
    closeDate: t.expose("closeDate", { type: "Date" }),
    dueDate: t.field({
      type: "Date",
      resolve: (s) => new Date(s.closeDate.getTime() + 30 * 86_400_000),
    }),
    comment: t.exposeString("comment"),
    openingBalance: t.exposeInt("openingBalanceCents", { description: cents("Balance carried in") }),
    balance: t.exposeInt("balanceCents", { description: cents("Balance at the close date") }),
    transactions: t.field({
      type: [TransactionRef],
      description: "Oldest first.",
      // Billing loads the lines with their statement or invoice; the printable view reads them here.
      resolve: (p, _a, ctx) =>
        loadedLines(p) ?? ctx.db.transaction.findMany({ where: { statementId: p.id }, orderBy: LINE_ORDER }),
    }),
  }),
});

const InvoiceRef = builder.prismaObject("Invoice", {
  fields: (t) => ({
    id: t.exposeID("id"),
    customerId: t.exposeID("customerId"),
    displayId: t.exposeString("displayId"),
    date: t.expose("date", { type: "Date" }),
    dueDate: t.expose("dueDate", { type: "Date" }),
    term: t.exposeString("term"),
    total: t.exposeInt("totalCents", { description: cents("Invoice total") }),
    balance: t.exposeInt("balanceCents", { description: cents("What is still owed on the invoice") }),
    isPastDue: t.boolean({
      resolve: (i, _a, ctx) => i.balanceCents > 0 && i.dueDate < todayIn(ctx.branch.timeZone),
    }),
    purchaseOrderNumber: t.exposeString("purchaseOrderNumber"),
    comment: t.exposeString("comment"),
    transactions: t.field({
      type: [TransactionRef],
      description: "Oldest first.",
      // Billing loads the lines with their statement or invoice; the printable view reads them here.
      resolve: (p, _a, ctx) =>
        loadedLines(p) ?? ctx.db.transaction.findMany({ where: { invoiceId: p.id }, orderBy: LINE_ORDER }),
    }),
  }),
});

const BillingRef = builder.objectRef<BillingView>("Billing").implement({
  description:
    "A customer's billing: balance, past due amount, statements, invoices and automatic payment. Without viewAll the recent statements and open invoices; with it all of them.",
  // Loaded at once with every line (billing.service.ts, cached briefly): one page, a handful of queries.
  fields: (t) => ({
    customerId: t.exposeID("customerId"),
    balance: t.exposeInt("balance", { description: cents("Sum of the customer's transactions") }),
    pastDueAmount: t.exposeInt("pastDueAmount", { description: cents("What is past its due date") }),
    isInvoiceAccount: t.exposeBoolean("isInvoiceAccount"),
    statements: t.field({
      type: [StatementRef],
      description: `Newest first; the last ${RECENT_STATEMENTS} without viewAll.`,
      resolve: (b) => b.statements,
    }),
    invoices: t.field({
      type: [InvoiceRef],
      description: "Newest first; only open invoices (balance not zero) without viewAll.",
      resolve: (b) => b.invoices,
    }),
    recentTransactions: t.field({
      type: [TransactionRef],
      description: "Activity since the last statement (on no statement yet), newest first.",
      resolve: (b) => b.recentTransactions,
    }),
    autoPay: t.prismaField({
      type: "AutoPay",
      nullable: true,
      resolve: (query, b, _a, ctx) =>
        b.autoPay ? ctx.db.autoPay.findFirst({ ...query, where: { customerId: b.customerId } }) : null,
    }),
  }),
});

builder.queryFields((t) => ({
  billing: t.field({
    type: BillingRef,
    description: "Billing of a customer the signed-in user is linked to.",
    authScopes: (_r, { customerId }) => ({ customerAccess: { customerId: String(customerId) } }),
    args: { customerId: t.arg.id({ required: true }), viewAll: t.arg.boolean({ defaultValue: false }) },
    resolve: (_r, { customerId, viewAll }, ctx) => billing(ctx, String(customerId), viewAll ?? false),
  }),
  statement: t.prismaField({
    type: "Statement",
    description: "One statement (the printable view).",
    authScopes: (_r, { customerId }) => ({ customerAccess: { customerId: String(customerId) } }),
    args: { customerId: t.arg.id({ required: true }), statementId: t.arg.id({ required: true }) },
    resolve: async (query, _r, { customerId, statementId }, ctx) => {
      const s = await requireStatement(ctx, String(customerId), String(statementId));
      return ctx.db.statement.findUniqueOrThrow({ ...query, where: { id: s.id } });
    },
  }),
  invoice: t.prismaField({
    type: "Invoice",
    description: "One invoice (the printable view).",
    authScopes: (_r, { customerId }) => ({ customerAccess: { customerId: String(customerId) } }),
    args: { customerId: t.arg.id({ required: true }), invoiceId: t.arg.id({ required: true }) },
    resolve: async (query, _r, { customerId, invoiceId }, ctx) => {
      const i = await requireInvoice(ctx, String(customerId), String(invoiceId));
      return ctx.db.invoice.findUniqueOrThrow({ ...query, where: { id: i.id } });
    },
  }),
}));
