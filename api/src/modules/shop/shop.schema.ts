import { builder, resultType } from "../../pothos/builder.ts";
import { ProductListingStatusEnum } from "../../pothos/enums.ts";
import * as shop from "./shop.service.ts";

// The customer side of the shop: banner and footer, products and stock, the
// shopping cart, order cost, placing an order, one online order and the order history. Browsing and
// the cart are public (visitors shop before signing in); money is integer cents.

const cents = (description: string) => ({ description: `${description} In cents.` });

const ShopBannerAndFooterRef = builder
  .objectRef<{ bannerHtml: string; footerHtml: string }>("ShopBannerAndFooter")
  .implement({
    description: "The storefront's banner and footer HTML (set in the team's e-commerce setup).",
    fields: (t) => ({
      bannerHtml: t.exposeString("bannerHtml"),
      footerHtml: t.exposeString("footerHtml"),
    }),
  });

const ShopProductMediaRef = builder.objectRef<shop.ShopMedia>("ShopProductMedia").implement({
  description: 'A product photo; the file is served at baseUrl + "." + extension.',
  fields: (t) => ({
    id: t.exposeID("id"),
    baseUrl: t.exposeString("baseUrl"),
    extension: t.exposeString("extension"),
    url: t.string({ resolve: (m) => `${m.baseUrl}.${m.extension}` }),
  }),
});

