// Prices and tax of delivery lines, in integer cents. See docs/decisions/0201-delivery-pricing-and-tax.md.

export type PriceSource = {
  retailPriceCents: number;
  salePriceCents: number | null;
};

export type UnitPrice = {
  unitPriceCents: number;
  /** The price before a sale (the address's agreed price, else the catalog's retail price). */
  regularPriceCents: number;
  onSale: boolean;
};

/**
 * The unit price of a catalog item at a service address: the address's agreed price when it has one,
 * else the catalog's retail price; the catalog's sale price replaces it only when lower.
 */
export function unitPriceFor(item: PriceSource, addressPriceCents: number | null | undefined): UnitPrice {
  const regular = addressPriceCents ?? item.retailPriceCents;
  if (item.salePriceCents !== null && item.salePriceCents < regular)
    return { unitPriceCents: item.salePriceCents, regularPriceCents: regular, onSale: true };
  return { unitPriceCents: regular, regularPriceCents: regular, onSale: false };
}

/** Sales tax of one line, rounded to the cent per line (half up). */
export function lineTaxCents(amountCents: number, taxable: boolean, rateBasisPoints: number): number {
  if (!taxable || rateBasisPoints <= 0 || amountCents <= 0) return 0;
  return Math.round((amountCents * rateBasisPoints) / 10_000);
}

export type PricedLine = { amountCents: number; taxCents: number };

export function totals(lines: readonly PricedLine[]) {
  const subtotal = lines.reduce((s, l) => s + l.amountCents, 0);
  const tax = lines.reduce((s, l) => s + l.taxCents, 0);
  return { subtotal, tax, total: subtotal + tax };
}
