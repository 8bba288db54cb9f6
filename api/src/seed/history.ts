import { faker } from "@faker-js/faker";
import { REFERENCE_DATE } from "../db/seed-clock.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { Line, SimCustomer } from "./customer-specs.ts";
import { addDays, atUtc, MONTH_NAMES, monthEnd, utcDate } from "./dates.ts";
import { type Rows, uuid } from "./rows.ts";

// The billing history is generated around REFERENCE_DATE (21 November 2026), from 1 May 2026 to the
// day before, then moved so that it ends two days before today on the business clock (seed-clock.ts).
const HISTORY_START = utcDate(2026, 5, 1);

/** Posted work orders (with billing items) exist for deliveries from this date; older deliveries are charges only. */
const WORK_ORDER_HISTORY_START = utcDate(2026, 8, 1);

const FIRST_WORK_ORDER_NUMBER = 5001;

const FIRST_INVOICE_NUMBER = 10001;

type HistoryResult = { lastWorkOrderNumber: number; pastDueCustomerIds: string[] };

/**
 * Deliveries (posted work orders), monthly rentals, payments, monthly statements and, for invoice
 * accounts, one invoice per delivery and per month's rental. All dates are fixed: from HISTORY_START
 * to the day before REFERENCE_DATE. Transactions of the current month (November) are on no statement yet.
 */