const ProductRef = builder.objectRef<shop.ShopProduct>("Product").implement({
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

const WarehouseStockRef = builder.objectRef<shop.WarehouseStock>("WarehouseStockQuantity").implement({
  fields: (t) => ({
    warehouseId: t.exposeID("warehouseId"),
    warehouseName: t.exposeString("warehouseName"),
    quantity: t.exposeInt("quantity"),
  }),
});

const StockQuantityRef = builder.objectRef<shop.StockQuantity>("StockQuantity").implement({
  description: "Stock of one listed item: the total and per active warehouse.",
  fields: (t) => ({
    itemId: t.exposeID("itemId"),
    quantity: t.exposeInt("quantity"),
    warehouses: t.field({ type: [WarehouseStockRef], resolve: (s) => s.warehouses }),
  }),
});

const ShoppingCartLineRef = builder.objectRef<shop.CartLine>("ShoppingCartLine").implement({
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

const ShoppingCartRef = builder.objectRef<shop.ShoppingCart>("ShoppingCart").implement({
  fields: (t) => ({
    cartId: t.exposeID("cartId"),
    items: t.field({ type: [ShoppingCartLineRef], resolve: (c) => c.items }),
    itemCount: t.exposeInt("itemCount", { description: "Units of the lines that can be ordered." }),
    subtotal: t.exposeInt("subtotal", cents("Amount of the lines that can be ordered, before tax and shipping.")),
    hasProblems: t.exposeBoolean("hasProblems"),
  }),
});

type CostItem = Awaited<ReturnType<typeof shop.orderCost>>["items"][number];
const OrderCostItemRef = builder.objectRef<CostItem>("OrderCostItem").implement({
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

const OrderCostRef = builder.objectRef<Awaited<ReturnType<typeof shop.orderCost>>>("OrderCost").implement({
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

type CheckoutOptions = Awaited<ReturnType<typeof shop.checkoutOptions>>;
const ShopCheckoutAddressRef = builder.objectRef<shop.CheckoutAddress>("ShopCheckoutAddress").implement({
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

const ShopPurchaseOrderRef = builder
  .objectRef<CheckoutOptions["purchaseOrders"][number]>("ShopPurchaseOrder")
  .implement({
    fields: (t) => ({
      id: t.exposeID("id"),
      number: t.exposeString("number"),
      description: t.exposeString("description"),
    }),
  });

const ShopCheckoutOptionsRef = builder.objectRef<CheckoutOptions>("ShopCheckoutOptions").implement({
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

type OrderLine = shop.ShopOrderView["lines"][number];
const ShopOrderLineRef = builder.objectRef<OrderLine>("ShopOrderLine").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    itemId: t.exposeID("itemId"),
    title: t.exposeString("title"),
    quantity: t.exposeInt("quantity"),
    unitPrice: t.int({ ...cents("One unit."), resolve: (l) => l.unitPriceCents }),
    amount: t.int({ ...cents("Quantity times unit price."), resolve: (l) => l.amountCents }),
    salesTax: t.int({ ...cents("Sales tax on the line."), resolve: (l) => l.salesTaxCents }),
    image: t.field({ type: ShopProductMediaRef, nullable: true, resolve: (l) => l.image }),
    productAvailable: t.exposeBoolean("productAvailable", {
      description: "Whether the product is still listed in the shop.",
    }),
  }),
});

type OrderTransaction = {
  id: string;
  type: "ITEM" | "SHIPPING" | "PAYMENT";
  quantity: number;
  unitPrice: number;
  amount: number;
  salesTax: number;
  payment: number;
  itemId: string | null;
};
const ShopOrderTransactionRef = builder.objectRef<OrderTransaction>("ShopOrderTransaction").implement({
  description: "The order as billing lines: its items, shipping and the payment.",
  fields: (t) => ({
    id: t.exposeID("id"),
    type: t.exposeString("type", { description: "ITEM, SHIPPING or PAYMENT." }),
    quantity: t.exposeInt("quantity"),
    unitPrice: t.exposeInt("unitPrice", cents("One unit.")),
    amount: t.exposeInt("amount", cents("Before tax.")),
    salesTax: t.exposeInt("salesTax", cents("Sales tax.")),
    payment: t.exposeInt("payment", cents("Amount paid (PAYMENT lines).")),
    itemId: t.exposeID("itemId", { nullable: true }),
  }),
});

const ShopOrderRef = builder.objectRef<shop.ShopOrderView>("ShopOrder").implement({
  description: "An online order placed in the shop.",
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeString("number", { description: 'Shown as "#<number>"; blank when it contains "*".' }),
    customerId: t.exposeID("customerId"),
    accountNumber: t.exposeString("accountNumber"),
    customerName: t.exposeString("customerName"),
    serviceAddressId: t.exposeID("serviceAddressId"),
    addressLabel: t.exposeString("addressLabel"),
    purchaseOrderId: t.exposeID("purchaseOrderId", { nullable: true }),
    purchaseOrderNumber: t.exposeString("purchaseOrderNumber", { nullable: true }),
    workOrderId: t.exposeID("workOrderId", { nullable: true }),
    status: t.exposeString("status", { description: "PENDING, SCHEDULED, COMPLETED or CANCELLED." }),
    pending: t.exposeBoolean("pending", { description: "Not delivered or cancelled yet." }),
    placedAt: t.field({ type: "DateTime", resolve: (o) => o.placedAt }),
    scheduledDate: t.field({ type: "Date", nullable: true, resolve: (o) => o.scheduledDate }),
    completedDate: t.field({ type: "Date", nullable: true, resolve: (o) => o.completedDate }),
    subtotal: t.exposeInt("subtotal", cents("Products before tax.")),
    tax: t.exposeInt("tax", cents("Sales tax on the products.")),
    shipping: t.exposeInt("shipping", cents("Shipping.")),
    shippingTax: t.exposeInt("shippingTax", cents("Sales tax on shipping.")),
    total: t.exposeInt("total", cents("What was charged.")),
    invoiceId: t.exposeID("invoiceId", { nullable: true }),
    invoiceDisplayId: t.exposeString("invoiceDisplayId", { nullable: true }),
    surchargeWaived: t.exposeBoolean("surchargeWaived"),
    paymentLabel: t.exposeString("paymentLabel", { description: 'How it was paid, e.g. "Visa ending in 1111".' }),
    oneLineBillingDescription: t.exposeString("oneLineBillingDescription"),
    lines: t.field({ type: [ShopOrderLineRef], resolve: (o) => o.lines }),
    transactions: t.field({
      type: [ShopOrderTransactionRef],
      resolve: (o) => {
        const rows: OrderTransaction[] = o.lines.map((l) => ({
          id: l.id,
          type: "ITEM",
          quantity: l.quantity,
          unitPrice: l.unitPriceCents,
          amount: l.amountCents,
          salesTax: l.salesTaxCents,
          payment: 0,
          itemId: l.itemId,
        }));
        if (o.shipping > 0)
          rows.push({
            id: `${o.id}:shipping`,
            type: "SHIPPING",
            quantity: 1,
            unitPrice: o.shipping,
            amount: o.shipping,
            salesTax: o.shippingTax,
            payment: 0,
            itemId: null,
          });
        if (o.paymentLabel)
          rows.push({
            id: `${o.id}:payment`,
            type: "PAYMENT",
            quantity: 1,
            unitPrice: 0,
            amount: 0,
            salesTax: 0,
            payment: o.total,
            itemId: null,
          });
        return rows;
      },
    }),
  }),
});

const PlaceOrderResultRef = resultType<shop.PlaceOrderResult>("PlaceOrderResult", (t) => ({
  orderId: t.exposeID("orderId", { nullable: true }),
  orderNumber: t.exposeString("orderNumber", { nullable: true }),
  paymentResult: t.exposeString("paymentResult", {
    nullable: true,
    description: "SUCCESS, DECLINED or FAILURE when a charge was attempted.",
  }),
}));

const ShopPaymentMethodInput = builder.inputType("ShopPaymentMethodInput", {
  description: "Either a saved payment account, or a new card/bank token from the payment form.",
  fields: (t) => ({
    paymentAccountId: t.id(),
    token: t.string(),
    saveForLater: t.boolean(),
  }),
});

const PlaceOrderInput = builder.inputType("PlaceOrderInput", {
  fields: (t) => ({
    customerId: t.id({ required: true }),
    addressId: t.id({ required: true }),
    cartId: t.id({ required: true }),
    purchaseOrderId: t.id(),
    paymentMethod: t.field({ type: ShopPaymentMethodInput, required: true }),
    acceptAgreement: t.boolean({ description: "The branch's payment agreement was accepted." }),
    idempotencyKey: t.string({
      required: true,
      description: "One key per checkout attempt: a repeated submit with it charges once and returns the same order.",
    }),
    expectedTotal: t.int({
      description: "The total the customer saw, in cents; the order is refused when the total differs.",
    }),
  }),
});

builder.queryFields((t) => ({
  shopBannerAndFooter: t.field({
    authScopes: { public: true },
    type: ShopBannerAndFooterRef,
    resolve: (_r, _a, ctx) => shop.bannerAndFooter(ctx),
  }),
  products: t.field({
    authScopes: { public: true },
    type: [ProductRef],
    description: "The shop's listed products (purchasable or not), by title.",
    args: { search: t.arg.string() },
    resolve: (_r, { search }, ctx) => shop.products(ctx, search),
  }),
  product: t.field({
    authScopes: { public: true },
    type: ProductRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => shop.product(ctx, String(id)),
  }),
  stockQuantities: t.field({
    authScopes: { public: true },
    type: [StockQuantityRef],
    description: "Stock of listed items, per warehouse.",
    args: { itemIds: t.arg.idList({ required: true }) },
    resolve: (_r, { itemIds }, ctx) => shop.stockQuantities(ctx, itemIds),
  }),
  shoppingCart: t.field({
    authScopes: { public: true },
    type: ShoppingCartRef,
    args: { cartId: t.arg.id({ required: true }) },
    resolve: (_r, { cartId }, ctx) => shop.shoppingCart(ctx, String(cartId)),
  }),
  shopCheckoutOptions: t.field({
    type: ShopCheckoutOptionsRef,
    authScopes: (_r, { customerId }) => ({
      $all: { customer: true, customerAccess: { customerId: String(customerId) } },
    }),
    args: { customerId: t.arg.id({ required: true }) },
    resolve: (_r, { customerId }, ctx) => shop.checkoutOptions(ctx, String(customerId)),
  }),
  orderCost: t.field({
    type: OrderCostRef,
    authScopes: (_r, { customerId }) => ({
      $all: { customer: true, customerAccess: { customerId: String(customerId) } },
    }),
    args: {
      customerId: t.arg.id({ required: true }),
      addressId: t.arg.id({ required: true }),
      cartId: t.arg.id({ required: true }),
    },
    resolve: (_r, a, ctx) =>
      shop.orderCost(ctx, {
        customerId: a.customerId,
        addressId: a.addressId,
        cartId: a.cartId,
      }),
  }),
  onlineOrder: t.field({
    type: ShopOrderRef,
    authScopes: (_r, { orderId }) => ({ recordAccess: { kind: "onlineOrder", id: String(orderId) } }),
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_r, { orderId }, ctx) => shop.onlineOrder(ctx, String(orderId)),
  }),
  orderByKey: t.field({
    type: ShopOrderRef,
    nullable: true,
    description:
      "The order this customer placed with this idempotencyKey (null: the server never received it, or it placed no order). A checkout that lost placeOrder's answer asks this before offering to place the order again.",
    authScopes: (_r, { customerId }) => ({
      $all: { customer: true, customerAccess: { customerId: String(customerId) } },
    }),
    args: { customerId: t.arg.id({ required: true }), idempotencyKey: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => shop.orderByKey(ctx, String(a.customerId), a.idempotencyKey),
  }),
  orderHistory: t.field({
    type: [ShopOrderRef],
    description: "Online orders, newest first: of one linked customer, or of every linked customer.",
    // Without a customer: the orders of every account the portal user is linked to.
    authScopes: (_r, { customerId }) =>
      customerId ? { customerAccess: { customerId: String(customerId) } } : { customer: true },
    args: { customerId: t.arg.id() },
    resolve: (_r, { customerId }, ctx) => shop.orderHistory(ctx, customerId ? String(customerId) : null),
  }),
}));

builder.mutationFields((t) => ({
  setShoppingCart: t.field({
    authScopes: { public: true },
    type: ShoppingCartRef,
    description: "Sets an item's quantity in the cart (0 removes it); never more than the stock.",
    args: {
      cartId: t.arg.id({ required: true }),
      itemId: t.arg.id({ required: true }),
      quantity: t.arg.int({ required: true }),
    },
    resolve: (_r, a, ctx) => shop.setShoppingCart(ctx, { cartId: a.cartId, itemId: a.itemId, quantity: a.quantity }),
  }),
  updateShoppingCart: t.field({
    authScopes: { public: true },
    type: ShoppingCartRef,
    description: "Adds `quantity` (negative: takes away) to what the cart holds of an item.",
    args: {
      cartId: t.arg.id({ required: true }),
      itemId: t.arg.id({ required: true }),
      quantity: t.arg.int({ required: true }),
    },
    resolve: (_r, a, ctx) => shop.updateShoppingCart(ctx, { cartId: a.cartId, itemId: a.itemId, quantity: a.quantity }),
  }),
  placeOrder: t.field({
    type: PlaceOrderResultRef,
    authScopes: (_r, { input }) => ({
      $all: { customer: true, customerAccess: { customerId: input.customerId } },
    }),
    args: { input: t.arg({ type: PlaceOrderInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      shop.placeOrder(ctx, {
        customerId: input.customerId,
        addressId: input.addressId,
        cartId: input.cartId,
        purchaseOrderId: input.purchaseOrderId || null,
        paymentMethod: {
          paymentAccountId: input.paymentMethod.paymentAccountId || null,
          token: input.paymentMethod.token ?? null,
          saveForLater: input.paymentMethod.saveForLater ?? false,
        },
        acceptAgreement: input.acceptAgreement ?? false,
        idempotencyKey: input.idempotencyKey,
        expectedTotal: input.expectedTotal ?? null,
      }),
  }),
}));
