// Shop pricing: pure functions, no database. Money is integer cents.
//
// - The price of a product is its sale price when that is lower than the unit (retail) price
//   (a sale price at or above the retail price is ignored), else the unit price.
// - Sales tax is computed per line at the branch rate (basis points: 825 = 8.25%) on taxable items and
//   rounded half up to the cent; the order's tax is the sum of its lines' taxes.
// - Shipping is a flat amount per order (StorefrontConfig.shippingCents), taxed at the branch rate when
//   the storefront says shipping is taxable. An empty cart has no shipping.

export type PricedItem = { retailPriceCents: number; salePriceCents: number | null };

/** The sale price only when it is lower than the unit price. */
export function effectiveSalePrice(item: PricedItem): number | null {
  return item.salePriceCents !== null && item.salePriceCents >= 0 && item.salePriceCents < item.retailPriceCents
    ? item.salePriceCents
    : null;
}

/** What one unit costs. */
export function unitPriceOf(item: PricedItem): number {
  return effectiveSalePrice(item) ?? item.retailPriceCents;
}

/** Tax on an amount at a rate in basis points, rounded half up to the cent. */
export function taxOn(amountCents: number, taxable: boolean, taxBasisPoints: number): number {
  if (!taxable || taxBasisPoints <= 0 || amountCents <= 0) return 0;
  return Math.floor((amountCents * taxBasisPoints) / 10_000 + 0.5);
}

export type CostLineInput = { itemId: string; title: string; quantity: number; price: number; taxable: boolean };
export type CostLine = CostLineInput & { amount: number; tax: number };

export type OrderCost = {
  items: CostLine[];
  /** Sum of the lines' amounts, before tax. */
  products: number;
  /** Sum of the lines' taxes. */
  tax: number;
  shipping: number;
  shippingTax: number;
  total: number;
};

export function computeOrderCost(
  lines: CostLineInput[],
  opts: { taxBasisPoints: number; shippingCents: number; shippingTaxable: boolean },
): OrderCost {
  const items = lines.map((l) => {
    const amount = l.quantity * l.price;
    return { ...l, amount, tax: taxOn(amount, l.taxable, opts.taxBasisPoints) };
  });
  const products = items.reduce((s, l) => s + l.amount, 0);
  const tax = items.reduce((s, l) => s + l.tax, 0);
  const shipping = items.length > 0 ? Math.max(0, opts.shippingCents) : 0;
  const shippingTax = taxOn(shipping, opts.shippingTaxable, opts.taxBasisPoints);
  return { items, products, tax, shipping, shippingTax, total: products + tax + shipping + shippingTax };
}
