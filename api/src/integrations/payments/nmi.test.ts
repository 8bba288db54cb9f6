import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { decodeNmiToken, encodeNmiToken, NmiGateway } from "./nmi.ts";

// The NMI client against a local stand-in that answers as NMI's Direct Post API does
// (form-encoded in and out, response=1/2/3). Covers sale (token and vault), decline, error,
// void, refund, customer_vault add/update/delete, HTTP errors and timeouts, and a portal payment
// through the API with PAYMENT_GATEWAY=nmi.

type Seen = Record<string, string>;
const seen: Seen[] = [];
let nmi: ReturnType<typeof Bun.serve>;
let nmiUrl: string;
let slowMs = 0;
let vaultN = 0;

function answer(p: URLSearchParams): Record<string, string> {
  const base = { authcode: "", transactionid: "", avsresponse: "", cvvresponse: "", orderid: p.get("orderid") ?? "" };
  if (p.get("security_key") !== "nmi-test-key")
    return { ...base, response: "3", responsetext: "Authentication Failed", response_code: "300" };
  const vault = p.get("customer_vault");
  if (vault === "add_customer" && !p.get("type")) {
    vaultN++;
    return {
      ...base,
      response: "1",
      responsetext: "Customer Added",
      response_code: "100",
      customer_vault_id: `cv${vaultN}`,
    };
  }
  if (vault === "update_customer")
    return {
      ...base,
      response: "1",
      responsetext: "Customer Update Successful",
      response_code: "100",
      customer_vault_id: p.get("customer_vault_id") ?? "",
    };
  if (vault === "delete_customer")
    return p.get("customer_vault_id") === "missing"
      ? { ...base, response: "3", responsetext: "Invalid Customer Vault Id REFID:1234", response_code: "300" }
      : { ...base, response: "1", responsetext: "Customer Deleted", response_code: "100" };
  switch (p.get("type")) {
    case "sale": {
      const token = p.get("payment_token") ?? "";
      if (token === "tok-decline" || p.get("customer_vault_id") === "cv-decline")
        return {
          ...base,
          response: "2",
          responsetext: "DECLINE",
          response_code: "200",
          transactionid: "9000000002",
          avsresponse: "N",
          cvvresponse: "N",
        };
      if (token === "tok-error")
        return { ...base, response: "3", responsetext: "Invalid Credit Card Number REFID:3154", response_code: "300" };
      const out: Record<string, string> = {
        ...base,
        response: "1",
        responsetext: "SUCCESS",
        response_code: "100",
        authcode: "123456",
        transactionid: "9000000001",
        avsresponse: "Y",
        cvvresponse: "M",
      };
      if (vault === "add_customer") out.customer_vault_id = `cv${++vaultN}`;
      return out;
    }
    case "void":
      return p.get("transactionid") === "9000000001"
        ? {
            ...base,
            response: "1",
            responsetext: "Transaction Void Successful",
            response_code: "100",
            transactionid: "9000000001",
          }
        : { ...base, response: "3", responsetext: "Transaction not found REFID:1", response_code: "300" };
    case "refund":
      return { ...base, response: "1", responsetext: "SUCCESS", response_code: "100", transactionid: "9000000010" };
    default:
      return { ...base, response: "3", responsetext: "Invalid Transaction Type", response_code: "300" };
  }
}

beforeAll(() => {
  nmi = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === "/broken") return new Response("oops", { status: 502 });
      if (req.method !== "POST" || url.pathname !== "/api/transact.php") return new Response("no", { status: 404 });
      expect(req.headers.get("content-type")).toContain("application/x-www-form-urlencoded");
      const p = new URLSearchParams(await req.text());
      seen.push(Object.fromEntries(p));
      if (slowMs) await Bun.sleep(slowMs);
      return new Response(new URLSearchParams(answer(p)).toString(), { headers: { "content-type": "text/html" } });
    },
  });
  nmiUrl = `http://127.0.0.1:${nmi.port}/api/transact.php`;
});
afterAll(() => nmi.stop(true));

const gw = (key = "nmi-test-key") => new NmiGateway({ url: nmiUrl, securityKey: key, timeoutMs: 2000 });
const last = () => seen[seen.length - 1]!;

