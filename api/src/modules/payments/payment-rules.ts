import { AppError } from "../../errors.ts";
import type { Branch } from "../../generated/prisma/client.ts";
import { brandLabels } from "../../integrations/payments/card-data.ts";

// What a branch accepts: acceptedPaymentTypes (ACH_ONLY, BOTH, CARD_ONLY) and allowedCardTypes.
// Checked on every payment and every saved method, whatever the browser offered.

type BranchRules = Pick<Branch, "acceptedPaymentTypes" | "allowedCardTypes">;

export const allowAch = (b: BranchRules) => b.acceptedPaymentTypes !== "CARD_ONLY";
export const allowBankCard = (b: BranchRules) => b.acceptedPaymentTypes !== "ACH_ONLY";

export function assertAccepted(branch: BranchRules, kind: "CARD" | "ACH", cardType: string | null | undefined) {
  if (kind === "ACH" && !allowAch(branch))
    throw new AppError("BAD_USER_INPUT", "Bank account (ACH) payments are not accepted. Please use a card.");
  if (kind === "CARD") {
    if (!allowBankCard(branch))
      throw new AppError("BAD_USER_INPUT", "Card payments are not accepted. Please use a bank account.");
    const type = cardType || "OTHER";
    if (!branch.allowedCardTypes.includes(type)) {
      const accepted = branch.allowedCardTypes.map((t) => brandLabels[t] ?? t).join(", ");
      throw new AppError(
        "BAD_USER_INPUT",
        `${type === "OTHER" ? "This card type is" : `${brandLabels[type] ?? type} cards are`} not accepted. Accepted cards: ${accepted}.`,
      );
    }
  }
}
