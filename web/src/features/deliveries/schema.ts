import { z } from "zod";

// The New / Edit delivery form. The server checks the same rules (docs/decisions/0202); these messages
// match its own.

export const messages = {
  date: "Choose a delivery date.",
  quantity: "Quantities must be whole numbers from 0 to 99.",
  noItems: "Choose at least one item to deliver.",
  poRequired: "A purchase order number is required for this account.",
  poTooLong: "Purchase order numbers are at most 30 characters.",
} as const;

export function deliveryFormSchema(opts: { purchaseOrderRequired: boolean }) {
  return z.object({
    scheduled: z.string().min(1, messages.date),
    items: z
      .array(
        z.object({
          catalogItemId: z.string(),
          quantity: z
            .string()
            .trim()
            .regex(/^\d{1,2}$/, messages.quantity),
        }),
      )
      .refine((items) => items.some((i) => Number(i.quantity) > 0), { message: messages.noItems }),
    purchaseOrder: z
      .string()
      .trim()
      .max(30, messages.poTooLong)
      .refine((v) => !opts.purchaseOrderRequired || v.length > 0, { message: messages.poRequired }),
  });
}

export type DeliveryFormValues = z.input<ReturnType<typeof deliveryFormSchema>>;

/** A quantity as typed, as a whole number (0 when it isn't one). */
export function quantityOf(text: string | undefined): number {
  const t = (text ?? "").trim();
  return /^\d{1,2}$/.test(t) ? Number(t) : 0;
}

/** Sales tax of one line, rounded to the cent per line, as the server does (docs/decisions/0201). */
export function lineTax(amountCents: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0 || amountCents <= 0) return 0;
  return Math.round((amountCents * rateBasisPoints) / 10_000);
}

export function sumTotals(lines: readonly { amount: number; tax: number }[]) {
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const tax = lines.reduce((s, l) => s + l.tax, 0);
  return { subtotal, tax, total: subtotal + tax };
}
