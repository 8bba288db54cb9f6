import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { clock } from "../../clock.ts";
import { runDueAutoPays } from "./autopay.service.ts";
import { chargeTestHooks } from "./payments.service.ts";

// Payments through GraphQL on the sandbox gateway: approve / decline / error for card and ACH,
// idempotent double submit, balance and invoice balances, branch payment rules, saved methods,
// autopay runs (with the failure mail), other customers' ids refused, no card number stored or logged.

let server: TestServer;
let f: ReturnType<typeof factories>;
type Branch = Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;
let demo: Branch;
let north: Branch;

const CARD_OK = "4111111111111111";
const CARD_DECLINE = "4000000000000002";
const CARD_ERROR = "4000000000000119";
const ROUTING = "021000021";

// Everything the server printed while these tests ran (scanned for card numbers at the end).
const printed: string[] = [];
const origOut = process.stdout.write.bind(process.stdout);
const origErr = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed.push(String(chunk));
    return origOut(chunk as never, ...(rest as []));
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed.push(String(chunk));
    return origErr(chunk as never, ...(rest as []));
  }) as typeof process.stderr.write;
  server = await createTestServer({ LOG_LEVEL: "debug", PUBLIC_URL: "https://portal.example" });
  f = factories(server.prisma);
  demo = await f.branch({ host: "pay-demo" });
  north = await f.branch({ host: "pay-north" });
  await server.prisma.branch.update({
    where: { id: north.id },
    data: { acceptedPaymentTypes: "CARD_ONLY", allowedCardTypes: ["VISA", "MASTERCARD", "DISCOVER"] },
  });
  await server.prisma.branch.update({
    where: { id: demo.id },
    data: { company: "Pay Demo Water", phone: "(512) 555-0100", timeZone: "America/Chicago" },
  });
}, 120_000);

afterAll(async () => {
  process.stdout.write = origOut;
  process.stderr.write = origErr;
  await server.close();
}, 30_000);

let accountCounter = 500000;
/** A signed-in customer with $120.00 of charges (and optionally invoices). */
async function customerWithBalance(branch: Branch, opts: { invoices?: number[]; email?: string } = {}) {
  const user = await f.user(branch.id, { email: opts.email });
  const customer = await f.customer(branch.id, String(accountCounter++), { userId: user.id });
  await server.prisma.contact.updateMany({ where: { customerId: customer.id }, data: { email: user.email } });
  const invoiceIds: string[] = [];
  if (opts.invoices?.length) {
    await server.prisma.customer.update({ where: { id: customer.id }, data: { isInvoiceAccount: true } });
    for (const [i, cents] of opts.invoices.entries()) {
      const inv = await server.prisma.invoice.create({
        data: {
          branchId: branch.id,
          customerId: customer.id,
          displayId: `INV-${customer.accountNumber}-${i}`,
          date: new Date(Date.UTC(2026, 8 + i, 1)),
          dueDate: new Date(Date.UTC(2026, 8 + i, 30)),
          totalCents: cents,
          balanceCents: cents,
        },
      });
      invoiceIds.push(inv.id);
      await server.prisma.transaction.create({
        data: {
          branchId: branch.id,
          customerId: customer.id,
          kind: "CHARGE",
          datePosted: new Date(Date.UTC(2026, 8 + i, 1, 15)),
          description: `Invoice ${inv.displayId}`,
          amountCents: cents,
          invoiceId: inv.id,
        },
      });
    }
  } else {
    await server.prisma.transaction.createMany({
      data: [
        {
          branchId: branch.id,
          customerId: customer.id,
          kind: "CHARGE",
          datePosted: clock.now(),
          description: "Delivery",
          amountCents: 10000,
        },
        {
          branchId: branch.id,
          customerId: customer.id,
          kind: "CHARGE",
          datePosted: clock.now(),
          description: "Rental",
          amountCents: 2000,
        },
      ],
    });
  }
  const c = new Client(server.url, branch.host);
  expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
  return { user, customer, client: c, invoiceIds };
}

async function tokenize(body: Record<string, unknown>): Promise<{ status: number; json: Record<string, string> }> {
  const res = await fetch(`${server.url}/sandbox-gateway/tokenize`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, string> };
}
const cardToken = async (number: string, expiration = "12/30") =>
  (await tokenize({ kind: "CARD", number, expiration, cvv: "123", nameOnAccount: "Jane Customer" })).json.token!;
const achToken = async (accountNumber: string, routingNumber = ROUTING) =>
  (await tokenize({ kind: "ACH", routingNumber, accountNumber, accountType: "CHECKING", nameOnAccount: "Jane" })).json
    .token!;

const PAY = `mutation Pay($input: PaymentInput!) { makePayment(input: $input) {
  isSuccess message result attemptId transactionId balance receipt { amount reference paidAt } } }`;
type PayResult = {
  makePayment: {
    isSuccess: boolean;
    message: string;
    result: string;
    attemptId: string;
    transactionId: string | null;
    balance: number;
    receipt: { amount: number; reference: string; paidAt: string } | null;
  };
};
const BILLING = `query B($id: ID!, $all: Boolean) { billing(customerId: $id, viewAll: $all) { balance pastDueAmount
  invoices { id displayId balance total transactions { amount kind } }
  recentTransactions { kind amount description maskedAccountNumber }
  autoPay { dayOfMonth amountIsFixed fixedAmount limit paymentMethodId } } }`;
