import type { ScopedDb } from "../../db/scoped.ts";

/**
 * The customer's active saved method that is the same card or account as these details (same kind,
 * brand, account type, masked number and expiration): only the last digits are ever stored, so this is
 * how a second copy is recognised.
 */
export function savedTwin(
  db: Pick<ScopedDb, "paymentAccount">,
  customerId: string,
  d: {
    kind: "CARD" | "ACH";
    cardType: string;
    accountType: "CHECKING" | "SAVINGS" | null;
    masked: string;
    expiration: string;
  },
) {
  return db.paymentAccount.findFirst({
    where: {
      customerId,
      inactive: false,
      kind: d.kind,
      cardType: d.cardType,
      accountType: d.accountType,
      maskedAccountNumber: d.masked,
      expiration: d.expiration,
    },
  });
}
