// Turning card or bank details into a gateway token in the browser. Sandbox: POST to our server's
// sandbox tokenizer (the number never reaches /graphql). NMI: Collect.js with the branch's key; its
// hosted fields keep the number out of our page entirely. Either way the API only sees a token.

import { brandLabels, type CardBrand, cardBrand } from "@shared/card-checks.ts";

export { brandLabels, type CardBrand };

export type TokenizedMethod = {
  token: string;
  kind: "CARD" | "ACH";
  brand: CardBrand | "";
  last4: string;
  expiration: string;
  accountType: "CHECKING" | "SAVINGS" | null;
  /** "Visa ****1111", "Checking ****0000". */
  label: string;
};

export class TokenizeError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The brand of a card number as typed. */
export const cardBrandOf = (number: string): CardBrand => cardBrand(number.replace(/\D/g, ""));

export function labelFor(m: Pick<TokenizedMethod, "kind" | "brand" | "last4" | "accountType">): string {
  if (m.kind === "CARD") return `${brandLabels[m.brand || "OTHER"] ?? "Card"} ****${m.last4}`;
  return `${m.accountType === "SAVINGS" ? "Savings" : "Checking"} ****${m.last4}`;
}

export type CardInput = { kind: "CARD"; number: string; expiration: string; cvv: string; nameOnAccount: string };
export type BankInput = {
  kind: "ACH";
  routingNumber: string;
  accountNumber: string;
  accountType: "CHECKING" | "SAVINGS";
  nameOnAccount: string;
};

/** Sandbox mode: our server's tokenizer. Throws TokenizeError with the field at fault. */
export async function sandboxTokenize(input: CardInput | BankInput): Promise<TokenizedMethod> {
  let res: Response;
  try {
    res = await fetch("/sandbox-gateway/tokenize", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
      credentials: "omit",
    });
  } catch {
    throw new TokenizeError("The payment service could not be reached. Check your connection and try again.");
  }
  const body = (await res.json().catch(() => ({}))) as Partial<TokenizedMethod> & { error?: string; field?: string };
  if (!res.ok || !body.token)
    throw new TokenizeError(body.error ?? `The card could not be checked (${res.status}).`, body.field);
  const m = {
    token: body.token,
    kind: body.kind === "ACH" ? "ACH" : "CARD",
    brand: (body.brand ?? "") as CardBrand | "",
    last4: body.last4 ?? "",
    expiration: body.expiration ?? "",
    accountType: body.accountType ?? null,
  } as const;
  return { ...m, label: labelFor(m) };
}

// ───────────── NMI Collect.js ─────────────

type CollectResponse = {
  token: string;
  card?: { number?: string | null; exp?: string | null; type?: string | null };
  check?: { name?: string | null; account?: string | null; aba?: string | null };
};

type CollectJs = {
  configure(options: Record<string, unknown>): void;
  startPaymentRequest(): void;
};

declare global {
  interface Window {
    CollectJS?: CollectJs;
  }
}

let scriptLoad: Promise<void> | null = null;

/** Loads Collect.js once with the branch's public tokenization key. */
export function loadCollectJs(url: string, key: string): Promise<void> {
  if (window.CollectJS) return Promise.resolve();
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.dataset.tokenizationKey = key;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoad = null;
      reject(new TokenizeError("The secure payment form could not be loaded. Please try again later."));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

const collectBrand = (t: string | null | undefined): CardBrand => {
  const s = (t ?? "").toLowerCase();
  if (s === "visa") return "VISA";
  if (s === "mastercard" || s === "mc") return "MASTERCARD";
  if (s === "amex" || s === "americanexpress") return "AMEX";
  if (s === "discover") return "DISCOVER";
  return "OTHER";
};

function toBase64Url(s: string) {
  let binary = "";
  for (const byte of new TextEncoder().encode(s)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Mounts Collect.js inline fields into the given selectors and returns a function that tokenizes
 * what the customer typed. The token sent to our API carries the display details Collect.js reported
 * ("<token>~<base64url JSON>", see docs/decisions/0151-payment-gateway-choice.md).
 */
export function configureCollectJs(opts: {
  kind: "CARD" | "ACH";
  selectors: Record<string, string>;
  accountType: () => "CHECKING" | "SAVINGS";
  nameOnAccount: () => string;
  onFieldValidation?: (field: string, valid: boolean, message: string) => void;
}): () => Promise<TokenizedMethod> {
  let pending: { resolve(m: TokenizedMethod): void; reject(e: Error): void } | null = null;
  const fields: Record<string, { selector: string }> = {};
  for (const [name, selector] of Object.entries(opts.selectors)) fields[name] = { selector };
  window.CollectJS!.configure({
    variant: "inline",
    paymentType: opts.kind === "CARD" ? "cc" : "ck",
    fields,
    timeoutDuration: 15000,
    timeoutCallback: () =>
      pending?.reject(new TokenizeError("The secure payment form did not answer. Please try again.")),
    validationCallback: (field: string, valid: boolean, message: string) =>
      opts.onFieldValidation?.(field, valid, message),
    callback: (r: CollectResponse) => {
      const digits = (s: string | null | undefined) => (s ?? "").replace(/\D/g, "");
      const details =
        opts.kind === "CARD"
          ? {
              kind: "CARD" as const,
              brand: collectBrand(r.card?.type),
              last4: digits(r.card?.number).slice(-4),
              length: (r.card?.number ?? "").replace(/\s/g, "").length || 16,
              expiration: digits(r.card?.exp).slice(0, 2) + digits(r.card?.exp).slice(-2),
              accountType: null,
              nameOnAccount: opts.nameOnAccount(),
            }
          : {
              kind: "ACH" as const,
              brand: "" as const,
              last4: digits(r.check?.account).slice(-4),
              length: (r.check?.account ?? "").length || 10,
              expiration: "",
              accountType: opts.accountType(),
              nameOnAccount: r.check?.name ?? opts.nameOnAccount(),
            };
      const token = `${r.token}~${toBase64Url(JSON.stringify(details))}`;
      pending?.resolve({ ...details, token, label: labelFor(details) });
      pending = null;
    },
  });
  return () =>
    new Promise<TokenizedMethod>((resolve, reject) => {
      pending = { resolve, reject };
      window.CollectJS!.startPaymentRequest();
    });
}