type BillingResult = {
  billing: {
    balance: number;
    pastDueAmount: number;
    invoices: { id: string; displayId: string; balance: number; total: number; transactions: { amount: number }[] }[];
    recentTransactions: { kind: string; amount: number; description: string; maskedAccountNumber: string }[];
    autoPay: null | { dayOfMonth: number; amountIsFixed: boolean; fixedAmount: number | null; limit: number | null };
  };
};
let keyN = 0;
const newKey = () => `test-key-${Date.now()}-${keyN++}`;

describe("tokenization (sandbox)", () => {
  test("card and bank details become a token with brand and last four only", async () => {
    const card = await tokenize({ kind: "CARD", number: "4111 1111 1111 1111", expiration: "12/30", cvv: "123" });
    expect(card.status).toBe(200);
    expect(card.json).toMatchObject({ kind: "CARD", brand: "VISA", last4: "1111", expiration: "1230" });
    expect(card.json.token).toMatch(/^sbt_/);
    expect(JSON.stringify(card.json)).not.toContain(CARD_OK);
    const ach = await tokenize({
      kind: "ACH",
      routingNumber: ROUTING,
      accountNumber: "123450000",
      accountType: "SAVINGS",
    });
    expect(ach.json).toMatchObject({ kind: "ACH", last4: "0000", accountType: "SAVINGS" });
  });

  test("bad details get a clear message", async () => {
    expect(
      (await tokenize({ kind: "CARD", number: "4111111111111112", expiration: "12/30", cvv: "123" })).json.error,
    ).toBe("Enter a valid card number.");
    expect((await tokenize({ kind: "CARD", number: CARD_OK, expiration: "01/20", cvv: "123" })).json.error).toBe(
      "This card has expired.",
    );
    expect((await tokenize({ kind: "CARD", number: CARD_OK, expiration: "12/30", cvv: "1" })).json.error).toBe(
      "Enter the 3 or 4 digit security code.",
    );
    const badRouting = await tokenize({
      kind: "ACH",
      routingNumber: "123456789",
      accountNumber: "1230000",
      accountType: "CHECKING",
    });
    expect(badRouting.status).toBe(400);
    expect(badRouting.json.error).toBe("Enter a valid 9-digit routing number.");
  });
});

