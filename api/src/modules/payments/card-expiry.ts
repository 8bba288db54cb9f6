import { raiseOnce } from "../../events/once.ts";
import type { Context } from "../../runtime.ts";

// AUTOPAY_CARD_EXPIRING: a customer whose automatic payments use a card that expires within 30 days
// of the branch's today (a card is good through the last day of its MMYY month). Raised once per card
// and expiry (events/once.ts): a card replaced by one with a new expiry is raised again when that one
// comes near.

export const CARD_EXPIRY_NOTICE_DAYS = 30;

/** The last day a card of "MMYY" is good (YYYY-MM-DD); null when the text is not a month and year. */
export function cardLastDay(expiration: string): string | null {
  const m = /^(\d{2})(\d{2})$/.exec(expiration.trim());
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(2000 + Number(m[2]), month, 0));
  return last.toISOString().slice(0, 10);
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Raises the event for every autopay card of the branch expiring from `today` to 30 days on; how many were raised now. */
export async function raiseExpiringAutopayCards(ctx: Context, today: string): Promise<number> {
  const horizon = plusDays(today, CARD_EXPIRY_NOTICE_DAYS);
  const autoPays = await ctx.db.autoPay.findMany({
    where: { customer: { status: { in: ["ACTIVE", "PROSPECT"] } } },
    select: { customerId: true, paymentAccountId: true },
    orderBy: { customerId: "asc" },
  });
  if (!autoPays.length) return 0;
  const cards = await ctx.db.paymentAccount.findMany({
    where: { id: { in: autoPays.map((a) => a.paymentAccountId) }, kind: "CARD", inactive: false },
    select: { id: true, customerId: true, expiration: true },
  });
  let raised = 0;
  for (const card of cards) {
    const last = cardLastDay(card.expiration);
    if (!last || last < today || last > horizon) continue;
    const now = await raiseOnce(
      ctx,
      "AUTOPAY_CARD_EXPIRING",
      { tableId: "CUSTOMER", entityId: card.customerId },
      { entityId: card.customerId, key: `${card.id}:${card.expiration}` },
    );
    if (now) raised++;
  }
  return raised;
}
