import { systemContext } from "../../auth/system-context.ts";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import type { AutoPay } from "../../generated/prisma/client.ts";
import { methodLabel } from "../../integrations/payments/card-data.ts";
import { log } from "../../log.ts";
import type { Result } from "../../pothos/builder.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { formatMoney } from "../../shared/money.ts";
import { wallDateAndHour } from "../../shared/wall-time.ts";
import { customerBalanceCents } from "../billing/billing.service.ts";
import { findCustomer } from "../customers/customers.service.ts";
import { requirePaymentAccount } from "./payment-methods.service.ts";
import { assertAccepted } from "./payment-rules.ts";
import { chargeCustomer, MAX_PAYMENT_CENTS } from "./payments.service.ts";

// Automatic payments: a saved method pays either a fixed amount or the balance (optionally up to a
// limit) on a day of the month (1-28). The job runner calls runDueAutoPays hourly; each autopay runs
// at most once a month (AutoPayRun @@unique([customerId, period])) and its charge uses a
// deterministic idempotency key, so a repeated run never charges twice. A failure is recorded and
// mailed to the customer. See docs/decisions/0154-autopay-job.md.

export type SetAutoPayInput = {
  customerId: string;
  paymentAccountId: string;
  amountIsFixed: boolean;
  fixedAmount?: number | null;
  limit?: number | null;
  dayOfMonth: number;
};

export async function setAutoPay(ctx: Context, input: SetAutoPayInput): Promise<Result> {
  const customer = await findCustomer(ctx, input.customerId);
  if (!Number.isInteger(input.dayOfMonth) || input.dayOfMonth < 1 || input.dayOfMonth > 28)
    throw new AppError("BAD_USER_INPUT", "Choose a day of the month from 1 to 28.");
  const account = await requirePaymentAccount(ctx, input.paymentAccountId);
  if (account.customerId !== customer.id) throw new AppError("NOT_FOUND", "Payment method not found.");
  assertAccepted(ctx.branch, account.kind, account.cardType);
  const inRange = (v: number) => Number.isInteger(v) && v >= 1 && v <= MAX_PAYMENT_CENTS;
  let fixedAmountCents: number | null = null;
  let limitCents: number | null = null;
  if (input.amountIsFixed) {
    if (input.fixedAmount == null || !inRange(input.fixedAmount))
      throw new AppError("BAD_USER_INPUT", `Enter a fixed amount between $0.01 and ${formatMoney(MAX_PAYMENT_CENTS)}.`);
    fixedAmountCents = input.fixedAmount;
  } else if (input.limit != null) {
    if (!inRange(input.limit))
      throw new AppError(
        "BAD_USER_INPUT",
        `Enter a limit between $0.01 and ${formatMoney(MAX_PAYMENT_CENTS)}, or none.`,
      );
    limitCents = input.limit;
  }
  const data = {
    paymentAccountId: account.id,
    amountIsFixed: input.amountIsFixed,
    fixedAmountCents,
    limitCents,
    dayOfMonth: input.dayOfMonth,
  };
  const existing = await ctx.db.autoPay.findFirst({ where: { customerId: customer.id } });
  if (existing) await ctx.db.autoPay.update({ where: { id: existing.id }, data });
  else await ctx.db.autoPay.create({ data: { branchId: ctx.branch.id, customerId: customer.id, ...data } });
  const what = input.amountIsFixed
    ? formatMoney(fixedAmountCents!)
    : `your balance${limitCents != null ? ` (up to ${formatMoney(limitCents)})` : ""}`;
  return {
    isSuccess: true,
    message: `Automatic payments are on: ${what} with ${methodLabel(account)} on day ${input.dayOfMonth} of each month.`,
  };
}

export async function cancelAutoPay(ctx: Context, customerId: string): Promise<Result> {
  const customer = await findCustomer(ctx, customerId);
  const deleted = await ctx.db.autoPay.deleteMany({ where: { customerId: customer.id } });
  return deleted.count
    ? { isSuccess: true, message: "Automatic payments are off." }
    : { isSuccess: false, message: "Automatic payments were not on." };
}

// ───────────── the scheduled run ─────────────

export type AutoPayRunReport = {
  branchId: string;
  customerId: string;
  period: string;
  result: "SUCCESS" | "DECLINED" | "FAILURE";
  amountCents: number;
  message: string;
};

/**
 * Runs the automatic payments due on a day. With `date` ("YYYY-MM-DD") every active branch runs that
 * day's autopays (tests, catch-up by hand); without it each branch runs those due today in its own
 * time zone once its local hour reaches AUTOPAY_LOCAL_HOUR.
 */
export async function runDueAutoPays(
  runtime: Runtime,
  opts: { date?: string; now?: Date; branchId?: string } = {},
): Promise<AutoPayRunReport[]> {
  if (opts.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.date))
    throw new Error(`runDueAutoPays: date must be YYYY-MM-DD, got ${opts.date}`);
  const now = opts.now ?? clock.now();
  const branches = await crossBranch(runtime).branch.findMany({
    where: { inactive: false, ...(opts.branchId ? { id: opts.branchId } : {}) },
    orderBy: { branchNumber: "asc" },
  });
  const reports: AutoPayRunReport[] = [];
  for (const branch of branches) {
    let date = opts.date;
    if (!date) {
      const local = wallDateAndHour(now, branch.timeZone);
      if (local.hour < runtime.config.AUTOPAY_LOCAL_HOUR) continue;
      date = local.date;
    }
    const day = Number(date.slice(8, 10));
    const period = date.slice(0, 7);
    const ctx = systemContext(runtime, branch, "autopay");
    const due = await ctx.db.autoPay.findMany({ where: { dayOfMonth: day }, orderBy: { customerId: "asc" } });
    for (const autoPay of due) {
      const done = await ctx.db.autoPayRun.findFirst({ where: { customerId: autoPay.customerId, period } });
      if (done) continue;
      try {
        const report = await runOne(ctx, autoPay, period, date);
        if (report) reports.push(report);
      } catch (error) {
        log.error("autopay run failed", { error, customerId: autoPay.customerId, period });
      }
    }
  }
  return reports;
}