describe("makePayment", () => {
  test("an approved card payment posts a PAYMENT transaction and lowers the balance at once", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const before = await client.gql<BillingResult>(BILLING, { id: customer.id });
    expect(before.data?.billing.balance).toBe(12000);

    const r = await client.gql<PayResult>(PAY, {
      input: { customerId: customer.id, amount: 2500, token: await cardToken(CARD_OK), idempotencyKey: newKey() },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data?.makePayment).toMatchObject({ isSuccess: true, result: "SUCCESS", balance: 9500 });
    expect(r.data?.makePayment.message).toBe("Payment of $25.00 approved.");

    const after = await client.gql<BillingResult>(BILLING, { id: customer.id });
    expect(after.data?.billing.balance).toBe(9500);
    const payment = after.data?.billing.recentTransactions.find((t) => t.kind === "PAYMENT");
    expect(payment).toMatchObject({ amount: -2500, maskedAccountNumber: "************1111" });
    expect(payment?.description).toBe("Online payment - Visa ****1111");

    const attempt = await server.prisma.paymentAttempt.findUniqueOrThrow({
      where: { id: r.data!.makePayment.attemptId },
    });
    expect(attempt).toMatchObject({ result: "SUCCESS", responseText: "SUCCESS", avsResult: "Y", cvvResult: "M" });
    expect(attempt.gatewayTransactionId).toMatch(/^sbx_/);
    // the receipt: what was paid, the processor's reference, when it posted (business time)
    const receipt = r.data?.makePayment.receipt;
    expect(receipt).toMatchObject({ amount: 2500, reference: attempt.gatewayTransactionId });
    expect(Math.abs(Date.parse(receipt?.paidAt ?? "") - clock.nowMs())).toBeLessThan(60_000);
  });

  test("a declined card shows the gateway's reason and changes no balance", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const r = await client.gql<PayResult>(PAY, {
      input: { customerId: customer.id, amount: 2500, token: await cardToken(CARD_DECLINE), idempotencyKey: newKey() },
    });
    expect(r.data?.makePayment).toMatchObject({ isSuccess: false, result: "DECLINED", balance: 12000, receipt: null });
    expect(r.data?.makePayment.message).toBe("Payment declined: Do Not Honor.");
    const attempt = await server.prisma.paymentAttempt.findUniqueOrThrow({
      where: { id: r.data!.makePayment.attemptId },
    });
    expect(attempt).toMatchObject({ result: "DECLINED", responseText: "Do Not Honor", transactionId: null });
    expect(await server.prisma.transaction.count({ where: { customerId: customer.id, kind: "PAYMENT" } })).toBe(0);
  });

  test("a processor error is a FAILURE with its text", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const r = await client.gql<PayResult>(PAY, {
      input: { customerId: customer.id, amount: 2500, token: await cardToken(CARD_ERROR), idempotencyKey: newKey() },
    });
    expect(r.data?.makePayment).toMatchObject({ isSuccess: false, result: "FAILURE", balance: 12000 });
    expect(r.data?.makePayment.message).toContain("could not be processed: Processor unavailable");
  });

  test("ACH: account ending 0000 approves, 1111 declines, 2222 errors", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const pay = async (account: string) =>
      (
        await client.gql<PayResult>(PAY, {
          input: { customerId: customer.id, amount: 1000, token: await achToken(account), idempotencyKey: newKey() },
        })
      ).data!.makePayment;
    expect(await pay("9876540000")).toMatchObject({ result: "SUCCESS", balance: 11000 });
    expect(await pay("9876541111")).toMatchObject({
      result: "DECLINED",
      message: "Payment declined: Insufficient Funds.",
      balance: 11000,
    });
    expect((await pay("9876542222")).result).toBe("FAILURE");
    const t = await server.prisma.transaction.findFirstOrThrow({ where: { customerId: customer.id, kind: "PAYMENT" } });
    expect(t).toMatchObject({ amountCents: -1000, billingCodeId: "PAY-ACH", maskedAccountNumber: "******0000" });
    expect(t.description).toBe("Online payment - Checking ****0000");
  });

  test("a double submit never charges twice: the second call returns the first result", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const token = await cardToken(CARD_OK);
    const input = { customerId: customer.id, amount: 3000, token, idempotencyKey: newKey() };
    const [a, b] = await Promise.all([client.gql<PayResult>(PAY, { input }), client.gql<PayResult>(PAY, { input })]);
    const c = await client.gql<PayResult>(PAY, { input });
    expect(a.data?.makePayment.result).toBe("SUCCESS");
    expect(b.data?.makePayment.attemptId).toBe(a.data!.makePayment.attemptId);
    expect(c.data?.makePayment).toMatchObject({
      attemptId: a.data!.makePayment.attemptId,
      result: "SUCCESS",
      balance: 9000,
    });
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(1);
    expect(await server.prisma.transaction.count({ where: { customerId: customer.id, kind: "PAYMENT" } })).toBe(1);
  });

  test("a page that lost the answer asks what became of its key: the payment, or nothing, never a second charge", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const other = await customerWithBalance(demo);
    const BY_KEY = `query K($c: ID!, $k: String!) { paymentByKey(customerId: $c, idempotencyKey: $k) {
      isSuccess message result attemptId balance receipt { amount } } }`;
    type ByKey = { paymentByKey: { isSuccess: boolean; result: string; attemptId: string; balance: number } | null };
    const key = newKey();
    // Never received: null, and nothing is charged by asking.
    expect((await client.gql<ByKey>(BY_KEY, { c: customer.id, k: key })).data?.paymentByKey).toBeNull();
    const paid = await client.gql<PayResult>(PAY, {
      input: { customerId: customer.id, amount: 200, token: await cardToken(CARD_OK), idempotencyKey: key },
    });
    // The answer was lost on the way: the page asks, and hears that it went through.
    const asked = await client.gql<ByKey>(BY_KEY, { c: customer.id, k: key });
    expect(asked.data?.paymentByKey).toMatchObject({
      isSuccess: true,
      result: "SUCCESS",
      attemptId: paid.data!.makePayment.attemptId,
      balance: 11800,
    });
    // Another customer's key reads as never received; another customer cannot ask about this one.
    expect((await other.client.gql<ByKey>(BY_KEY, { c: other.customer.id, k: key })).data?.paymentByKey).toBeNull();
    const foreign = await other.client.gql<ByKey>(BY_KEY, { c: customer.id, k: key });
    expect(foreign.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(1);
  });

  test("paying chosen invoices reduces their balances; too much for them is refused", async () => {
    const { customer, client, invoiceIds } = await customerWithBalance(demo, { invoices: [4000, 2500, 1800] });
    const tooMuch = await client.gql<PayResult>(PAY, {
      input: {
        customerId: customer.id,
        amount: 7000,
        token: await cardToken(CARD_OK),
        invoiceIds: invoiceIds.slice(0, 2),
        idempotencyKey: newKey(),
      },
    });
    expect(tooMuch.errors?.[0]?.message).toBe("The amount is more than the chosen invoices' balance of $65.00.");
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(0);

    const r = await client.gql<PayResult>(PAY, {
      input: {
        customerId: customer.id,
        amount: 5000,
        token: await cardToken(CARD_OK),
        invoiceIds: [invoiceIds[1], invoiceIds[0]],
        idempotencyKey: newKey(),
      },
    });
    expect(r.data?.makePayment).toMatchObject({ result: "SUCCESS", balance: 8300 - 5000 });
    const all = await client.gql<BillingResult>(BILLING, { id: customer.id, all: true });
    const byId = new Map(all.data!.billing.invoices.map((i) => [i.id, i]));
    // oldest first: the first invoice is paid in full, the second gets the rest
    expect(byId.get(invoiceIds[0]!)?.balance).toBe(0);
    expect(byId.get(invoiceIds[1]!)?.balance).toBe(1500);
    expect(byId.get(invoiceIds[2]!)?.balance).toBe(1800);
    expect(byId.get(invoiceIds[0]!)?.transactions.map((t) => t.amount)).toEqual([4000, -4000]);
    // without viewAll only open invoices
    const open = await client.gql<BillingResult>(BILLING, { id: customer.id });
    expect(open.data?.billing.invoices.map((i) => i.id).sort()).toEqual([invoiceIds[1]!, invoiceIds[2]!].sort());
  });

  test("bad input changes nothing and says why", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const token = await cardToken(CARD_OK);
    const msg = async (input: Record<string, unknown>) =>
      (await client.gql(PAY, { input: { customerId: customer.id, idempotencyKey: newKey(), ...input } })).errors?.[0]
        ?.message;
    expect(await msg({ amount: 0, token })).toBe("Enter an amount between $0.01 and $100,000.00.");
    expect(await msg({ amount: 100 })).toBe("Choose a saved payment method or enter a new one.");
    expect(await msg({ amount: 100, token: "sbt_nonsense" })).toBe(
      "The payment details have expired. Please enter the card or bank account again.",
    );
    expect(await msg({ amount: 100, token, idempotencyKey: "x" })).toBe("Missing or invalid idempotency key.");
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(0);
  });

  test("another customer's or another branch's ids are refused", async () => {
    const mine = await customerWithBalance(demo, { invoices: [1000] });
    const theirs = await customerWithBalance(demo, { invoices: [2000] });
    const elsewhere = await customerWithBalance(north);
    const theirCard = await server.prisma.paymentAccount.create({
      data: {
        branchId: demo.id,
        customerId: theirs.customer.id,
        kind: "CARD",
        externalId: "sandbox-nope",
        cardType: "VISA",
        maskedAccountNumber: "************1111",
        expiration: "1230",
      },
    });
    const c = mine.client;
    const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;
    const token = await cardToken(CARD_OK);
    expect(code(await c.gql(BILLING, { id: theirs.customer.id }))).toBe("NOT_FOUND");
    expect(code(await c.gql(BILLING, { id: elsewhere.customer.id }))).toBe("NOT_FOUND");
    /** A $1.00 payment by `c` with `input`: the refusal's code. */
    const pay = async (input: Record<string, unknown>) =>
      code(await c.gql(PAY, { input: { amount: 100, idempotencyKey: newKey(), ...input } }));
    expect(await pay({ customerId: theirs.customer.id, token })).toBe("NOT_FOUND");
    expect(await pay({ customerId: mine.customer.id, paymentAccountId: theirCard.id })).toBe("NOT_FOUND");
    expect(await pay({ customerId: mine.customer.id, token, invoiceIds: theirs.invoiceIds })).toBe("NOT_FOUND");
    expect(
      code(await c.gql(`mutation { removePaymentAccount(paymentAccountId: "${theirCard.id}") { isSuccess } }`)),
    ).toBe("NOT_FOUND");
    expect(code(await c.gql(`{ paymentMethods(customerId: "${theirs.customer.id}") { id } }`))).toBe("NOT_FOUND");
    expect(code(await c.gql(`{ statement(customerId: "${theirs.customer.id}", statementId: "x") { id } }`))).toBe(
      "NOT_FOUND",
    );
    // the other branch's session does not carry over
    const cross = new Client(server.url, demo.host);
    cross.cookie = elsewhere.client.cookie;
    expect(code(await cross.gql(BILLING, { id: elsewhere.customer.id }))).toBe("UNAUTHENTICATED");
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: theirs.customer.id } })).toBe(0);
    expect(await server.prisma.paymentAccount.count({ where: { id: theirCard.id, inactive: false } })).toBe(1);
  });

  test("branch payment types are honoured: north takes cards only, and only its card brands", async () => {
    const { customer, client } = await customerWithBalance(north);
    const settings = await client.gql<{ paymentSettings: Record<string, unknown>; allowedCardTypes: string[] }>(
      "{ paymentSettings { gateway allowAch allowBankCard allowedCardTypes sandboxTestNumbers } allowedCardTypes }",
    );
    expect(settings.data?.paymentSettings).toMatchObject({ gateway: "SANDBOX", allowAch: false, allowBankCard: true });
    expect(settings.data?.allowedCardTypes).toEqual(["VISA", "MASTERCARD", "DISCOVER"]);
    const ach = await client.gql(PAY, {
      input: { customerId: customer.id, amount: 100, token: await achToken("1230000"), idempotencyKey: newKey() },
    });
    expect(ach.errors?.[0]?.message).toBe("Bank account (ACH) payments are not accepted. Please use a card.");
    const amex = await client.gql(PAY, {
      input: {
        customerId: customer.id,
        amount: 100,
        token: await cardToken("378282246310005"),
        idempotencyKey: newKey(),
      },
    });
    expect(amex.errors?.[0]?.message).toBe(
      "American Express cards are not accepted. Accepted cards: Visa, Mastercard, Discover.",
    );
    const addAch = await client.gql(
      `mutation($t: String!, $c: ID!) { addPaymentAccount(input: { customerId: $c, token: $t }) { isSuccess } }`,
      { c: customer.id, t: await achToken("1230000") },
    );
    expect(addAch.errors?.[0]?.message).toBe("Bank account (ACH) payments are not accepted. Please use a card.");
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(0);
    expect(await server.prisma.paymentAccount.count({ where: { customerId: customer.id } })).toBe(0);
  });

  test("saveForLater keeps the card as a payment method (masked) after an approved payment", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const r = await client.gql<PayResult>(PAY, {
      input: {
        customerId: customer.id,
        amount: 500,
        token: await cardToken("5555555555554444"),
        saveForLater: true,
        idempotencyKey: newKey(),
      },
    });
    expect(r.data?.makePayment.result).toBe("SUCCESS");
    const methods = await client.gql<{
      paymentMethods: { label: string; maskedAccountNumber: string; isDefault: boolean; id: string }[];
    }>(`{ paymentMethods(customerId: "${customer.id}") { id label maskedAccountNumber isDefault expiration } }`);
    expect(methods.data?.paymentMethods).toEqual([
      expect.objectContaining({
        label: "Mastercard ****4444",
        maskedAccountNumber: "************4444",
        isDefault: true,
      }),
    ]);
    // and pays again from the vault
    const again = await client.gql<PayResult>(PAY, {
      input: {
        customerId: customer.id,
        amount: 500,
        paymentAccountId: methods.data!.paymentMethods[0]!.id,
        idempotencyKey: newKey(),
      },
    });
    expect(again.data?.makePayment).toMatchObject({ result: "SUCCESS", balance: 11000 });
  });
});