export function addHistory(rows: Rows, branchId: string, taxBasisPoints: number, sims: SimCustomer[]): HistoryResult {
  type PendingWorkOrder = { row: Prisma.WorkOrderCreateManyInput; sortKey: string };
  type PendingInvoice = { row: Prisma.InvoiceCreateManyInput; sortKey: string };
  const pendingWorkOrders: PendingWorkOrder[] = [];
  const pendingInvoices: PendingInvoice[] = [];
  const pastDue: string[] = [];
  const tax = (amount: number, taxable: boolean) => (taxable ? Math.round((amount * taxBasisPoints) / 10_000) : 0);

  const lastStatementClose = monthEnd(addDays(REFERENCE_DATE, -REFERENCE_DATE.getUTCDate())); // 31 Oct 2026
  const months: Date[] = [];
  for (
    let m = new Date(HISTORY_START);
    m <= REFERENCE_DATE;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  )
    months.push(m);

  for (const c of sims) {
    type Txn = Prisma.TransactionCreateManyInput;
    const txns: Txn[] = [];
    type Inv = { row: Prisma.InvoiceCreateManyInput; paid: number };
    const invoices: Inv[] = [];

    const payDelay = () =>
      c.payBehavior === "LATE" ? faker.number.int({ min: 35, max: 55 }) : faker.number.int({ min: 9, max: 32 });
    const paymentDescription = () => {
      const m = c.payMethod;
      if (m.kind === "CARD")
        return {
          description: `Payment - ${m.label} ****${m.masked.slice(-4)}`,
          masked: m.masked,
          paymentAccountId: m.paymentAccountId,
        };
      if (m.kind === "ACH")
        return {
          description: `Payment - ACH ****${m.masked.slice(-4)}`,
          masked: m.masked,
          paymentAccountId: m.paymentAccountId,
        };
      return {
        description: `Payment - Check #${faker.number.int({ min: 1001, max: 9899 })}`,
        masked: "",
        paymentAccountId: null,
      };
    };

    // Charges: deliveries and rentals. Each becomes lines on a transaction list (and, for invoice
    // accounts, an invoice).
    const chargeGroups: {
      date: Date;
      posted: Date;
      lines: Line[];
      rental: boolean;
      workOrderId: string | null;
      addressId: string;
    }[] = [];
    for (const { addressId, plan } of c.plans) {
      const dates: Date[] = [];
      for (let j = 1; ; j++) {
        const d = addDays(plan.route.refAnchor, -7 * plan.interval * j);
        if (d < HISTORY_START) break;
        dates.push(d);
      }
      dates.reverse();
      dates.forEach((date, j) => {
        const lines = plan.deliveries(j).filter((l) => l.quantity > 0);
        const posted = atUtc(date, 22, faker.number.int({ min: 0, max: 59 }));
        if (date < WORK_ORDER_HISTORY_START) {
          chargeGroups.push({ date, posted, lines, rental: false, workOrderId: null, addressId });
          return;
        }
        const workOrderId = uuid();
        const po = c.purchaseOrders[0];
        pendingWorkOrders.push({
          sortKey: `${date.toISOString()}|${c.accountNumber}|${plan.serviceId}`,
          row: {
            id: workOrderId,
            branchId,
            number: 0,
            customerId: c.id,
            serviceAddressId: addressId,
            workType: "WORK_ORDER",
            name: `${plan.route.spec.name} delivery`,
            scheduledDate: date,
            purchaseOrderId: po?.id ?? null,
            isOpen: false,
            postedAt: posted,
            createdAt: atUtc(addDays(date, -7 * plan.interval), 23),
            updatedAt: posted,
          },
        });
        for (const l of lines) {
          const amount = l.quantity * l.unitPrice;
          rows.billingItems.push({
            id: uuid(),
            branchId,
            workOrderId,
            catalogItemId: l.catalog.id,
            name: l.catalog.spec.description,
            quantity: l.quantity,
            unitPriceCents: l.unitPrice,
            amountCents: amount,
            taxCents: tax(amount, l.catalog.spec.taxable),
            canEdit: false,
          });
        }
        chargeGroups.push({ date, posted, lines, rental: false, workOrderId, addressId });
      });
    }
    for (const { addressId, line } of c.rentals) {
      for (const m of months)
        chargeGroups.push({ date: m, posted: atUtc(m, 11), lines: [line], rental: true, workOrderId: null, addressId });
    }
    chargeGroups.sort((a, b) => a.posted.getTime() - b.posted.getTime());

    for (const g of chargeGroups) {
      let invoiceId: string | null = null;
      const total = g.lines.reduce(
        (s, l) => s + l.quantity * l.unitPrice + tax(l.quantity * l.unitPrice, l.catalog.spec.taxable),
        0,
      );
      if (c.isInvoice) {
        invoiceId = uuid();
        const dueDate = addDays(g.date, 30);
        const inv: Inv = {
          paid: 0,
          row: {
            id: invoiceId,
            branchId,
            customerId: c.id,
            displayId: "",
            date: g.date,
            term: "Net 30",
            dueDate,
            totalCents: total,
            balanceCents: total,
            purchaseOrderNumber: c.purchaseOrders[0]?.number ?? "",
            comment: !g.rental ? "" : `Rental for ${MONTH_NAMES[g.date.getUTCMonth()]} ${g.date.getUTCFullYear()}`,
            workOrderId: g.workOrderId,
          },
        };
        invoices.push(inv);
        pendingInvoices.push({ row: inv.row, sortKey: `${g.posted.toISOString()}|${c.accountNumber}|${invoiceId}` });
      }
      let taxTotal = 0;
      for (const l of g.lines) {
        const amount = l.quantity * l.unitPrice;
        taxTotal += tax(amount, l.catalog.spec.taxable);
        const rental = g.rental;
        txns.push({
          id: uuid(),
          branchId,
          customerId: c.id,
          kind: "CHARGE",
          datePosted: g.posted,
          billingCodeId: l.catalog.spec.part,
          description: rental
            ? `${l.catalog.spec.description} - ${MONTH_NAMES[g.date.getUTCMonth()]} ${g.date.getUTCFullYear()}`
            : `${l.catalog.spec.description} x${l.quantity}`,
          quantity: l.quantity,
          amountCents: amount,
          invoiceId,
        });
      }
      if (taxTotal > 0) {
        txns.push({
          id: uuid(),
          branchId,
          customerId: c.id,
          kind: "CHARGE",
          datePosted: g.posted,
          billingCodeId: "TAX",
          description: "Sales Tax",
          quantity: 1,
          amountCents: taxTotal,
          invoiceId,
        });
      }
    }

    // Payments.
    const pay = (date: Date, amount: number, invoiceId: string | null) => {
      const p = paymentDescription();
      txns.push({
        id: uuid(),
        branchId,
        customerId: c.id,
        kind: "PAYMENT",
        datePosted: atUtc(date, faker.number.int({ min: 14, max: 23 }), faker.number.int({ min: 0, max: 59 })),
        billingCodeId: c.payMethod.kind === "CHECK" ? "PAY-CHECK" : c.payMethod.kind === "ACH" ? "PAY-ACH" : "PAY-CARD",
        description: p.description,
        quantity: 1,
        amountCents: -amount,
        invoiceId,
        paymentAccountId: p.paymentAccountId,
        maskedAccountNumber: p.masked,
        gatewayTransactionId: c.payMethod.kind === "CHECK" ? "" : faker.string.numeric(10),
        gatewayResponseText: c.payMethod.kind === "CHECK" ? "" : "SUCCESS",
      });
    };
    if (c.isInvoice) {
      for (const inv of invoices) {
        const date = addDays(inv.row.date as Date, payDelay());
        if (date >= REFERENCE_DATE) continue; // still open
        const amount =
          c.payBehavior === "PARTIAL" && faker.datatype.boolean(0.3)
            ? Math.round(inv.row.totalCents * 0.5)
            : inv.row.totalCents;
        pay(date, amount, inv.row.id!);
        inv.paid = amount;
        // A partial payment is followed by the rest a few weeks later.
        const rest = inv.row.totalCents - amount;
        const restDate = addDays(date, faker.number.int({ min: 14, max: 30 }));
        if (rest > 0 && restDate < REFERENCE_DATE) {
          pay(restDate, rest, inv.row.id!);
          inv.paid += rest;
        }
        inv.row.balanceCents = inv.row.totalCents - inv.paid;
      }
      if (invoices.some((inv) => inv.row.balanceCents > 0 && (inv.row.dueDate as Date) < REFERENCE_DATE))
        pastDue.push(c.id);
    } else {
      // Statement accounts pay the previous statement's balance during the following month.
      txns.sort((a, b) => (a.datePosted as Date).getTime() - (b.datePosted as Date).getTime());
      let balance = 0;
      let skipped = false;
      for (const m of months) {
        const payDay = addDays(m, faker.number.int({ min: 7, max: 19 }));
        if (balance > 0 && payDay < REFERENCE_DATE) {
          const skip: boolean = c.payBehavior === "LATE" && !skipped;
          skipped = skip;
          if (!skip) pay(payDay, c.payBehavior === "PARTIAL" ? Math.round(balance * 0.6) : balance, null);
        }
        const end = monthEnd(m);
        balance = txns.filter((t) => (t.datePosted as Date) <= atUtc(end, 24)).reduce((s, t) => s + t.amountCents, 0);
      }
    }

    // Monthly statements for every customer; November's activity waits for the next statement.
    txns.sort((a, b) => (a.datePosted as Date).getTime() - (b.datePosted as Date).getTime());
    let opening = 0;
    let cursor = 0;
    for (const m of months) {
      const close = monthEnd(m);
      if (close > lastStatementClose) break;
      const statementId = uuid();
      const endExclusive = addDays(close, 1);
      let sum = 0;
      while (cursor < txns.length && (txns[cursor]!.datePosted as Date) < endExclusive) {
        txns[cursor]!.statementId = statementId;
        sum += txns[cursor]!.amountCents;
        cursor++;
      }
      rows.statements.push({
        id: statementId,
        branchId,
        customerId: c.id,
        closeDate: close,
        comment:
          close.getTime() === lastStatementClose.getTime()
            ? "Thank you for your business! Holiday route changes are posted on our website."
            : "",
        openingBalanceCents: opening,
        balanceCents: opening + sum,
      });
      opening += sum;
    }
    if (!c.isInvoice) {
      // Past due: what the September statement asked for is still not paid.
      const sepClose = addDays(lastStatementClose, -lastStatementClose.getUTCDate());
      const sepBalance =
        rows.statements.find((s) => s.customerId === c.id && (s.closeDate as Date).getTime() === sepClose.getTime())
          ?.balanceCents ?? 0;
      const paidSince = txns
        .filter((t) => t.kind === "PAYMENT" && (t.datePosted as Date) > atUtc(sepClose, 24))
        .reduce((s, t) => s - t.amountCents, 0);
      if (sepBalance - paidSince > 0) pastDue.push(c.id);
    }
    rows.transactions.push(...txns);
  }

  pendingWorkOrders.sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  let number = FIRST_WORK_ORDER_NUMBER;
  for (const w of pendingWorkOrders) {
    w.row.number = number++;
    rows.workOrders.push(w.row);
  }
  pendingInvoices.sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  let inv = FIRST_INVOICE_NUMBER;
  for (const p of pendingInvoices) {
    p.row.displayId = `INV-${inv++}`;
    rows.invoices.push(p.row);
  }
  return { lastWorkOrderNumber: number - 1, pastDueCustomerIds: pastDue };
}
