import { randomBytes } from "node:crypto";
import { clock } from "../../clock.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import {
  type CardBrand,
  cardBrand,
  digitsOnly,
  expirationValid,
  luhnValid,
  normalizeExpiration,
  routingNumberValid,
} from "./card-data.ts";
import { emptyResponse, type GatewayResponse, type PaymentGateway, type TokenDetails } from "./types.ts";

// The embedded default gateway: behaves like a real one (tokens, a vault, approvals, declines,
// errors, void and refund) with documented test numbers, and never stores a full number.
// Tokens live in memory for TOKEN_TTL_MS; a vaulted method becomes a SandboxVaultEntry row holding
// brand, last four, expiration and the test behaviour. See docs/decisions/0150-sandbox-gateway.md.

export type SandboxBehavior = "APPROVE" | "DECLINE" | "ERROR";

/** The documented test numbers (also shown on the payment page in sandbox mode). */
export const SANDBOX_TEST_NUMBERS = {
  cards: [
    { number: "4111111111111111", behavior: "APPROVE", note: "approved" },
    { number: "4000000000000002", behavior: "DECLINE", note: 'declined "Do Not Honor"' },
    { number: "4000000000000119", behavior: "ERROR", note: "processor error" },
  ],
  achRouting: "021000021",
  ach: [
    { accountSuffix: "0000", behavior: "APPROVE", note: "approved" },
    { accountSuffix: "1111", behavior: "DECLINE", note: 'declined "Insufficient Funds"' },
    { accountSuffix: "2222", behavior: "ERROR", note: "processor error" },
  ],
} as const;

export const SANDBOX_DECLINE_CARD = "Do Not Honor";
export const SANDBOX_DECLINE_ACH = "Insufficient Funds";
export const SANDBOX_ERROR_TEXT = "Processor unavailable (sandbox test error)";

const TOKEN_TTL_MS = 15 * 60_000;

type StoredToken = TokenDetails & { behavior: SandboxBehavior; expiresAt: number };

/** Shared by every SandboxGateway of this process (the tokenize endpoint and the server's charges). */
const tokens = new Map<string, StoredToken>();
const voided = new Set<string>();
const refunded = new Map<string, number>();

function sweep(now = clock.nowMs()) {
  for (const [k, t] of tokens) if (t.expiresAt <= now) tokens.delete(k);
}

function cardBehavior(number: string): SandboxBehavior {
  const known = SANDBOX_TEST_NUMBERS.cards.find((c) => c.number === number);
  return known?.behavior ?? "APPROVE";
}

function achBehavior(account: string): SandboxBehavior {
  const known = SANDBOX_TEST_NUMBERS.ach.find((a) => account.endsWith(a.accountSuffix));
  return known?.behavior ?? "APPROVE";
}

export type TokenizeInput =
  | { kind: "CARD"; number: string; expiration: string; cvv: string; nameOnAccount?: string }
  | {
      kind: "ACH";
      routingNumber: string;
      accountNumber: string;
      accountType: "CHECKING" | "SAVINGS";
      nameOnAccount?: string;
    };

export type TokenizeResult =
  | {
      ok: true;
      token: string;
      kind: "CARD" | "ACH";
      brand: CardBrand | "";
      last4: string;
      expiration: string;
      accountType: "CHECKING" | "SAVINGS" | null;
      expiresInSeconds: number;
    }
  | { ok: false; error: string; field: string };

