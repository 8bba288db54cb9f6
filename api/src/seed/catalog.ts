import { type Rows, uuid } from "./rows.ts";

// The catalogue every demo branch sells: water, rentals, salt, filters, supplies and fees (prices in
// cents), written for one branch by addCatalog.

export type CatalogSpec = {
  part: string;
  description: string;
  price: number;
  taxable: boolean;
  listed?: boolean;
  canHaveQuantity?: boolean;
  shopDescription?: string;
};

const CATALOG: CatalogSpec[] = [
  {
    part: "5G-SPRING",
    description: "5 Gallon Spring Water",
    price: 1895,
    taxable: false,
    listed: true,
    shopDescription: "Natural spring water in a 5 gallon BPA-free bottle. Bottle deposit billed separately.",
  },
  {
    part: "5G-DISTILLED",
    description: "5 Gallon Distilled Water",
    price: 1995,
    taxable: false,
    listed: true,
    shopDescription: "Steam-distilled water, ideal for CPAP machines, humidifiers and aquariums.",
  },
  {
    part: "3G-SPRING",
    description: "3 Gallon Spring Water",
    price: 1395,
    taxable: false,
    listed: true,
    shopDescription: "Spring water in a lighter 3 gallon bottle, easier to lift.",
  },
  {
    part: "5G-ALKALINE",
    description: "5 Gallon Alkaline Water",
    price: 2295,
    taxable: false,
    listed: true,
    shopDescription: "Purified water with added electrolytes, pH 9.5.",
  },
  {
    part: "CASE-16OZ",
    description: "Spring Water 16.9 oz, Case of 24",
    price: 899,
    taxable: false,
    listed: true,
    shopDescription: "Twenty-four 16.9 oz bottles of spring water.",
  },
  { part: "BTL-DEPOSIT", description: "5 Gallon Bottle Deposit", price: 800, taxable: false },
  {
    part: "CUP-SLEEVE",
    description: "Cup Sleeve, 7 oz Paper Cups (50)",
    price: 395,
    taxable: true,
    listed: true,
    shopDescription: "A sleeve of fifty 7 oz paper cups for your cooler.",
  },
  {
    part: "DISP-HC-RENT",
    description: "Hot & Cold Dispenser Rental",
    price: 999,
    taxable: true,
    canHaveQuantity: false,
  },
  {
    part: "DISP-BL-RENT",
    description: "Bottom-Load Dispenser Rental",
    price: 1499,
    taxable: true,
    canHaveQuantity: false,
  },
  {
    part: "DISP-HC-SALE",
    description: "Hot & Cold Dispenser",
    price: 18900,
    taxable: true,
    listed: true,
    shopDescription: "Top-load hot and cold dispenser with child-safety hot tap.",
  },
  {
    part: "COFFEE-HOUSE",
    description: "Coffee, House Blend 2 lb",
    price: 2495,
    taxable: false,
    listed: true,
    shopDescription: "Medium roast whole-bean house blend from a local Texas roaster.",
  },
  {
    part: "COFFEE-FILTER",
    description: "Coffee Filters (500)",
    price: 795,
    taxable: true,
    listed: true,
    shopDescription: "Commercial basket coffee filters, 500 count.",
  },
  {
    part: "SALT-40",
    description: "Softener Salt 40 lb",
    price: 895,
    taxable: true,
    listed: true,
    shopDescription: "High-purity solar salt pellets for water softeners.",
  },
  {
    part: "SALT-KCL-40",
    description: "Potassium Chloride Softener Salt 40 lb",
    price: 2695,
    taxable: true,
    listed: true,
    shopDescription: "Sodium-free softener pellets.",
  },
  {
    part: "FLT-SED-10",
    description: "Sediment Filter 10 in.",
    price: 1295,
    taxable: true,
    listed: true,
    shopDescription: "5 micron sediment cartridge for standard 10 inch housings.",
  },
  {
    part: "FLT-CARB-10",
    description: "Carbon Block Filter 10 in.",
    price: 1695,
    taxable: true,
    listed: true,
    shopDescription: "Carbon block cartridge that reduces chlorine taste and odor.",
  },
  { part: "RO-MEMBRANE", description: "Reverse Osmosis Membrane 75 GPD", price: 5995, taxable: true },
  {
    part: "SANITIZE",
    description: "Dispenser Sanitization Service",
    price: 2500,
    taxable: true,
    canHaveQuantity: false,
  },
  {
    part: "FUEL-SURCHARGE",
    description: "Fuel & Delivery Surcharge",
    price: 299,
    taxable: false,
    canHaveQuantity: false,
  },
];

export type CatalogIndex = Map<string, { id: string; spec: CatalogSpec }>;

export function addCatalog(rows: Rows, branchId: string, parts?: string[]): CatalogIndex {
  const index: CatalogIndex = new Map();
  for (const spec of CATALOG) {
    if (parts && !parts.includes(spec.part)) continue;
    const id = uuid();
    index.set(spec.part, { id, spec });
    rows.catalog.push({
      id,
      branchId,
      partNumber: spec.part,
      description: spec.description,
      retailPriceCents: spec.price,
      salePriceCents: spec.part === "CASE-16OZ" ? 799 : null,
      taxable: spec.taxable,
      canHaveQuantity: spec.canHaveQuantity ?? true,
      ecommerceStatus: spec.listed ? "LISTED_AND_PURCHASABLE" : "NOT_LISTED",
      eCommerceTitle: spec.listed ? spec.description : "",
      eCommerceDescription: spec.shopDescription ?? "",
      createdAt: new Date("2024-01-08T15:00:00Z"),
    });
  }
  return index;
}
