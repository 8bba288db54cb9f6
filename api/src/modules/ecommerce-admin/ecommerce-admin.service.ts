// The team's side of the shop, one operation group per file: storefront configuration, sale workflow
// and branch branding (ecommerce-admin.storefront.ts), pricing plans (ecommerce-admin.pricing-plans.ts),
// open carts and online orders (ecommerce-admin.orders.ts), and the carts-and-sales analytics
// (ecommerce-admin.analytics.ts). The storefront itself (modules/shop) reads the same rows:
// StorefrontConfig, Branch branding fields, CatalogItem.
export * from "./ecommerce-admin.analytics.ts";
export * from "./ecommerce-admin.orders.ts";
export * from "./ecommerce-admin.pricing-plans.ts";
export * from "./ecommerce-admin.storefront.ts";