/** Turns card or bank details into a short-lived token. The number itself is dropped here. */
export function sandboxTokenize(input: TokenizeInput, now = clock.now()): TokenizeResult {
  sweep(now.getTime());
  const name = (input.nameOnAccount ?? "").trim().slice(0, 100);
  let details: StoredToken;
  if (input.kind === "CARD") {
    const number = digitsOnly(String(input.number ?? ""));
    if (!luhnValid(number)) return { ok: false, error: "Enter a valid card number.", field: "number" };
    const expiration = normalizeExpiration(String(input.expiration ?? ""));
    if (!expiration) return { ok: false, error: "Enter the expiration date as MM/YY.", field: "expiration" };
    if (!expirationValid(expiration, now)) return { ok: false, error: "This card has expired.", field: "expiration" };
    if (!/^\d{3,4}$/.test(String(input.cvv ?? "").trim()))
      return { ok: false, error: "Enter the 3 or 4 digit security code.", field: "cvv" };
    details = {
      kind: "CARD",
      brand: cardBrand(number),
      last4: number.slice(-4),
      length: number.length,
      expiration,
      accountType: null,
      nameOnAccount: name,
      behavior: cardBehavior(number),
      expiresAt: now.getTime() + TOKEN_TTL_MS,
    };
  } else if (input.kind === "ACH") {
    const routing = digitsOnly(String(input.routingNumber ?? ""));
    if (!routingNumberValid(routing))
      return { ok: false, error: "Enter a valid 9-digit routing number.", field: "routingNumber" };
    const account = digitsOnly(String(input.accountNumber ?? ""));
    if (!/^\d{4,17}$/.test(account))
      return { ok: false, error: "Enter the account number (4 to 17 digits).", field: "accountNumber" };
    if (input.accountType !== "CHECKING" && input.accountType !== "SAVINGS")
      return { ok: false, error: "Choose checking or savings.", field: "accountType" };
    details = {
      kind: "ACH",
      brand: "",
      last4: account.slice(-4),
      length: account.length,
      expiration: "",
      accountType: input.accountType,
      nameOnAccount: name,
      behavior: achBehavior(account),
      expiresAt: now.getTime() + TOKEN_TTL_MS,
    };
  } else {
    return { ok: false, error: "Choose a card or a bank account.", field: "kind" };
  }
  const token = `sbt_${randomBytes(18).toString("base64url")}`;
  tokens.set(token, details);
  return {
    ok: true,
    token,
    kind: details.kind,
    brand: details.brand,
    last4: details.last4,
    expiration: details.expiration,
    accountType: details.accountType,
    expiresInSeconds: TOKEN_TTL_MS / 1000,
  };
}

/**
 * POST /sandbox-gateway/tokenize (JSON in, JSON out): what Collect.js is to NMI. Mounted by the
 * server in front of the web app; the body is never logged.
 */
export async function handleSandboxGatewayRequest(req: Request): Promise<Response> {
  const headers = { "content-type": "application/json", "cache-control": "no-store" };
  const url = new URL(req.url);
  if (url.pathname !== "/sandbox-gateway/tokenize")
    return new Response(JSON.stringify({ error: "Not found" }), { status: 404, headers });
  if (req.method !== "POST")
    return new Response(JSON.stringify({ error: "Use POST." }), {
      status: 405,
      headers: { ...headers, allow: "POST" },
    });
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > 10_000) return new Response(JSON.stringify({ error: "Request too large." }), { status: 413, headers });
  let body: TokenizeInput;
  try {
    const text = await req.text();
    if (text.length > 10_000)
      return new Response(JSON.stringify({ error: "Request too large." }), { status: 413, headers });
    body = JSON.parse(text);
  } catch {
    return new Response(JSON.stringify({ error: "Send the card or bank details as JSON." }), { status: 400, headers });
  }
  const result = sandboxTokenize(body ?? ({} as TokenizeInput));
  if (!result.ok)
    return new Response(JSON.stringify({ error: result.error, field: result.field }), { status: 400, headers });
  const { ok: _ok, ...rest } = result;
  return new Response(JSON.stringify(rest), { status: 200, headers });
}

const approved = (extra: Partial<GatewayResponse> = {}): GatewayResponse => ({
  ...emptyResponse,
  result: "SUCCESS",
  responseText: "SUCCESS",
  responseCode: "100",
  ...extra,
});

const failure = (responseText: string, responseCode = "300"): GatewayResponse => ({
  ...emptyResponse,
  result: "FAILURE",
  responseText,
  responseCode,
});

const newTransactionId = () => `sbx_${randomBytes(8).toString("hex")}`;
const authCode = () => String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));

export class SandboxGateway implements PaymentGateway {
  readonly name = "SANDBOX" as const;
  constructor(private prisma: PrismaClient) {}

  async describeToken(token: string): Promise<TokenDetails | null> {
    sweep();
    const t = tokens.get(token);
    if (!t) return null;
    const { behavior: _b, expiresAt: _e, ...details } = t;
    return details;
  }

  private takeToken(token: string): StoredToken | null {
    sweep();
    const t = tokens.get(token) ?? null;
    tokens.delete(token); // single use, like Collect.js tokens
    return t;
  }

