import { clock } from "../../clock.ts";
import { cacheFor } from "../../db/read-cache.ts";
import { AppError } from "../../errors.ts";
import type { Context } from "../../runtime.ts";
import { findCustomer } from "../customers/customers.service.ts";

// Billing: balance, past due amount, statements, invoices. The balance is the sum of the customer's
// transactions (charges positive, payments and credits negative). Statements are due STATEMENT_DUE_DAYS
// after they close; invoices on their due date. See docs/decisions/0153-balance-and-past-due.md.

export const STATEMENT_DUE_DAYS = 30;
const DAY_MS = 86_400_000;

// One formatter per time zone: creating an Intl.DateTimeFormat costs far more than formatting with it.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date in a time zone, as UTC midnight (how @db.Date columns hold dates). */
export function todayIn(timeZone: string, now = clock.now()): Date {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return new Date(`${format.format(now)}T00:00:00Z`);
}

type Db = Context["db"];

export async function customerBalanceCents(db: Db, customerId: string): Promise<number> {
  const agg = await db.transaction.aggregate({ where: { customerId }, _sum: { amountCents: true } });
  return agg._sum.amountCents ?? 0;
}

/**
 * Past due: for invoice accounts the open balance of invoices past their due date; for statement
 * accounts what the latest statement past its due date asked for, less payments and credits posted
 * since it closed. Never more than the current balance, never negative.
 */
export async function pastDueCents(
  db: Db,
  customer: { id: string; isInvoiceAccount: boolean },
  today: Date,
  balance: number,
): Promise<number> {
  let due = 0;
  if (customer.isInvoiceAccount) {
    const agg = await db.invoice.aggregate({
      where: { customerId: customer.id, dueDate: { lt: today }, balanceCents: { gt: 0 } },
      _sum: { balanceCents: true },
    });
    due = agg._sum.balanceCents ?? 0;
  } else {
    const statement = await db.statement.findFirst({
      where: { customerId: customer.id, closeDate: { lt: new Date(today.getTime() - STATEMENT_DUE_DAYS * DAY_MS) } },
      orderBy: { closeDate: "desc" },
    });
    if (statement && statement.balanceCents > 0) {
      const afterClose = new Date(statement.closeDate.getTime() + DAY_MS);
      const paid = await db.transaction.aggregate({
        where: { customerId: customer.id, amountCents: { lt: 0 }, datePosted: { gte: afterClose } },
        _sum: { amountCents: true },
      });
      due = statement.balanceCents + (paid._sum.amountCents ?? 0);
    }
  }
  return Math.max(0, Math.min(due, balance));
}

export type BillingSummary = {
  customerId: string;
  viewAll: boolean;
  balance: number;
  pastDueAmount: number;
  isInvoiceAccount: boolean;
};

export async function billingSummary(ctx: Context, customerId: string, viewAll: boolean): Promise<BillingSummary> {
  const customer = await findCustomer(ctx, customerId);
  const balance = await customerBalanceCents(ctx.db, customer.id);
  const pastDueAmount = await pastDueCents(ctx.db, customer, todayIn(ctx.branch.timeZone), balance);
  return { customerId: customer.id, viewAll, balance, pastDueAmount, isInvoiceAccount: customer.isInvoiceAccount };
}

/** How many statements the billing page shows without viewAll. */
export const RECENT_STATEMENTS = 3;

const lineOrder = [{ datePosted: "asc" as const }, { id: "asc" as const }];

async function loadBilling(ctx: Context, customerId: string, viewAll: boolean) {
  const summary = await billingSummary(ctx, customerId, viewAll);
  const id = summary.customerId;
  const [statements, invoices, recentTransactions, autoPay] = await Promise.all([
    ctx.db.statement.findMany({
      where: { customerId: id },
      orderBy: { closeDate: "desc" },
      take: viewAll ? undefined : RECENT_STATEMENTS,
      include: { transactions: { orderBy: lineOrder } },
    }),
    ctx.db.invoice.findMany({
      where: { customerId: id, ...(viewAll ? {} : { balanceCents: { not: 0 } }) },
      orderBy: [{ date: "desc" }, { displayId: "desc" }],
      include: { transactions: { orderBy: lineOrder } },
    }),
    ctx.db.transaction.findMany({
      where: { customerId: id, statementId: null },
      orderBy: [{ datePosted: "desc" }, { id: "desc" }],
    }),
    ctx.db.autoPay.findFirst({ where: { customerId: id } }),
  ]);
  return { ...summary, statements, invoices, recentTransactions, autoPay };
}

export type BillingView = Awaited<ReturnType<typeof loadBilling>>;

// A customer's billing is read far more often than it changes: it is kept per branch for a few seconds
// and dropped at once by any write to the tables it comes from (db/read-cache.ts, decision 0400).
// "Today" is part of the key: past due amounts and dates move with the branch's calendar day.
export const billingCache = {
  name: "billing",
  models: ["Customer", "Transaction", "Statement", "Invoice", "AutoPay", "PaymentAccount"],
  ttlMs: 10_000,
  maxEntries: 1000,
} as const;

/** Balance, past due, statements and invoices with their lines, recent activity, automatic payment. */
export function billing(ctx: Context, customerId: string, viewAll: boolean): Promise<BillingView> {
  const today = todayIn(ctx.branch.timeZone).toISOString().slice(0, 10);
  return cacheFor(ctx.runtime, billingCache).get(ctx.branch.id, `${customerId}:${viewAll}:${today}`, () =>
    loadBilling(ctx, customerId, viewAll),
  );
}

export async function requireStatement(ctx: Context, customerId: string, statementId: string) {
  const s = await ctx.db.statement.findFirst({ where: { id: statementId, customerId }, select: { id: true } });
  if (!s) throw new AppError("NOT_FOUND", "Statement not found.");
  return s;
}

export async function requireInvoice(ctx: Context, customerId: string, invoiceId: string) {
  const i = await ctx.db.invoice.findFirst({ where: { id: invoiceId, customerId }, select: { id: true } });
  if (!i) throw new AppError("NOT_FOUND", "Invoice not found.");
  return i;
}