describe("payment methods", () => {
  const LIST = `query($c: ID!) { paymentMethods(customerId: $c) { id label kind expiration isDefault maskedAccountNumber } }`;
  type Methods = { paymentMethods: { id: string; label: string; expiration: string; isDefault: boolean }[] };
  const ADD = `mutation($c: ID!, $t: String!, $d: Boolean) { addPaymentAccount(input: { customerId: $c, token: $t, makeDefault: $d }) { isSuccess message paymentAccountId } }`;

  test("the same card saved twice is recognised: one entry, and the customer is told", async () => {
    const { customer, client } = await customerWithBalance(demo);
    type Added = { addPaymentAccount: { isSuccess: boolean; message: string; paymentAccountId: string | null } };
    const first = await client.gql<Added>(ADD, { c: customer.id, t: await cardToken(CARD_OK, "0829") });
    expect(first.data?.addPaymentAccount.isSuccess).toBe(true);
    const again = await client.gql<Added>(ADD, { c: customer.id, t: await cardToken(CARD_OK, "0829") });
    expect(again.data?.addPaymentAccount).toEqual({
      isSuccess: false,
      message: "Visa ****1111 is already saved.",
      paymentAccountId: first.data!.addPaymentAccount.paymentAccountId,
    });
    // paying with the same card and "save for later" keeps the one saved copy too
    const pay = await client.gql<PayResult>(PAY, {
      input: {
        customerId: customer.id,
        amount: 100,
        token: await cardToken(CARD_OK, "0829"),
        saveForLater: true,
        idempotencyKey: newKey(),
      },
    });
    expect(pay.data?.makePayment.isSuccess).toBe(true);
    expect(await server.prisma.paymentAccount.count({ where: { customerId: customer.id, inactive: false } })).toBe(1);
    // another expiration is another card
    const other = await client.gql<Added>(ADD, { c: customer.id, t: await cardToken(CARD_OK, "0931") });
    expect(other.data?.addPaymentAccount.isSuccess).toBe(true);
  });

  test("add, edit the expiration, set default, remove", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const a = await client.gql<{
      addPaymentAccount: { isSuccess: boolean; message: string; paymentAccountId: string };
    }>(ADD, { c: customer.id, t: await cardToken(CARD_OK, "0829") });
    expect(a.data?.addPaymentAccount).toMatchObject({ isSuccess: true, message: "Visa ****1111 saved." });
    const b = await client.gql<{ addPaymentAccount: { paymentAccountId: string } }>(ADD, {
      c: customer.id,
      t: await achToken("5550000"),
    });
    let list = (await client.gql<Methods>(LIST, { c: customer.id })).data!.paymentMethods;
    expect(list.map((m) => [m.label, m.isDefault])).toEqual([
      ["Visa ****1111", true],
      ["Checking ****0000", false],
    ]);
    const visaId = a.data!.addPaymentAccount.paymentAccountId;
    const achId = b.data!.addPaymentAccount.paymentAccountId;

    const edit = await client.gql<{ editPaymentAccount: { isSuccess: boolean; message: string } }>(
      `mutation($id: ID!) { editPaymentAccount(input: { paymentAccountId: $id, expiration: "11/31" }) { isSuccess message } }`,
      { id: visaId },
    );
    expect(edit.data?.editPaymentAccount).toEqual({ isSuccess: true, message: "Visa ****1111 now expires 11/31." });
    const vault = await server.prisma.paymentAccount.findUniqueOrThrow({ where: { id: visaId } });
    expect(
      (await server.prisma.sandboxVaultEntry.findUniqueOrThrow({ where: { id: vault.externalId } })).expiration,
    ).toBe("1131");
    const badEdit = await client.gql(
      `mutation($id: ID!) { editPaymentAccount(input: { paymentAccountId: $id, expiration: "13/31" }) { isSuccess } }`,
      { id: visaId },
    );
    expect(badEdit.errors?.[0]?.message).toBe("Enter the expiration date as MM/YY.");

    await client.gql(`mutation($id: ID!) { setDefaultPaymentAccount(paymentAccountId: $id) { isSuccess } }`, {
      id: achId,
    });
    list = (await client.gql<Methods>(LIST, { c: customer.id })).data!.paymentMethods;
    expect(list.map((m) => [m.label, m.isDefault])).toEqual([
      ["Checking ****0000", true],
      ["Visa ****1111", false],
    ]);

    const rm = await client.gql<{ removePaymentAccount: { isSuccess: boolean; message: string } }>(
      `mutation($id: ID!) { removePaymentAccount(paymentAccountId: $id) { isSuccess message } }`,
      { id: achId },
    );
    expect(rm.data?.removePaymentAccount).toEqual({ isSuccess: true, message: "Checking ****0000 removed." });
    list = (await client.gql<Methods>(LIST, { c: customer.id })).data!.paymentMethods;
    expect(list.map((m) => [m.label, m.isDefault])).toEqual([["Visa ****1111", true]]);
    const removed = await server.prisma.paymentAccount.findUniqueOrThrow({ where: { id: achId } });
    expect(await server.prisma.sandboxVaultEntry.count({ where: { id: removed.externalId } })).toBe(0);
  });
});

