import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { todayIn } from "./billing.service.ts";

// billing(customerId, viewAll): balance, past due, statements, invoices, recent activity, and the
// statement / invoice queries of the printable views. Other customers' and branches' ids are refused.

let server: TestServer;
let f: ReturnType<typeof factories>;
type Branch = Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;
let branch: Branch;
let other: Branch;

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  f = factories(server.prisma);
  branch = await f.branch({ host: "bill-a" });
  other = await f.branch({ host: "bill-b" });
}, 120_000);
afterAll(() => server.close(), 30_000);

const DAY = 86_400_000;
const date = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
let n = 800000;

async function signedIn(b: Branch) {
  const user = await f.user(b.id);
  const customer = await f.customer(b.id, String(n++), { userId: user.id });
  const c = new Client(server.url, b.host);
  await c.login(user.email, user.password);
  return { user, customer, c };
}

const txn = (b: Branch, customerId: string, amountCents: number, posted: Date, extra: Record<string, unknown> = {}) =>
  server.prisma.transaction.create({
    data: {
      branchId: b.id,
      customerId,
      kind: amountCents < 0 ? "PAYMENT" : "CHARGE",
      datePosted: posted,
      description: amountCents < 0 ? "Payment - Check #1001" : "5 Gallon Spring Water",
      amountCents,
      ...extra,
    },
  });

const Q = `query($id: ID!, $all: Boolean) { billing(customerId: $id, viewAll: $all) {
  customerId balance pastDueAmount isInvoiceAccount
  statements { id closeDate dueDate openingBalance balance comment transactions { amount description } }
  invoices { id displayId balance total isPastDue term purchaseOrderNumber transactions { amount } }
  recentTransactions { amount description kind }
  autoPay { id } } }`;
type B = {
  billing: {
    balance: number;
    pastDueAmount: number;
    isInvoiceAccount: boolean;
    statements: {
      id: string;
      closeDate: string;
      dueDate: string;
      balance: number;
      transactions: { amount: number }[];
    }[];
    invoices: { id: string; displayId: string; balance: number; isPastDue: boolean }[];
    recentTransactions: { amount: number; description: string }[];
    autoPay: null;
  };
};

describe("statement accounts", () => {
  test("balance is the sum of transactions; the last 3 statements without viewAll; past due from the overdue statement", async () => {
    const { customer, c } = await signedIn(branch);
    const today = todayIn(branch.timeZone);
    // four monthly statements: the two oldest are past their 30-day due date
    const closes = [150, 120, 90, 20].map((d) => new Date(today.getTime() - d * DAY));
    let opening = 0;
    for (const close of closes) {
      const s = await server.prisma.statement.create({
        data: {
          branchId: branch.id,
          customerId: customer.id,
          closeDate: close,
          openingBalanceCents: opening,
          balanceCents: opening + 5000,
        },
      });
      await txn(branch, customer.id, 5000, new Date(close.getTime() - 5 * DAY), { statementId: s.id });
      opening += 5000;
    }
    // a payment after the overdue statement (90 days ago) closed, and a charge on no statement yet
    await txn(branch, customer.id, -4000, new Date(today.getTime() - 60 * DAY));
    await txn(branch, customer.id, 1234, new Date(today.getTime() - 2 * DAY));

    const r = await c.gql<B>(Q, { id: customer.id });
    expect(r.errors).toBeUndefined();
    const b = r.data!.billing;
    expect(b.balance).toBe(20000 - 4000 + 1234);
    expect(b.statements.map((s) => s.closeDate)).toEqual([closes[3], closes[2], closes[1]].map((d) => isoDay(d!)));
    expect(b.statements[0]!.dueDate).toBe(isoDay(new Date(closes[3]!.getTime() + 30 * DAY)));
    // latest overdue statement: 90 days ago, balance $150.00, less the $40.00 paid since
    expect(b.pastDueAmount).toBe(15000 - 4000);
    expect(b.recentTransactions.map((t) => t.amount)).toEqual([1234, -4000]);
    const all = await c.gql<B>(Q, { id: customer.id, all: true });
    expect(all.data!.billing.statements).toHaveLength(4);
  });

  test("nothing past due when the overdue statement was paid", async () => {
    const { customer, c } = await signedIn(branch);
    const today = todayIn(branch.timeZone);
    await server.prisma.statement.create({
      data: {
        branchId: branch.id,
        customerId: customer.id,
        closeDate: new Date(today.getTime() - 45 * DAY),
        openingBalanceCents: 0,
        balanceCents: 3000,
      },
    });
    await txn(branch, customer.id, 3000, new Date(today.getTime() - 50 * DAY));
    await txn(branch, customer.id, -3000, new Date(today.getTime() - 30 * DAY));
    const b = (await c.gql<B>(Q, { id: customer.id })).data!.billing;
    expect(b).toMatchObject({ balance: 0, pastDueAmount: 0, isInvoiceAccount: false, autoPay: null });
  });

  test("the printable statement lists its transactions in date order", async () => {
    const { customer, c } = await signedIn(branch);
    const s = await server.prisma.statement.create({
      data: {
        branchId: branch.id,
        customerId: customer.id,
        closeDate: date("2026-10-31"),
        openingBalanceCents: 100,
        balanceCents: 2600,
        comment: "Thanks!",
      },
    });
    await txn(branch, customer.id, 2000, date("2026-10-20"), { statementId: s.id, description: "Later" });
    await txn(branch, customer.id, 500, date("2026-10-02"), { statementId: s.id, description: "Earlier" });
    const r = await c.gql<{ statement: { comment: string; transactions: { description: string }[] } }>(
      `query($c: ID!, $s: ID!) { statement(customerId: $c, statementId: $s) { comment transactions { description } } }`,
      { c: customer.id, s: s.id },
    );
    expect(r.data?.statement).toEqual({
      comment: "Thanks!",
      transactions: [{ description: "Earlier" }, { description: "Later" }],
    });
  });
});

