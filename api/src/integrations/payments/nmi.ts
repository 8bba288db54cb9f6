import { log } from "../../log.ts";
import { CARD_BRANDS, type CardBrand, normalizeExpiration } from "./card-data.ts";
import { emptyResponse, type GatewayResponse, type PaymentGateway, type TokenDetails } from "./types.ts";

// NMI through its Direct Post API: one form-encoded POST per operation to transact.php, answered
// form-encoded with response=1 (approved), 2 (declined) or 3 (error), responsetext, authcode,
// transactionid, avsresponse, cvvresponse, response_code and customer_vault_id. Card data never
// passes through here: the browser tokenizes it with Collect.js and we send the payment_token, or a
// customer_vault_id for saved methods. Request bodies hold the security key and are never logged.

export const NMI_DEFAULT_URL = "https://secure.nmi.com/api/transact.php";

/**
 * Collect.js gives the browser a token plus the card's masked number, type and expiration. The web
 * appends those display details to the token ("<token>~<base64url JSON>") so the server can label the
 * saved method without a second call; they are shown to the customer only, never trusted for money.
 */
export function encodeNmiToken(collectToken: string, details: TokenDetails): string {
  return `${collectToken}~${Buffer.from(JSON.stringify(details)).toString("base64url")}`;
}

export function decodeNmiToken(token: string): { collectToken: string; details: TokenDetails } | null {
  const at = token.indexOf("~");
  if (at <= 0) return null;
  const collectToken = token.slice(0, at);
  if (!/^[A-Za-z0-9_-]{8,200}$/.test(collectToken)) return null;
  try {
    const raw = JSON.parse(Buffer.from(token.slice(at + 1), "base64url").toString("utf8")) as Partial<TokenDetails>;
    const kind = raw.kind === "ACH" ? "ACH" : raw.kind === "CARD" ? "CARD" : null;
    const last4 = String(raw.last4 ?? "");
    if (!kind || !/^\d{4}$/.test(last4)) return null;
    const brand: CardBrand | "" =
      kind === "CARD"
        ? (CARD_BRANDS as readonly string[]).includes(String(raw.brand))
          ? (raw.brand as CardBrand)
          : "OTHER"
        : "";
    const length = Number(raw.length);
    return {
      collectToken,
      details: {
        kind,
        brand,
        last4,
        length: Number.isInteger(length) && length >= 4 && length <= 19 ? length : kind === "CARD" ? 16 : 10,
        expiration: kind === "CARD" ? (normalizeExpiration(String(raw.expiration ?? "")) ?? "") : "",
        accountType: kind === "ACH" ? (raw.accountType === "SAVINGS" ? "SAVINGS" : "CHECKING") : null,
        nameOnAccount: String(raw.nameOnAccount ?? "").slice(0, 100),
      },
    };
  } catch {
    return null;
  }
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Parses NMI's form-encoded answer. */
export function parseNmiResponse(body: string): GatewayResponse {
  const p = new URLSearchParams(body.trim());
  const code = p.get("response");
  return {
    result: code === "1" ? "SUCCESS" : code === "2" ? "DECLINED" : "FAILURE",
    responseText: p.get("responsetext") ?? (code ? "" : "Unreadable answer from the payment gateway"),
    authCode: p.get("authcode") ?? "",
    transactionId: p.get("transactionid") ?? "",
    avsResult: p.get("avsresponse") ?? "",
    cvvResult: p.get("cvvresponse") ?? "",
    responseCode: p.get("response_code") ?? "",
    vaultId: p.get("customer_vault_id") ?? "",
  };
}

export class NmiGateway implements PaymentGateway {
  readonly name = "NMI" as const;
  constructor(private opts: { url: string; securityKey: string; timeoutMs?: number }) {}

  private async post(params: Record<string, string | undefined>): Promise<GatewayResponse> {
    const body = new URLSearchParams({ security_key: this.opts.securityKey });
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") body.set(k, v);
    let res: Response;
    try {
      res = await fetch(this.opts.url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/plain" },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      log.warn("payment gateway unreachable", {
        gateway: "NMI",
        operation: params.type ?? params.customer_vault,
        timedOut,
      });
      return {
        ...emptyResponse,
        responseText: timedOut
          ? "The payment gateway did not answer in time"
          : "The payment gateway could not be reached",
      };
    }
    const text = await res.text();
    if (!res.ok) {
      log.warn("payment gateway error status", { gateway: "NMI", status: res.status });
      return { ...emptyResponse, responseText: `The payment gateway answered with HTTP ${res.status}` };
    }
    return parseNmiResponse(text);
  }

  async describeToken(token: string): Promise<TokenDetails | null> {
    return decodeNmiToken(token)?.details ?? null;
  }

  private collectToken(token: string): string {
    return decodeNmiToken(token)?.collectToken ?? token;
  }

  sale(request: Parameters<PaymentGateway["sale"]>[0]): Promise<GatewayResponse> {
    const ach = request.kind === "ACH";
    return this.post({
      type: "sale",
      amount: dollars(request.amountCents),
      ...("token" in request.source
        ? { payment_token: this.collectToken(request.source.token) }
        : { customer_vault_id: request.source.vaultId }),
      payment: ach ? "check" : undefined,
      sec_code: ach ? "WEB" : undefined,
      customer_vault: "token" in request.source && request.saveToVault ? "add_customer" : undefined,
      orderid: request.orderId,
      order_description: request.description,
    });
  }

  void(transactionId: string): Promise<GatewayResponse> {
    return this.post({ type: "void", transactionid: transactionId });
  }

  refund(transactionId: string, amountCents?: number): Promise<GatewayResponse> {
    return this.post({
      type: "refund",
      transactionid: transactionId,
      amount: amountCents === undefined ? undefined : dollars(amountCents),
    });
  }

  vaultAdd(token: string, kind: "CARD" | "ACH"): Promise<GatewayResponse> {
    return this.post({
      customer_vault: "add_customer",
      payment_token: this.collectToken(token),
      payment: kind === "ACH" ? "check" : undefined,
    });
  }

  async vaultUpdate(vaultId: string, change: { expiration: string }): Promise<GatewayResponse> {
    const r = await this.post({
      customer_vault: "update_customer",
      customer_vault_id: vaultId,
      ccexp: change.expiration,
    });
    return { ...r, vaultId: r.vaultId || vaultId };
  }

  async vaultDelete(vaultId: string): Promise<GatewayResponse> {
    const r = await this.post({ customer_vault: "delete_customer", customer_vault_id: vaultId });
    return { ...r, vaultId: r.vaultId || vaultId };
  }
}
