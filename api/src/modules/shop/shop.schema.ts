import { builder } from "../../pothos/builder.ts";
import { SHOP_FEATURE } from "./shop.common.ts";
import { PlaceOrderInput, PlaceOrderResultRef, ShopOrderRef } from "./shop.order.types.ts";
import * as shop from "./shop.service.ts";
import {
  OrderCostRef,
  ProductRef,
  ShopBannerAndFooterRef,
  ShopCheckoutOptionsRef,
  ShoppingCartRef,
  StockQuantityRef,
} from "./shop.types.ts";

// The customer side of the shop: banner and footer, products and stock, the
// shopping cart, order cost, placing an order, one online order and the order history. Browsing and
// the cart are open to visitors (they shop before signing in); all of it only where the branch has
// the shop (SHOP_FEATURE); money is integer cents.
// The types: shop.types.ts (storefront, cart, cost, checkout) and shop.order.types.ts (orders).

builder.queryFields((t) => ({
  shopBannerAndFooter: t.field({
    authScopes: { branchFeature: SHOP_FEATURE },
    type: ShopBannerAndFooterRef,
    resolve: (_r, _a, ctx) => shop.bannerAndFooter(ctx),
  }),
  products: t.field({
    authScopes: { branchFeature: SHOP_FEATURE },
    type: [ProductRef],
    description: "The shop's listed products (purchasable or not), by title.",
    args: { search: t.arg.string() },
    resolve: (_r, { search }, ctx) => shop.products(ctx, search),
  }),
  product: t.field({
    authScopes: { branchFeature: SHOP_FEATURE },
    type: ProductRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => shop.product(ctx, String(id)),
  }),
  stockQuantities: t.field({
    authScopes: { branchFeature: SHOP_FEATURE },
    type: [StockQuantityRef],
    description: "Stock of listed items, per warehouse.",
    args: { itemIds: t.arg.idList({ required: true }) },
    resolve: (_r, { itemIds }, ctx) => shop.stockQuantities(ctx, itemIds),
  }),
  shoppingCart: t.field({
    authScopes: { branchFeature: SHOP_FEATURE },
    type: ShoppingCartRef,
    args: { cartId: t.arg.id({ required: true }) },
    resolve: (_r, { cartId }, ctx) => shop.shoppingCart(ctx, String(cartId)),
  }),
  shopCheckoutOptions: t.field({
    type: ShopCheckoutOptionsRef,
    authScopes: (_r, { customerId }) => ({
      $all: { branchFeature: SHOP_FEATURE, customer: true, customerAccess: { customerId: String(customerId) } },
    }),
    args: { customerId: t.arg.id({ required: true }) },
    resolve: (_r, { customerId }, ctx) => shop.checkoutOptions(ctx, String(customerId)),
  }),
  orderCost: t.field({
    type: OrderCostRef,
    authScopes: (_r, { customerId }) => ({
      $all: { branchFeature: SHOP_FEATURE, customer: true, customerAccess: { customerId: String(customerId) } },
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
      $all: { branchFeature: SHOP_FEATURE, customer: true, customerAccess: { customerId: String(customerId) } },
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
    authScopes: { branchFeature: SHOP_FEATURE },
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
    authScopes: { branchFeature: SHOP_FEATURE },
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
      $all: { branchFeature: SHOP_FEATURE, customer: true, customerAccess: { customerId: input.customerId } },
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