describe("autopay", () => {
  const SET = `mutation($i: SetAutoPayInput!) { setAutoPay(input: $i) { isSuccess message } }`;

  async function withSavedCard(number: string, email?: string) {
    const ctx = await customerWithBalance(demo, { email });
    const add = await ctx.client.gql<{ addPaymentAccount: { paymentAccountId: string } }>(
      `mutation($c: ID!, $t: String!) { addPaymentAccount(input: { customerId: $c, token: $t }) { paymentAccountId } }`,
      { c: ctx.customer.id, t: await cardToken(number) },
    );
    return { ...ctx, methodId: add.data!.addPaymentAccount.paymentAccountId };
  }

  /** A customer with a saved card (see withSavedCard) and automatic payments set with `settings` on it. */
  async function withAutoPay(number: string, settings: Record<string, unknown>, email?: string) {
    const saved = await withSavedCard(number, email);
    await saved.client.gql(SET, { i: { customerId: saved.customer.id, paymentMethodId: saved.methodId, ...settings } });
    return saved;
  }

  test("set autopay: validation, then it shows on billing", async () => {
    const { customer, client, methodId } = await withSavedCard(CARD_OK);
    const bad = await client.gql(SET, {
      i: { customerId: customer.id, paymentMethodId: methodId, amountIsFixed: false, dayOfMonth: 29 },
    });
    expect(bad.errors?.[0]?.message).toBe("Choose a day of the month from 1 to 28.");
    const noAmount = await client.gql(SET, {
      i: { customerId: customer.id, paymentMethodId: methodId, amountIsFixed: true, dayOfMonth: 5 },
    });
    expect(noAmount.errors?.[0]?.message).toBe("Enter a fixed amount between $0.01 and $100,000.00.");
    const ok = await client.gql<{ setAutoPay: { isSuccess: boolean; message: string } }>(SET, {
      i: { customerId: customer.id, paymentMethodId: methodId, amountIsFixed: false, limit: 50000, dayOfMonth: 5 },
    });
    expect(ok.data?.setAutoPay).toEqual({
      isSuccess: true,
      message: "Automatic payments are on: your balance (up to $500.00) with Visa ****1111 on day 5 of each month.",
    });
    const b = await client.gql<BillingResult>(BILLING, { id: customer.id });
    expect(b.data?.billing.autoPay).toMatchObject({
      dayOfMonth: 5,
      amountIsFixed: false,
      limit: 50000,
      paymentMethodId: methodId,
    });
    // the autopay method cannot be removed
    const rm = await client.gql<{ removePaymentAccount: { isSuccess: boolean; message: string } }>(
      `mutation($id: ID!) { removePaymentAccount(paymentAccountId: $id) { isSuccess message } }`,
      { id: methodId },
    );
    expect(rm.data?.removePaymentAccount.isSuccess).toBe(false);
    expect(rm.data?.removePaymentAccount.message).toContain("pays your automatic payments");
    const off = await client.gql<{ cancelAutoPay: { isSuccess: boolean } }>(
      `mutation($c: ID!) { cancelAutoPay(customerId: $c) { isSuccess message } }`,
      { c: customer.id },
    );
    expect(off.data?.cancelAutoPay.isSuccess).toBe(true);
  });

  test("the run on its day pays the balance once; a second run the same month charges nothing", async () => {
    const { customer, client } = await withAutoPay(CARD_OK, { amountIsFixed: false, dayOfMonth: 7 });
    expect(await runDueAutoPays(server.runtime, { date: "2026-12-06", branchId: demo.id })).toEqual([]);
    const reports = await runDueAutoPays(server.runtime, { date: "2026-12-07", branchId: demo.id });
    expect(reports).toEqual([
      expect.objectContaining({ customerId: customer.id, result: "SUCCESS", amountCents: 12000, period: "2026-12" }),
    ]);
    expect((await client.gql<BillingResult>(BILLING, { id: customer.id })).data?.billing.balance).toBe(0);
    const t = await server.prisma.transaction.findFirstOrThrow({ where: { customerId: customer.id, kind: "PAYMENT" } });
    expect(t.description).toBe("Automatic payment - Visa ****1111");
    expect(await runDueAutoPays(server.runtime, { date: "2026-12-07", branchId: demo.id })).toEqual([]);
    expect(await server.prisma.autoPayRun.count({ where: { customerId: customer.id } })).toBe(1);
    expect(await server.prisma.transaction.count({ where: { customerId: customer.id, kind: "PAYMENT" } })).toBe(1);
  });

  test("a declined autopay is recorded and mailed to the customer", async () => {
    const email = `autopay-${Date.now()}@example.test`;
    const { customer, client } = await withAutoPay(
      CARD_DECLINE,
      { amountIsFixed: true, fixedAmount: 4000, dayOfMonth: 9 },
      email,
    );
    const [report] = await runDueAutoPays(server.runtime, { date: "2026-12-09", branchId: demo.id });
    expect(report).toMatchObject({ result: "DECLINED", amountCents: 4000 });
    const run = await server.prisma.autoPayRun.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(run).toMatchObject({ period: "2026-12", result: "DECLINED", message: "Payment declined: Do Not Honor." });
    const mail = await server.prisma.outboxMessage.findFirstOrThrow({ where: { recipient: email } });
    expect(mail.subject).toBe(`Your automatic payment did not go through (account ${customer.accountNumber})`);
    expect(mail.text).toContain("of $40.00");
    expect(mail.text).toContain("Payment declined: Do Not Honor.");
    expect(mail.text).toContain(`https://portal.example/v2/payment/${customer.id}?host=pay-demo`);
    expect((await client.gql<BillingResult>(BILLING, { id: customer.id })).data?.billing.balance).toBe(12000);
    const ap = await server.prisma.autoPay.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(ap.lastResult).toContain("DECLINED");
  });

  test("a balance over the limit charges nothing and tells the customer", async () => {
    const email = `limit-${Date.now()}@example.test`;
    const { customer } = await withAutoPay(CARD_OK, { amountIsFixed: false, limit: 5000, dayOfMonth: 11 }, email);
    const [report] = await runDueAutoPays(server.runtime, { date: "2026-12-11", branchId: demo.id });
    expect(report).toMatchObject({ result: "FAILURE", amountCents: 12000 });
    expect(report?.message).toBe(
      "Your balance of $120.00 is more than your automatic payment limit of $50.00, so nothing was charged.",
    );
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(0);
    expect(await server.prisma.outboxMessage.count({ where: { recipient: email } })).toBe(1);
  });

  test("without a date each branch runs today's autopays after its local hour", async () => {
    const { customer } = await withAutoPay(CARD_OK, { amountIsFixed: false, dayOfMonth: 14 });
    // 2026-12-14 15:00 UTC is 09:00 in Chicago (after 06:00); 2026-12-14 10:00 UTC is 04:00 there.
    expect(await runDueAutoPays(server.runtime, { now: new Date("2026-12-14T10:00:00Z"), branchId: demo.id })).toEqual(
      [],
    );
    const reports = await runDueAutoPays(server.runtime, { now: new Date("2026-12-14T15:00:00Z"), branchId: demo.id });
    expect(reports.map((r) => r.customerId)).toEqual([customer.id]);
  });

  test("the job runner schedules the autopay check and works its jobs", async () => {
    await server.runtime.jobs.start();
    const boss = server.runtime.jobs.instance!;
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(["autopay-due", "7 * * * *"]);
    const id = await server.runtime.jobs.sendNow("autopay-due");
    let state = "";
    for (let i = 0; i < 60 && state !== "completed"; i++) {
      await Bun.sleep(500);
      const [job] = await boss.findJobs("autopay-due", { id: id! });
      state = job?.state ?? "";
    }
    expect(state).toBe("completed");
  }, 60_000);
});