describe("invoice accounts", () => {
  test("open invoices without viewAll, all with it; past due is the overdue open balance", async () => {
    const { customer, c } = await signedIn(branch);
    await server.prisma.customer.update({ where: { id: customer.id }, data: { isInvoiceAccount: true } });
    const today = todayIn(branch.timeZone);
    const mk = (displayId: string, ageDays: number, total: number, balance: number) =>
      server.prisma.invoice.create({
        data: {
          branchId: branch.id,
          customerId: customer.id,
          displayId: `${displayId}-${customer.accountNumber}`,
          date: new Date(today.getTime() - ageDays * DAY),
          dueDate: new Date(today.getTime() - (ageDays - 30) * DAY),
          totalCents: total,
          balanceCents: balance,
          purchaseOrderNumber: "PO-77",
        },
      });
    const paid = await mk("INV-1", 90, 1000, 0);
    const overdue = await mk("INV-2", 45, 2000, 2000);
    const current = await mk("INV-3", 10, 3000, 3000);
    for (const inv of [paid, overdue, current])
      await txn(branch, customer.id, inv.totalCents, inv.date, { invoiceId: inv.id });
    await txn(branch, customer.id, -1000, new Date(today.getTime() - 50 * DAY), { invoiceId: paid.id });

    const b = (await c.gql<B>(Q, { id: customer.id })).data!.billing;
    expect(b.isInvoiceAccount).toBe(true);
    expect(b.balance).toBe(5000);
    expect(b.pastDueAmount).toBe(2000);
    expect(b.invoices.map((i) => [i.id, i.isPastDue])).toEqual([
      [current.id, false],
      [overdue.id, true],
    ]);
    const all = (await c.gql<B>(Q, { id: customer.id, all: true })).data!.billing;
    expect(all.invoices.map((i) => i.id)).toEqual([current.id, overdue.id, paid.id]);

    const printable = await c.gql<{
      invoice: { displayId: string; term: string; purchaseOrderNumber: string; transactions: { amount: number }[] };
    }>(
      `query($c: ID!, $i: ID!) { invoice(customerId: $c, invoiceId: $i) { displayId term purchaseOrderNumber transactions { amount } } }`,
      { c: customer.id, i: paid.id },
    );
    expect(printable.data?.invoice).toEqual({
      displayId: paid.displayId,
      term: "Net 30",
      purchaseOrderNumber: "PO-77",
      transactions: [{ amount: 1000 }, { amount: -1000 }],
    });
  });
});

describe("access", () => {
  test("another customer's or another branch's billing, statements and invoices are not found", async () => {
    const me = await signedIn(branch);
    const them = await signedIn(branch);
    const elsewhere = await signedIn(other);
    const s = await server.prisma.statement.create({
      data: {
        branchId: branch.id,
        customerId: them.customer.id,
        closeDate: date("2026-10-31"),
        openingBalanceCents: 0,
        balanceCents: 0,
      },
    });
    const inv = await server.prisma.invoice.create({
      data: {
        branchId: branch.id,
        customerId: them.customer.id,
        displayId: `X-${them.customer.accountNumber}`,
        date: date("2026-10-01"),
        dueDate: date("2026-10-31"),
        totalCents: 1,
        balanceCents: 1,
      },
    });
    const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;
    expect(code(await me.c.gql(Q, { id: them.customer.id }))).toBe("NOT_FOUND");
    expect(code(await me.c.gql(Q, { id: elsewhere.customer.id }))).toBe("NOT_FOUND");
    // their statement under my customer id, and under theirs
    expect(
      code(
        await me.c.gql(`query($c: ID!, $s: ID!) { statement(customerId: $c, statementId: $s) { id } }`, {
          c: me.customer.id,
          s: s.id,
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      code(
        await me.c.gql(`query($c: ID!, $s: ID!) { statement(customerId: $c, statementId: $s) { id } }`, {
          c: them.customer.id,
          s: s.id,
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      code(
        await me.c.gql(`query($c: ID!, $i: ID!) { invoice(customerId: $c, invoiceId: $i) { id } }`, {
          c: me.customer.id,
          i: inv.id,
        }),
      ),
    ).toBe("NOT_FOUND");
    // signed out
    expect(code(await new Client(server.url, branch.host).gql(Q, { id: me.customer.id }))).toBe("UNAUTHENTICATED");
    // the owner sees it
    expect((await them.c.gql<B>(Q, { id: them.customer.id })).data?.billing.balance).toBe(0);
  });
});