  private async storeInVault(t: StoredToken): Promise<string> {
    const entry = await this.prisma.sandboxVaultEntry.create({
      data: { kind: t.kind, brand: t.brand, last4: t.last4, expiration: t.expiration, behavior: t.behavior },
    });
    return entry.id;
  }

  async sale(request: Parameters<PaymentGateway["sale"]>[0]): Promise<GatewayResponse> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) return failure("Invalid amount");
    let behavior: SandboxBehavior;
    let kind: "CARD" | "ACH";
    let expiration = "";
    let token: StoredToken | null = null;
    if ("token" in request.source) {
      token = this.takeToken(request.source.token);
      if (!token) return failure("Invalid payment token: enter the payment details again");
      behavior = token.behavior;
      kind = token.kind;
      expiration = token.expiration;
    } else {
      const entry = await this.prisma.sandboxVaultEntry.findUnique({ where: { id: request.source.vaultId } });
      if (!entry) return failure("Invalid Customer Vault Id");
      behavior = entry.behavior as SandboxBehavior;
      kind = entry.kind === "ACH" ? "ACH" : "CARD";
      expiration = entry.expiration;
    }
    if (kind === "CARD" && expiration && !expirationValid(expiration))
      return { ...emptyResponse, result: "DECLINED", responseText: "Expired Card", responseCode: "223" };
    if (behavior === "ERROR") return failure(SANDBOX_ERROR_TEXT, "400");
    if (behavior === "DECLINE")
      return {
        ...emptyResponse,
        result: "DECLINED",
        responseText: kind === "CARD" ? SANDBOX_DECLINE_CARD : SANDBOX_DECLINE_ACH,
        responseCode: kind === "CARD" ? "200" : "250",
        transactionId: newTransactionId(),
        avsResult: kind === "CARD" ? "N" : "",
        cvvResult: kind === "CARD" && token ? "M" : "",
      };
    let vaultId = "vaultId" in request.source ? request.source.vaultId : "";
    if (token && request.saveToVault) vaultId = await this.storeInVault(token);
    return approved({
      authCode: authCode(),
      transactionId: newTransactionId(),
      avsResult: kind === "CARD" ? "Y" : "",
      cvvResult: kind === "CARD" && token ? "M" : "",
      vaultId,
    });
  }

  async void(transactionId: string): Promise<GatewayResponse> {
    if (!/^sbx_[0-9a-f]{16}$/.test(transactionId)) return failure("Transaction not found");
    if (voided.has(transactionId)) return failure("Transaction already voided");
    if (refunded.has(transactionId)) return failure("A refunded transaction cannot be voided");
    voided.add(transactionId);
    return approved({ transactionId });
  }

  async refund(transactionId: string, amountCents?: number): Promise<GatewayResponse> {
    if (!/^sbx_[0-9a-f]{16}$/.test(transactionId)) return failure("Transaction not found");
    if (voided.has(transactionId)) return failure("A voided transaction cannot be refunded");
    if (amountCents !== undefined && (!Number.isInteger(amountCents) || amountCents <= 0))
      return failure("Invalid amount");
    refunded.set(transactionId, (refunded.get(transactionId) ?? 0) + (amountCents ?? 0));
    return approved({ transactionId: newTransactionId(), authCode: authCode() });
  }

  async vaultAdd(token: string): Promise<GatewayResponse> {
    const t = this.takeToken(token);
    if (!t) return failure("Invalid payment token: enter the payment details again");
    const vaultId = await this.storeInVault(t);
    return approved({ responseText: "Customer Added", vaultId });
  }

  async vaultUpdate(vaultId: string, change: { expiration: string }): Promise<GatewayResponse> {
    const entry = await this.prisma.sandboxVaultEntry.findUnique({ where: { id: vaultId } });
    if (!entry) return failure("Invalid Customer Vault Id");
    await this.prisma.sandboxVaultEntry.update({ where: { id: vaultId }, data: { expiration: change.expiration } });
    return approved({ responseText: "Customer Update Successful", vaultId });
  }

  async vaultDelete(vaultId: string): Promise<GatewayResponse> {
    const deleted = await this.prisma.sandboxVaultEntry.deleteMany({ where: { id: vaultId } });
    if (!deleted.count) return failure("Invalid Customer Vault Id");
    return approved({ responseText: "Customer Deleted", vaultId });
  }
}
