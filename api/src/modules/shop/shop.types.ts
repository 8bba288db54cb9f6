import { builder } from "../../pothos/builder.ts";
import { ProductListingStatusEnum } from "../../pothos/enums.ts";
import type * as shop from "./shop.service.ts";

// The GraphQL types of the storefront (shop.schema.ts): banner and footer, products and stock, the
// shopping cart, an order's cost and the checkout options. Money is integer cents.

export const cents = (description: string) => ({ description: `${description} In cents.` });

export const ShopBannerAndFooterRef = builder
  .objectRef<{ bannerHtml: string; footerHtml: string }>("ShopBannerAndFooter")
  .implement({
    description: "The storefront's banner and footer HTML (set in the team's e-commerce setup).",
    fields: (t) => ({
      bannerHtml: t.exposeString("bannerHtml"),
      footerHtml: t.exposeString("footerHtml"),
    }),
  });

export const ShopProductMediaRef = builder.objectRef<shop.ShopMedia>("ShopProductMedia").implement({
  description: 'A product photo; the file is served at baseUrl + "." + extension.',
  fields: (t) => ({
    id: t.exposeID("id"),
    baseUrl: t.exposeString("baseUrl"),
    extension: t.exposeString("extension"),
    url: t.string({ resolve: (m) => `${m.baseUrl}.${m.extension}` }),
  }),
});

export const ProductRef = builder.objectRef<shop.ShopProduct>("Product").implement({
  description: "A listed inventory item as the shop shows it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    status: t.field({ type: ProductListingStatusEnum, resolve: (p) => p.status }),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    partNumber: t.exposeString("partNumber"),
    unitPrice: t.exposeInt("unitPrice", cents("The regular price of one unit.")),
    salePrice: t.exposeInt("salePrice", {
      nullable: true,
      description: "The sale price of one unit, only when it is lower than the unit price. In cents.",
    }),
    price: t.exposeInt("price", cents("What one unit costs now: the sale price when lower, else the unit price.")),
    taxable: t.exposeBoolean("taxable"),
    purchasable: t.exposeBoolean("purchasable", {
      description: "LISTED_AND_PURCHASABLE: may be added to a cart (when in stock).",
    }),
    stock: t.exposeInt("stock", { description: "Units in stock over the branch's active warehouses." }),
    inStock: t.boolean({ resolve: (p) => p.stock > 0 }),
    media: t.field({ type: [ShopProductMediaRef], resolve: (p) => p.media }),
  }),
});

export const WarehouseStockRef = builder.objectRef<shop.WarehouseStock>("WarehouseStockQuantity").implement({
  fields: (t) => ({
    warehouseId: t.exposeID("warehouseId"),
    warehouseName: t.exposeString("warehouseName"),
    quantity: t.exposeInt("quantity"),
  }),
});

export const StockQuantityRef = builder.objectRef<shop.StockQuantity>("StockQuantity").implement({
  description: "Stock of one listed item: the total and per active warehouse.",
  fields: (t) => ({
    itemId: t.exposeID("itemId"),
    quantity: t.exposeInt("quantity"),
    warehouses: t.field({ type: [WarehouseStockRef], resolve: (s) => s.warehouses }),
  }),
});

export const ShoppingCartLineRef = builder.objectRef<shop.CartLine>("ShoppingCartLine").implement({
  description: "One item in a shopping cart.",
  fields: (t) => ({
    clientCartId: t.exposeID("clientCartId"),
    itemId: t.exposeID("itemId"),
    quantity: t.exposeInt("quantity"),
    lastModified: t.field({ type: "DateTime", resolve: (l) => l.lastModified }),
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: "Null when the product no longer exists or is no longer listed.",
      resolve: (l) => l.product,
    }),
    unitPrice: t.exposeInt("unitPrice", cents("The price of one unit now.")),
    amount: t.exposeInt("amount", cents("Quantity times unit price, before tax.")),
    problem: t.exposeString("problem", {
      nullable: true,
      description: "Why this line can't be ordered as it is ('cant find product', out of stock...), or null.",
    }),
  }),
});