describe("NMI Direct Post client", () => {
  test("sale with a Collect.js token: approved, fields parsed, amount in dollars", async () => {
    const token = encodeNmiToken("tok-ok-123456", {
      kind: "CARD",
      brand: "VISA",
      last4: "1111",
      length: 16,
      expiration: "1230",
      accountType: null,
      nameOnAccount: "Jane",
    });
    const r = await gw().sale({
      amountCents: 12345,
      source: { token },
      kind: "CARD",
      orderId: "o-1",
      description: "Online payment",
    });
    expect(r).toEqual({
      result: "SUCCESS",
      responseText: "SUCCESS",
      authCode: "123456",
      transactionId: "9000000001",
      avsResult: "Y",
      cvvResult: "M",
      responseCode: "100",
      vaultId: "",
    });
    expect(last()).toMatchObject({
      security_key: "nmi-test-key",
      type: "sale",
      amount: "123.45",
      payment_token: "tok-ok-123456",
      orderid: "o-1",
      order_description: "Online payment",
    });
    expect(last().customer_vault).toBeUndefined();
    expect(last().payment).toBeUndefined();
  });

  test("sale: declined (response=2) and error (response=3) keep the gateway's text", async () => {
    const d = await gw().sale({ amountCents: 100, source: { token: "tok-decline" }, kind: "CARD" });
    expect(d).toMatchObject({
      result: "DECLINED",
      responseText: "DECLINE",
      avsResult: "N",
      cvvResult: "N",
      responseCode: "200",
    });
    const e = await gw().sale({ amountCents: 100, source: { token: "tok-error" }, kind: "CARD" });
    expect(e).toMatchObject({ result: "FAILURE", responseText: "Invalid Credit Card Number REFID:3154" });
    const auth = await gw("wrong").sale({ amountCents: 100, source: { token: "tok-ok" }, kind: "CARD" });
    expect(auth).toMatchObject({ result: "FAILURE", responseText: "Authentication Failed" });
  });

  test("sale from the vault, ACH as check, and saving to the vault with the sale", async () => {
    await gw().sale({ amountCents: 5000, source: { vaultId: "cv-7" }, kind: "ACH" });
    expect(last()).toMatchObject({
      type: "sale",
      customer_vault_id: "cv-7",
      payment: "check",
      sec_code: "WEB",
      amount: "50.00",
    });
    expect(last().payment_token).toBeUndefined();
    const saved = await gw().sale({
      amountCents: 5000,
      source: { token: "tok-ok-2" },
      kind: "CARD",
      saveToVault: true,
    });
    expect(last().customer_vault).toBe("add_customer");
    expect(saved.vaultId).toMatch(/^cv\d+$/);
  });

  test("void and refund", async () => {
    expect(await gw().void("9000000001")).toMatchObject({
      result: "SUCCESS",
      responseText: "Transaction Void Successful",
    });
    expect(last()).toMatchObject({ type: "void", transactionid: "9000000001" });
    expect(await gw().void("123")).toMatchObject({ result: "FAILURE", responseText: "Transaction not found REFID:1" });
    expect(await gw().refund("9000000001", 250)).toMatchObject({ result: "SUCCESS", transactionId: "9000000010" });
    expect(last()).toMatchObject({ type: "refund", transactionid: "9000000001", amount: "2.50" });
    await gw().refund("9000000001");
    expect(last().amount).toBeUndefined(); // a full refund sends no amount
  });

  test("customer vault: add, update the expiration, delete", async () => {
    const added = await gw().vaultAdd("tok-vault-1~x", "CARD");
    expect(added).toMatchObject({ result: "SUCCESS", responseText: "Customer Added" });
    expect(added.vaultId).toMatch(/^cv\d+$/);
    expect(last()).toMatchObject({ customer_vault: "add_customer", payment_token: "tok-vault-1~x" });
    expect(last().type).toBeUndefined();
    const up = await gw().vaultUpdate(added.vaultId, { expiration: "0131" });
    expect(up).toMatchObject({ result: "SUCCESS", vaultId: added.vaultId });
    expect(last()).toMatchObject({
      customer_vault: "update_customer",
      customer_vault_id: added.vaultId,
      ccexp: "0131",
    });
    expect(await gw().vaultDelete(added.vaultId)).toMatchObject({
      result: "SUCCESS",
      responseText: "Customer Deleted",
    });
    expect(last()).toMatchObject({ customer_vault: "delete_customer", customer_vault_id: added.vaultId });
    expect(await gw().vaultDelete("missing")).toMatchObject({ result: "FAILURE" });
    await gw().vaultAdd("ach-token-1", "ACH");
    expect(last().payment).toBe("check");
  });

  test("HTTP errors and timeouts are failures, never approvals", async () => {
    const broken = new NmiGateway({ url: `http://127.0.0.1:${nmi.port}/broken`, securityKey: "k" });
    expect(await broken.sale({ amountCents: 100, source: { token: "t" }, kind: "CARD" })).toMatchObject({
      result: "FAILURE",
      responseText: "The payment gateway answered with HTTP 502",
    });
    slowMs = 1500;
    try {
      const slow = new NmiGateway({ url: nmiUrl, securityKey: "nmi-test-key", timeoutMs: 1000 });
      expect(await slow.sale({ amountCents: 100, source: { token: "t" }, kind: "CARD" })).toMatchObject({
        result: "FAILURE",
        responseText: "The payment gateway did not answer in time",
      });
    } finally {
      slowMs = 0;
    }
    const closed = new NmiGateway({ url: "http://127.0.0.1:1/api/transact.php", securityKey: "k" });
    expect((await closed.void("1")).result).toBe("FAILURE");
  });

  test("tokens carry the display details Collect.js reported", () => {
    const details = {
      kind: "ACH",
      brand: "",
      last4: "6789",
      length: 12,
      expiration: "",
      accountType: "SAVINGS",
      nameOnAccount: "Bob",
    } as const;
    const t = encodeNmiToken("abc-123_XYZ99", details);
    expect(decodeNmiToken(t)).toEqual({
      collectToken: "abc-123_XYZ99",
      details,
    });
    expect(decodeNmiToken("no-details")).toBeNull();
    expect(decodeNmiToken(`tok12345~${Buffer.from('{"kind":"CARD","last4":"12"}').toString("base64url")}`)).toBeNull();
  });
});

