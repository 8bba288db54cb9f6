import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../src/generated/prisma/client.ts";
import type { ProductListingStatus } from "../../src/generated/prisma/enums.ts";

export type CatalogueItemOptions = {
  partNumber?: string;
  description?: string;
  retailPriceCents?: number;
  salePriceCents?: number;
  ecommerceStatus?: ProductListingStatus;
  eCommerceTitle?: string;
};

/** A catalogue item of the branch with a unique part number (not listed in the shop unless asked). */
export async function makeCatalogueItem(prisma: PrismaClient, branchId: string, opts: CatalogueItemOptions = {}) {
  return prisma.catalogItem.create({
    data: {
      branchId,
      partNumber: opts.partNumber ?? `P-${randomBytes(3).toString("hex")}`,
      description: opts.description ?? "Test item",
      retailPriceCents: opts.retailPriceCents ?? 1000,
      salePriceCents: opts.salePriceCents,
      ecommerceStatus: opts.ecommerceStatus,
      eCommerceTitle: opts.eCommerceTitle,
    },
  });
}
