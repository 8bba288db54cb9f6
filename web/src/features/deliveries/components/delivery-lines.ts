import type { FieldErrors } from "react-hook-form";
import type { DeliveryWorkOrder, OfferedItem } from "../api";
import { type DeliveryFormValues, lineTax, quantityOf } from "../schema";

// The lines of the delivery form: the items the customer may set, each with its price and tax.

export type Row = {
  catalogItemId: string;
  name: string;
  unitPrice: number;
  regularPrice: number;
  onSale: boolean;
  taxRateBasisPoints: number;
  canHaveQuantity: boolean;
  defaultQuantity: number;
};

/** A row with what the customer chose: its quantity, amount and tax (cents). */
export type PricedRow = { row: Row; quantity: number; amount: number; tax: number };

/** A line the customer cannot change (added by the office). */
export type FixedLine = DeliveryWorkOrder["billingItems"][number];

/** The rows the customer may set: the address's items, plus items already on the order being changed. */
export function buildRows(items: OfferedItem[], order?: DeliveryWorkOrder): Row[] {
  const rows: Row[] = items.map((i) => ({ ...i }));
  const taxRate = items.find((i) => i.taxRateBasisPoints > 0)?.taxRateBasisPoints ?? 0;
  for (const line of order?.billingItems ?? []) {
    if (!line.canEdit || !line.catalogItemId || rows.some((r) => r.catalogItemId === line.catalogItemId)) continue;
    rows.push({
      catalogItemId: line.catalogItemId,
      name: line.name,
      unitPrice: line.unitPrice,
      regularPrice: line.unitPrice,
      onSale: false,
      taxRateBasisPoints: line.tax > 0 ? taxRate : 0,
      canHaveQuantity: line.canHaveQuantity,
      defaultQuantity: 0,
    });
  }
  return rows;
}

/** Each row priced at the quantity typed (an unreadable quantity counts as none). */
export function priceRows(rows: Row[], quantities: (string | undefined)[]): PricedRow[] {
  return rows.map((row, i) => {
    const quantity = quantityOf(quantities[i]);
    const amount = quantity * row.unitPrice;
    return { row, quantity, amount, tax: lineTax(amount, row.taxRateBasisPoints) };
  });
}

/** "Tax (8.25%)", or "Tax" when no item is taxed. */
export function taxLabelFor(rows: Row[]): string {
  const taxRate = rows.find((r) => r.taxRateBasisPoints > 0)?.taxRateBasisPoints ?? 0;
  return taxRate ? `Tax (${(taxRate / 100).toFixed(2).replace(/\.?0+$/, "")}%)` : "Tax";
}

/** The items' own error (e.g. "choose at least one item"), not a row's. */
export function itemsErrorOf(errors: FieldErrors<DeliveryFormValues>): string | undefined {
  const items = errors.items as
    | (FieldErrors<DeliveryFormValues>["items"] & { root?: { message?: string } })
    | undefined;
  return items?.message ?? items?.root?.message;
}