describe("portal payments with PAYMENT_GATEWAY=nmi", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ PAYMENT_GATEWAY: "nmi", NMI_URL: nmiUrl, JOBS: "off" });
  }, 120_000);
  afterAll(() => server.close(), 30_000);

  test("a branch with an NMI key pays through NMI and keeps responsetext, avs and cvv on the attempt", async () => {
    const f = factories(server.prisma);
    const branch = await f.branch({ host: "nmi-branch" });
    await server.prisma.branch.update({
      where: { id: branch.id },
      data: { paymentApiKey: "nmi-test-key", collectJsApiKey: "public-collect-key" },
    });
    const sandboxBranch = await f.branch({ host: "no-key-branch" });
    const user = await f.user(branch.id);
    const customer = await f.customer(branch.id, "710001", { userId: user.id });
    const c = new Client(server.url, branch.host);
    await c.login(user.email, user.password);

    const settings = await c.gql<{ paymentSettings: Record<string, unknown>; collectJsKey: { key: string } }>(
      "{ paymentSettings { gateway collectJsKey collectJsUrl sandboxTestNumbers } collectJsKey { key } }",
    );
    expect(settings.data).toEqual({
      paymentSettings: {
        gateway: "NMI",
        collectJsKey: "public-collect-key",
        collectJsUrl: "https://secure.nmi.com/token/Collect.js",
        sandboxTestNumbers: [],
      },
      collectJsKey: { key: "public-collect-key" },
    });
    const other = new Client(server.url, sandboxBranch.host);
    const otherUser = await f.user(sandboxBranch.id);
    await other.login(otherUser.email, otherUser.password);
    expect(
      (await other.gql<{ paymentSettings: { gateway: string } }>("{ paymentSettings { gateway } }")).data
        ?.paymentSettings.gateway,
    ).toBe("SANDBOX");

    const token = encodeNmiToken("tok-portal-1", {
      kind: "CARD",
      brand: "MASTERCARD",
      last4: "4444",
      length: 16,
      expiration: "0930",
      accountType: null,
      nameOnAccount: "",
    });
    const pay = await c.gql<{ makePayment: { result: string; message: string; attemptId: string; balance: number } }>(
      `mutation($i: PaymentInput!) { makePayment(input: $i) { result message attemptId balance } }`,
      {
        i: {
          customerId: customer.id,
          amount: 1999,
          token,
          saveForLater: true,
          idempotencyKey: "nmi-portal-key-1",
          confirmOverpayment: true, // nothing is due: a credit
        },
      },
    );
    expect(pay.data?.makePayment).toMatchObject({
      result: "SUCCESS",
      message: "Payment of $19.99 approved.",
      balance: -1999,
    });
    const sale = seen.findLast((s) => s.type === "sale")!;
    expect(sale).toMatchObject({ payment_token: "tok-portal-1", amount: "19.99", customer_vault: "add_customer" });
    const attempt = await server.prisma.paymentAttempt.findUniqueOrThrow({
      where: { id: pay.data!.makePayment.attemptId },
    });
    expect(attempt).toMatchObject({
      responseText: "SUCCESS",
      avsResult: "Y",
      cvvResult: "M",
      gatewayTransactionId: "9000000001",
      maskedAccountNumber: "************4444",
    });
    const saved = await server.prisma.paymentAccount.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(saved).toMatchObject({
      cardType: "MASTERCARD",
      maskedAccountNumber: "************4444",
      expiration: "0930",
    });
    expect(saved.externalId).toMatch(/^cv\d+$/);

    const declined = await c.gql<{ makePayment: { result: string; message: string } }>(
      `mutation($i: PaymentInput!) { makePayment(input: $i) { result message } }`,
      {
        i: {
          customerId: customer.id,
          amount: 500,
          token: token.replace("tok-portal-1", "tok-decline"),
          idempotencyKey: "nmi-portal-key-2",
          confirmOverpayment: true,
        },
      },
    );
    expect(declined.data?.makePayment).toEqual({ result: "DECLINED", message: "Payment declined: DECLINE." });
  });
});
