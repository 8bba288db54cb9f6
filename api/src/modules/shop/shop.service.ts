// The customer side of the shop, one operation group per file: the storefront's products and stock
// (shop.catalogue.ts), the shopping cart kept under a random id from the browser (shop.cart.ts), the
// cost of an order (shop.checkout.ts), placing it: one charge, then the online order and its work
// order in one transaction (shop.place-order.ts, shop.write-order.ts), and the order history
// (shop.orders.ts). Everything goes through ctx.db, so another branch's products, carts and orders
// read as not found. The schema (shop.schema.ts) reads them all from here.
export * from "./shop.cart.ts";
export * from "./shop.catalogue.ts";
export * from "./shop.checkout.ts";
export * from "./shop.common.ts";
export * from "./shop.orders.ts";
export * from "./shop.place-order.ts";
export * from "./shop.write-order.ts";