describe("no card number is stored or logged", () => {
  test("after payments, no table and no log line holds a full card or bank account number", async () => {
    const { customer, client } = await customerWithBalance(demo);
    await client.gql(PAY, {
      input: {
        customerId: customer.id,
        amount: 100,
        token: await cardToken(CARD_OK),
        saveForLater: true,
        idempotencyKey: newKey(),
      },
    });
    await client.gql(PAY, {
      input: {
        customerId: customer.id,
        amount: 100,
        token: await achToken("99887766550000"),
        saveForLater: true,
        idempotencyKey: newKey(),
      },
    });
    const tables = await server.prisma.$queryRawUnsafe<{ table_name: string }[]>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name } of tables) {
      for (const secret of [CARD_OK, CARD_DECLINE, "99887766550000", "378282246310005"]) {
        const [row] = await server.prisma.$queryRawUnsafe<{ n: bigint }[]>(
          `SELECT count(*) AS n FROM "${table_name}" t WHERE t::text LIKE $1`,
          `%${secret}%`,
        );
        expect({ table_name, secret, n: Number(row?.n) }).toEqual({ table_name, secret, n: 0 });
      }
    }
    const logText = printed.join("");
    expect(logText).toContain("payment approved"); // the logs were captured
    for (const secret of [CARD_OK, CARD_DECLINE, "99887766550000"]) expect(logText).not.toContain(secret);
  });
});

