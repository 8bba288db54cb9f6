import type { CardBrand } from "./card-data.ts";

// Types shared by the payment gateways (see gateway.ts).

export type GatewayOutcome = "SUCCESS" | "DECLINED" | "FAILURE";

/** One gateway answer, in NMI's vocabulary (response 1/2/3 -> SUCCESS/DECLINED/FAILURE). */
export type GatewayResponse = {
  result: GatewayOutcome;
  responseText: string;
  authCode: string;
  transactionId: string;
  avsResult: string;
  cvvResult: string;
  responseCode: string;
  /** customer_vault_id when the request created or named one. */
  vaultId: string;
};

/** What may be shown about a tokenized card or bank account (never the number itself). */
export type TokenDetails = {
  kind: "CARD" | "ACH";
  brand: CardBrand | "";
  last4: string;
  /** Digits in the full number, for masking like "************1111". */
  length: number;
  expiration: string; // MMYY for cards, "" for bank accounts
  accountType: "CHECKING" | "SAVINGS" | null;
  nameOnAccount: string;
};

export type PaymentSource = { token: string } | { vaultId: string };

export interface PaymentGateway {
  readonly name: "SANDBOX" | "NMI";
  /** Brand, last four and expiration of a browser-made token; null when unknown or expired. */
  describeToken(token: string): Promise<TokenDetails | null>;
  /** Charge; with `saveToVault` an approved sale also stores the method (response vaultId). */
  sale(request: {
    amountCents: number;
    source: PaymentSource;
    kind: "CARD" | "ACH";
    saveToVault?: boolean;
    orderId?: string;
    description?: string;
  }): Promise<GatewayResponse>;
  void(transactionId: string): Promise<GatewayResponse>;
  refund(transactionId: string, amountCents?: number): Promise<GatewayResponse>;
  vaultAdd(token: string, kind: "CARD" | "ACH"): Promise<GatewayResponse>;
  vaultUpdate(vaultId: string, change: { expiration: string }): Promise<GatewayResponse>;
  vaultDelete(vaultId: string): Promise<GatewayResponse>;
}

export const emptyResponse: GatewayResponse = {
  result: "FAILURE",
  responseText: "",
  authCode: "",
  transactionId: "",
  avsResult: "",
  cvvResult: "",
  responseCode: "",
  vaultId: "",
};