export const ShoppingCartRef = builder.objectRef<shop.ShoppingCart>("ShoppingCart").implement({
  fields: (t) => ({
    cartId: t.exposeID("cartId"),
    items: t.field({ type: [ShoppingCartLineRef], resolve: (c) => c.items }),
    itemCount: t.exposeInt("itemCount", { description: "Units of the lines that can be ordered." }),
    subtotal: t.exposeInt("subtotal", cents("Amount of the lines that can be ordered, before tax and shipping.")),
    hasProblems: t.exposeBoolean("hasProblems"),
  }),
});

export type CostItem = Awaited<ReturnType<typeof shop.orderCost>>["items"][number];
export const OrderCostItemRef = builder.objectRef<CostItem>("OrderCostItem").implement({
  description: "Per-item pricing of an order.",
  fields: (t) => ({
    itemId: t.exposeID("itemId"),
    title: t.exposeString("title"),
    quantity: t.exposeInt("quantity"),
    price: t.exposeInt("price", cents("One unit.")),
    amount: t.exposeInt("amount", cents("Quantity times price.")),
    tax: t.exposeInt("tax", cents("Sales tax on the amount (taxable items only).")),
    taxable: t.exposeBoolean("taxable"),
  }),
});

export const OrderCostRef = builder.objectRef<Awaited<ReturnType<typeof shop.orderCost>>>("OrderCost").implement({
  description: "What an order costs, computed by the server.",
  fields: (t) => ({
    items: t.field({ type: [OrderCostItemRef], resolve: (c) => c.items }),
    products: t.exposeInt("products", cents("Sum of the items' amounts, before tax.")),
    tax: t.exposeInt("tax", cents("Sales tax on the items.")),
    shipping: t.exposeInt("shipping", cents("Shipping for the order.")),
    shippingTax: t.exposeInt("shippingTax", cents("Sales tax on shipping.")),
    total: t.exposeInt("total", cents("Products + tax + shipping + shipping tax.")),
    deliveryDate: t.field({
      type: "Date",
      description: "The address's next route date, when the order is delivered.",
      resolve: (c) => c.deliveryDate,
    }),
  }),
});

export type CheckoutOptions = Awaited<ReturnType<typeof shop.checkoutOptions>>;
export const ShopCheckoutAddressRef = builder.objectRef<shop.CheckoutAddress>("ShopCheckoutAddress").implement({
  fields: (t) => ({
    serviceAddressId: t.exposeID("serviceAddressId"),
    customerId: t.exposeID("customerId"),
    name: t.exposeString("name"),
    line1: t.exposeString("line1"),
    line2: t.exposeString("line2"),
    city: t.exposeString("city"),
    state: t.exposeString("state"),
    postalCode: t.exposeString("postalCode"),
    isOnCreditHold: t.exposeBoolean("isOnCreditHold"),
    nextDeliveryDate: t.field({
      type: "Date",
      nullable: true,
      description: "The first route date after today of the address's service routes.",
      resolve: (a) => a.nextDeliveryDate,
    }),
  }),
});

export const ShopPurchaseOrderRef = builder
  .objectRef<CheckoutOptions["purchaseOrders"][number]>("ShopPurchaseOrder")
  .implement({
    fields: (t) => ({
      id: t.exposeID("id"),
      number: t.exposeString("number"),
      description: t.exposeString("description"),
    }),
  });

export const ShopCheckoutOptionsRef = builder.objectRef<CheckoutOptions>("ShopCheckoutOptions").implement({
  description: "What checkout offers one customer: service addresses, purchase orders, the payment agreement.",
  fields: (t) => ({
    customerId: t.exposeID("customerId"),
    accountNumber: t.exposeString("accountNumber"),
    name: t.exposeString("name"),
    purchaseOrderRequired: t.exposeBoolean("purchaseOrderRequired"),
    purchaseOrders: t.field({ type: [ShopPurchaseOrderRef], resolve: (o) => o.purchaseOrders }),
    addresses: t.field({ type: [ShopCheckoutAddressRef], resolve: (o) => o.addresses }),
    paymentAgreementHtml: t.exposeString("paymentAgreementHtml"),
  }),
});