/** Pays `amount` cents on the customer's account with a fresh card token and idempotency key. */
const payWithCard = (client: Client, customerId: string) => async (amount: number, confirmOverpayment?: boolean) =>
  client.gql<PayResult>(PAY, {
    input: { customerId, amount, token: await cardToken(CARD_OK), idempotencyKey: newKey(), confirmOverpayment },
  });

describe("money paths an attacker tries", () => {
  test("a key is reused only for the very same payment: another amount is a conflict, not the earlier approval", async () => {
    const { customer, client } = await customerWithBalance(demo);
    const key = newKey();
    const first = await client.gql<PayResult>(PAY, {
      input: { customerId: customer.id, amount: 100, token: await cardToken(CARD_OK), idempotencyKey: key },
    });
    expect(first.data?.makePayment.isSuccess).toBe(true);
    const again = await client.gql<PayResult>(PAY, {
      input: { customerId: customer.id, amount: 100, token: await cardToken(CARD_OK), idempotencyKey: key },
    });
    expect(again.data?.makePayment.attemptId).toBe(first.data!.makePayment.attemptId);
    const other = await client.gql<PayResult>(PAY, {
      input: { customerId: customer.id, amount: 9900, token: await cardToken(CARD_OK), idempotencyKey: key },
    });
    expect(other.errors?.[0]?.message).toBe("This payment key was already used for a different payment.");
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(1);
  });

  test("keys the server makes (autopay, shop orders) cannot be sent by a browser", async () => {
    const { customer, client } = await customerWithBalance(demo);
    for (const key of [
      `autopay:${customer.id}:2026-12`,
      `shop-order:${crypto.randomUUID()}`,
      "short",
      "x".repeat(101),
    ]) {
      const r = await client.gql<PayResult>(PAY, {
        input: { customerId: customer.id, amount: 1, token: await cardToken(CARD_OK), idempotencyKey: key },
      });
      expect(r.errors?.[0]?.message).toBe("Missing or invalid idempotency key.");
    }
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(0);
  });

  test("paying more than the balance needs the customer's confirmation, and has a ceiling", async () => {
    const { customer, client } = await customerWithBalance(demo); // $120.00 due
    const pay = payWithCard(client, customer.id);
    const huge = await pay(9_000_000, true);
    expect(huge.errors?.[0]?.message).toBe(
      "You can pay at most $620.00: your balance of $120.00 plus up to $500.00 of credit.",
    );
    const unconfirmed = await pay(50_000);
    expect(unconfirmed.errors?.[0]?.message).toBe(
      "$500.00 is more than your balance of $120.00. Confirm that you want to pay more.",
    );
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(0);
    const confirmed = await pay(50_000, true);
    expect(confirmed.data?.makePayment).toMatchObject({ isSuccess: true, balance: -38_000 });
    // Nothing is due now: only a confirmed credit, up to the ceiling.
    const credit = await pay(100);
    expect(credit.errors?.[0]?.message).toBe(
      "Nothing is due. Confirm that you want to pay $1.00 as a credit on your account.",
    );
  });
});