async function runOne(ctx: Context, autoPay: AutoPay, period: string, date: string): Promise<AutoPayRunReport | null> {
  const customer = await ctx.db.customer.findFirst({ where: { id: autoPay.customerId } });
  if (!customer || customer.status === "DELETED" || customer.status === "INACTIVE") return null;
  const balance = await customerBalanceCents(ctx.db, customer.id);
  const amountCents = autoPay.amountIsFixed ? (autoPay.fixedAmountCents ?? 0) : balance;

  let result: AutoPayRunReport["result"];
  let message: string;
  let attemptId: string | null = null;
  if (amountCents <= 0) {
    result = "SUCCESS";
    message = "Nothing to pay: no balance due.";
  } else if (!autoPay.amountIsFixed && autoPay.limitCents != null && amountCents > autoPay.limitCents) {
    result = "FAILURE";
    message = `Your balance of ${formatMoney(amountCents)} is more than your automatic payment limit of ${formatMoney(autoPay.limitCents)}, so nothing was charged.`;
  } else {
    try {
      const charged = await chargeCustomer(ctx, {
        customerId: customer.id,
        amountCents,
        method: { paymentAccountId: autoPay.paymentAccountId },
        idempotencyKey: `autopay:${customer.id}:${period}`,
        source: "AUTOPAY",
        description: "Automatic payment",
      });
      result = charged.result;
      message = charged.message;
      attemptId = charged.attemptId;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result = "FAILURE";
      message =
        error.code === "NOT_FOUND" ? "The payment method for automatic payments is no longer on file." : error.message;
    }
  }

  try {
    await ctx.db.autoPayRun.create({
      data: {
        branchId: ctx.branch.id,
        customerId: customer.id,
        period,
        result,
        message: message.slice(0, 500),
        amountCents,
        attemptId,
      },
    });
  } catch (error) {
    if ((error as { code?: string })?.code === "P2002") return null; // another worker recorded it first
    throw error;
  }
  await ctx.db.autoPay.update({
    where: { id: autoPay.id },
    data: { lastRunAt: clock.now(), lastResult: `${result}: ${message}`.slice(0, 500) },
  });
  log.info("autopay run", { customerId: customer.id, period, result, amountCents });
  if (result !== "SUCCESS") await mailFailure(ctx, customer, { amountCents, balance, message, date });
  return { branchId: ctx.branch.id, customerId: customer.id, period, result, amountCents, message };
}

async function mailFailure(
  ctx: Context,
  customer: { id: string; accountNumber: string; name: string; billingLocationId: string | null },
  f: { amountCents: number; balance: number; message: string; date: string },
) {
  const contacts = await ctx.db.contact.findMany({
    where: { customerId: customer.id, inactive: false, NOT: { email: "" } },
    orderBy: { createdAt: "asc" },
  });
  let recipients = contacts.filter((c) => c.role === "ADMINISTRATOR" || c.role === "BILLING");
  if (!recipients.length) recipients = contacts;
  const to = recipients.map((c) => ({ email: c.email, firstName: c.firstName }));
  if (!to.length && customer.billingLocationId) {
    const loc = await ctx.db.location.findFirst({ where: { id: customer.billingLocationId } });
    if (loc?.email) to.push({ email: loc.email, firstName: loc.firstName });
  }
  if (!to.length) {
    log.warn("autopay failure: no email address to tell", { customerId: customer.id });
    return;
  }
  const b = ctx.branch;
  const base = ctx.runtime.config.PUBLIC_URL.replace(/\/$/, "");
  const link = `${base}/v2/payment/${customer.id}?host=${encodeURIComponent(b.host)}`;
  const day = new Date(`${f.date}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  const subject = `Your automatic payment did not go through (account ${customer.accountNumber})`;
  for (const r of new Map(to.map((t) => [t.email.toLowerCase(), t])).values()) {
    const text = [
      `Hello ${r.firstName || customer.name},`,
      "",
      `We tried to make your automatic payment${f.amountCents > 0 ? ` of ${formatMoney(f.amountCents)}` : ""} for account ${customer.accountNumber} on ${day}, but it did not go through.`,
      "",
      f.message,
      "",
      `Your balance is ${formatMoney(f.balance)}. You can make a payment or update your payment method here:`,
      link,
      "",
      [b.company, b.phone].filter(Boolean).join(" · "),
    ].join("\n");
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const html = text
      .split("\n\n")
      .map(
        (p) =>
          `<p>${esc(p)
            .replace(esc(link), `<a href="${esc(link)}">Make a payment</a>`)
            .replace(/\n/g, "<br>")}</p>`,
      )
      .join("");
    try {
      await ctx.runtime.mailer.send({ branchId: b.id, to: r.email, subject, text, html });
    } catch (error) {
      log.error("autopay failure mail not sent", { error, customerId: customer.id });
    }
  }
}