describe("the $500.00 credit ceiling holds for the account, not per payment", () => {
  /** The account's credit (the negative part of its balance), read from the database. */
  const creditOf = async (customerId: string) => {
    const sum = await server.prisma.transaction.aggregate({ where: { customerId }, _sum: { amountCents: true } });
    return Math.max(-(sum._sum.amountCents ?? 0), 0);
  };

  test("payments in a row count the credit already on the account", async () => {
    const { customer, client } = await customerWithBalance(demo); // $120.00 due
    const pay = (amount: number) => payWithCard(client, customer.id)(amount, true);
    // Each one within "balance + $500.00" of the balance before it.
    expect((await pay(30_000)).data?.makePayment).toMatchObject({ isSuccess: true, balance: -18_000 });
    expect((await pay(30_000)).data?.makePayment).toMatchObject({ isSuccess: true, balance: -48_000 });
    const third = await pay(30_000);
    expect(third.errors?.[0]?.message).toBe("Nothing is due. You can pay at most $20.00 as a credit on your account.");
    expect(await creditOf(customer.id)).toBe(48_000);
    // Up to the ceiling goes through; past it nothing does.
    expect((await pay(2_000)).data?.makePayment).toMatchObject({ isSuccess: true, balance: -50_000 });
    const full = await pay(1);
    expect(full.errors?.[0]?.message).toBe(
      "Your account already has a credit of $500.00, the most it can hold, so nothing more can be paid online.",
    );
    expect(await creditOf(customer.id)).toBe(50_000);
    expect(await server.prisma.paymentAttempt.count({ where: { customerId: customer.id } })).toBe(3);
  });

  test("six payments at once build no more credit than the ceiling", async () => {
    const { customer, client } = await customerWithBalance(demo); // $120.00 due
    const tokens = await Promise.all(Array.from({ length: 6 }, () => cardToken(CARD_OK)));
    // A slow moment between the check and the reservation: without the customer's lock every request
    // would pass the check against the same balance.
    chargeTestHooks.beforeReserve = () => Bun.sleep(100);
    const results = await Promise.all(
      tokens.map((token) =>
        client.gql<PayResult>(PAY, {
          input: { customerId: customer.id, amount: 30_000, token, idempotencyKey: newKey(), confirmOverpayment: true },
        }),
      ),
    ).finally(() => {
      chargeTestHooks.beforeReserve = undefined;
    });
    const approved = results.filter((r) => r.data?.makePayment.isSuccess);
    const refused = results.filter((r) => r.errors?.length);
    // $120.00 due: two payments of $300.00 leave $480.00 of credit; a third would leave $780.00.
    expect(approved.length).toBe(2);
    expect(refused.length).toBe(4);
    for (const r of refused)
      expect(r.errors?.[0]?.message).toBe("Nothing is due. You can pay at most $20.00 as a credit on your account.");
    expect(await creditOf(customer.id)).toBe(48_000);
    expect(await creditOf(customer.id)).toBeLessThanOrEqual(50_000);
    const attempts = await server.prisma.paymentAttempt.findMany({ where: { customerId: customer.id } });
    expect(attempts.map((a) => a.result)).toEqual(["SUCCESS", "SUCCESS"]);
  });

  test("paying chosen invoices stays under the same ceiling", async () => {
    const { customer, client, invoiceIds } = await customerWithBalance(demo, { invoices: [10_000] });
    // A credit of $450.00 already on the account (an employee took a prepayment), the invoice still open.
    await server.prisma.transaction.create({
      data: {
        branchId: demo.id,
        customerId: customer.id,
        kind: "PAYMENT",
        datePosted: clock.now(),
        description: "Prepayment",
        amountCents: -55_000,
      },
    });
    const r = await client.gql<PayResult>(PAY, {
      input: {
        customerId: customer.id,
        amount: 10_000,
        token: await cardToken(CARD_OK),
        idempotencyKey: newKey(),
        invoiceIds,
      },
    });
    expect(r.errors?.[0]?.message).toBe("Nothing is due. You can pay at most $50.00 as a credit on your account.");
    expect(await creditOf(customer.id)).toBe(45_000);
  });
});

describe("production defaults", () => {
  test("no sandbox gateway, no payments without gateway keys, no demo seeded on its own", async () => {
    const prod = await createTestServer({
      NODE_ENV: "production",
      SESSION_SECRET: "a-production-secret-of-32-chars!",
      JOBS: "off",
    });
    try {
      expect(prod.runtime.config.PAYMENT_GATEWAY).toBe("nmi");
      const tokenizer = await fetch(`${prod.url}/sandbox-gateway/tokenize`, { method: "POST", body: "{}" });
      expect(tokenizer.status).toBe(404);
      const pf = factories(prod.prisma);
      const branch = await pf.branch({ host: "prod-shop" });
      const user = await pf.user(branch.id);
      const customer = await pf.customer(branch.id, "700001", { userId: user.id });
      const c = new Client(prod.url, "prod-shop");
      expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
      const settings = await c.gql<{ paymentSettings: { gateway: string } }>("{ paymentSettings { gateway } }");
      expect(settings.data?.paymentSettings.gateway).toBe("NONE");
      const r = await c.gql<PayResult>(PAY, {
        input: { customerId: customer.id, amount: 100, token: "tok_anything", idempotencyKey: newKey() },
      });
      expect(r.errors?.[0]?.message).toBe(
        "This branch does not take online payments yet. Please call the office to pay.",
      );
    } finally {
      await prod.close();
    }
  });
});
