import { builder, ResultRef } from "../../pothos/builder.ts";
import { OnlineOrderStatusEnum } from "../../pothos/enums.ts";
import {
  type AnalyticsDay,
  cartsAndSalesAnalytics,
  clearCart,
  createPricingPlan,
  type OpenCart,
  type OpenCartLine,
  type ORDER_STATUSES,
  type OrderRow,
  onlineOrders,
  openCarts,
  type PricingPlanRow,
  pricingPlans,
  type StorefrontConfiguration,
  saleShortcuts,
  setBranchBranding,
  setPricingPlan,
  setSaleWorkflow,
  storefrontConfiguration,
  updatePricingPlan,
  updateShopCustomization,
} from "./ecommerce-admin.service.ts";

// Team e-commerce: storefront configuration, website fields, pricing plans, sale shortcuts, carts and
// sales analytics, updating the shop's customization, clearing a cart, setting the pricing plan, the
// sale workflow and the branch's branding. Every field needs ECOMMERCE_MANAGEMENT.

const SCOPE = { permission: "ECOMMERCE_MANAGEMENT" } as const;

const StorefrontConfigurationRef = builder.objectRef<StorefrontConfiguration>("StorefrontConfiguration").implement({
  fields: (t) => ({
    bannerHtml: t.exposeString("bannerHtml", { description: "Shown above the shop's products." }),
    footerHtml: t.exposeString("footerHtml", { description: "Shown under the shop's products." }),
    paymentAgreementHtml: t.exposeString("paymentAgreementHtml", {
      description: "Shown at checkout (the branch's ecommercePaymentAgreementHtml).",
    }),
    websiteTitle: t.exposeString("websiteTitle"),
    websiteDescription: t.exposeString("websiteDescription"),
    contactEmail: t.exposeString("contactEmail"),
    shippingCents: t.exposeInt("shippingCents", { description: "Shipping charged per online order, in cents." }),
    shippingTaxable: t.exposeBoolean("shippingTaxable"),
    saleWorkflowShortcutId: t.exposeString("saleWorkflowShortcutId", { nullable: true }),
    defaultPricingPlanId: t.exposeID("defaultPricingPlanId", { nullable: true }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
  }),
});

const WebsiteFieldsRef = builder
  .objectRef<Pick<StorefrontConfiguration, "websiteTitle" | "websiteDescription" | "contactEmail">>("WebsiteFields")
  .implement({
    fields: (t) => ({
      websiteTitle: t.exposeString("websiteTitle"),
      websiteDescription: t.exposeString("websiteDescription"),
      contactEmail: t.exposeString("contactEmail"),
    }),
  });

const PricingPlanRef = builder.objectRef<PricingPlanRow>("PricingPlan").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    discountPercent: t.exposeInt("discountPercent"),
    inactive: t.exposeBoolean("inactive"),
    isDefault: t.exposeBoolean("isDefault", { description: "The plan the shop prices with." }),
  }),
});

const SaleShortcutRef = builder.objectRef<{ id: string; name: string }>("SaleShortcut").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

const OpenCartLineRef = builder.objectRef<OpenCartLine>("OpenCartLine").implement({
  fields: (t) => ({
    itemId: t.exposeID("itemId"),
    partNumber: t.exposeString("partNumber"),
    title: t.exposeString("title"),
    quantity: t.exposeInt("quantity"),
    unitPriceCents: t.exposeInt("unitPriceCents"),
    amountCents: t.exposeInt("amountCents"),
  }),
});

const OpenCartRef = builder.objectRef<OpenCart>("OpenCart").implement({
  fields: (t) => ({
    cartId: t.exposeString("cartId"),
    lines: t.field({ type: [OpenCartLineRef], resolve: (c) => c.lines }),
    quantity: t.exposeInt("quantity"),
    subtotalCents: t.exposeInt("subtotalCents"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastModified: t.expose("lastModified", { type: "DateTime" }),
    userEmail: t.exposeString("userEmail", { nullable: true, description: "Empty for a visitor's cart." }),
    userName: t.exposeString("userName", { nullable: true }),
  }),
});

const OpenCartsPageRef = builder
  .objectRef<{ carts: OpenCart[]; totalCount: number; skip: number; take: number }>("OpenCartsPage")
  .implement({
    fields: (t) => ({
      carts: t.field({ type: [OpenCartRef], resolve: (p) => p.carts }),
      totalCount: t.exposeInt("totalCount"),
      skip: t.exposeInt("skip"),
      take: t.exposeInt("take"),
    }),
  });

const EcommerceOrderLineRef = builder.objectRef<OrderRow["lines"][number]>("EcommerceOrderLine").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    itemId: t.exposeID("itemId"),
    title: t.exposeString("title"),
    quantity: t.exposeInt("quantity"),
    unitPriceCents: t.exposeInt("unitPriceCents"),
    amountCents: t.exposeInt("amountCents"),
    salesTaxCents: t.exposeInt("salesTaxCents"),
  }),
});

const EcommerceOrderRef = builder.objectRef<OrderRow>("EcommerceOrder").implement({
  description: "An online order as the team sees it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeString("number"),
    status: t.field({ type: OnlineOrderStatusEnum, resolve: (o) => o.status as (typeof ORDER_STATUSES)[number] }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    scheduledDate: t.expose("scheduledDate", { type: "Date", nullable: true }),
    completedDate: t.expose("completedDate", { type: "Date", nullable: true }),
    customerId: t.exposeID("customerId"),
    customerAccountNumber: t.exposeString("customerAccountNumber"),
    customerName: t.exposeString("customerName"),
    subtotalCents: t.exposeInt("subtotalCents"),
    taxCents: t.exposeInt("taxCents"),
    shippingCents: t.exposeInt("shippingCents"),
    totalCents: t.exposeInt("totalCents"),
    lines: t.field({ type: [EcommerceOrderLineRef], resolve: (o) => o.lines }),
  }),
});

const StatusCountRef = builder
  .objectRef<{ status: (typeof ORDER_STATUSES)[number]; count: number }>("OnlineOrderStatusCount")
  .implement({
    fields: (t) => ({
      status: t.field({ type: OnlineOrderStatusEnum, resolve: (s) => s.status }),
      count: t.exposeInt("count"),
    }),
  });

const OnlineOrdersPageRef = builder.objectRef<Awaited<ReturnType<typeof onlineOrders>>>("OnlineOrdersPage").implement({
  fields: (t) => ({
    orders: t.field({ type: [EcommerceOrderRef], resolve: (p) => p.orders }),
    totalCount: t.exposeInt("totalCount"),
    statusCounts: t.field({
      type: [StatusCountRef],
      description: "Orders per status for the same search (all statuses).",
      resolve: (p) => p.statusCounts,
    }),
    skip: t.exposeInt("skip"),
    take: t.exposeInt("take"),
  }),
});

const AnalyticsDayRef = builder.objectRef<AnalyticsDay>("CartsAndSalesDay").implement({
  fields: (t) => ({
    date: t.expose("date", { type: "Date" }),
    salesCents: t.exposeInt("salesCents"),
    orderCount: t.exposeInt("orderCount"),
    cartCount: t.exposeInt("cartCount"),
    convertedCartCount: t.exposeInt("convertedCartCount"),
  }),
});

type Analytics = Awaited<ReturnType<typeof cartsAndSalesAnalytics>>;

const TopItemRef = builder.objectRef<Analytics["topItems"][number]>("CartsAndSalesTopItem").implement({
  fields: (t) => ({
    itemId: t.exposeID("itemId"),
    title: t.exposeString("title"),
    quantity: t.exposeInt("quantity"),
    salesCents: t.exposeInt("salesCents"),
  }),
});

const CartsAndSalesAnalyticsRef = builder.objectRef<Analytics>("CartsAndSalesAnalytics").implement({
  description:
    "Orders placed in the period (cancelled ones left out of sales), carts started in the period and how many of them became orders. Days are in the branch's time zone.",
  fields: (t) => ({
    startDate: t.expose("startDate", { type: "Date" }),
    endDate: t.expose("endDate", { type: "Date" }),
    timeZone: t.exposeString("timeZone"),
    salesCents: t.exposeInt("salesCents"),
    orderCount: t.exposeInt("orderCount"),
    averageOrderCents: t.exposeInt("averageOrderCents"),
    cartCount: t.exposeInt("cartCount"),
    convertedCartCount: t.exposeInt("convertedCartCount"),
    conversionRate: t.exposeFloat("conversionRate", { description: "convertedCartCount / cartCount, 0 to 1." }),
    days: t.field({ type: [AnalyticsDayRef], resolve: (a) => a.days }),
    topItems: t.field({ type: [TopItemRef], resolve: (a) => a.topItems }),
    ordersByStatus: t.field({ type: [StatusCountRef], resolve: (a) => a.ordersByStatus }),
  }),
});

builder.queryFields((t) => ({
  storefrontConfiguration: t.field({
    type: StorefrontConfigurationRef,
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => storefrontConfiguration(ctx),
  }),
  websiteFields: t.field({
    type: WebsiteFieldsRef,
    description: "The shop website's title, description and contact email.",
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => storefrontConfiguration(ctx),
  }),
  pricingPlans: t.field({
    type: [PricingPlanRef],
    authScopes: SCOPE,
    args: { includeInactive: t.arg.boolean({ required: false }) },
    resolve: (_r, a, ctx) => pricingPlans(ctx, a.includeInactive ?? false),
  }),
  saleShortcuts: t.field({
    type: [SaleShortcutRef],
    description: "The workflow shortcuts the sale workflow can be (the active ones, in their order).",
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => saleShortcuts(ctx),
  }),
  cartsAndSalesAnalytics: t.field({
    type: CartsAndSalesAnalyticsRef,
    authScopes: SCOPE,
    args: { startDate: t.arg({ type: "Date", required: true }), endDate: t.arg({ type: "Date", required: true }) },
    resolve: (_r, a, ctx) => cartsAndSalesAnalytics(ctx, a),
  }),
  openCarts: t.field({
    type: OpenCartsPageRef,
    description: "Shopping carts that have items, most recently changed first.",
    authScopes: SCOPE,
    args: { skip: t.arg.int({ required: false }), take: t.arg.int({ required: false }) },
    resolve: (_r, a, ctx) => openCarts(ctx, a),
  }),
  onlineOrders: t.field({
    type: OnlineOrdersPageRef,
    description: "Online orders, newest first; search by order number, account number or customer name.",
    authScopes: SCOPE,
    args: {
      status: t.arg({ type: OnlineOrderStatusEnum, required: false }),
      search: t.arg.string({ required: false }),
      skip: t.arg.int({ required: false }),
      take: t.arg.int({ required: false }),
    },
    resolve: (_r, a, ctx) => onlineOrders(ctx, a),
  }),
}));

const UpdateShopCustomizationInput = builder.inputType("UpdateShopCustomizationInput", {
  description: "Fields left out stay as they are. HTML is stored without scripts or event handlers.",
  fields: (t) => ({
    bannerHtml: t.string(),
    footerHtml: t.string(),
    paymentAgreementHtml: t.string(),
    websiteTitle: t.string(),
    websiteDescription: t.string(),
    contactEmail: t.string(),
    shippingCents: t.int(),
    shippingTaxable: t.boolean(),
  }),
});

const CreatePricingPlanInput = builder.inputType("CreatePricingPlanInput", {
  fields: (t) => ({ name: t.string({ required: true }), discountPercent: t.int() }),
});

const UpdatePricingPlanInput = builder.inputType("UpdatePricingPlanInput", {
  fields: (t) => ({
    pricingPlanId: t.id({ required: true }),
    name: t.string(),
    discountPercent: t.int(),
    inactive: t.boolean(),
  }),
});

const SetBranchBrandingInput = builder.inputType("SetBranchBrandingInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "The company name customers see." }),
    phone: t.string(),
    logoUrl: t.string({ description: "https://..., http://... or an uploaded /media/... image." }),
    websiteHeaderHtml: t.string(),
    websiteFooterHtml: t.string(),
    brandWebsiteUrl: t.string(),
  }),
});

builder.mutationFields((t) => ({
  updateShopCustomization: t.field({
    type: StorefrontConfigurationRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: UpdateShopCustomizationInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateShopCustomization(ctx, input),
  }),
  createPricingPlan: t.field({
    type: PricingPlanRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: CreatePricingPlanInput, required: true }) },
    resolve: (_r, { input }, ctx) => createPricingPlan(ctx, input),
  }),
  updatePricingPlan: t.field({
    type: PricingPlanRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: UpdatePricingPlanInput, required: true }) },
    resolve: (_r, { input }, ctx) => updatePricingPlan(ctx, input),
  }),
  setPricingPlan: t.field({
    type: ResultRef,
    description: "Sets the shop's default pricing plan; an empty id goes back to list prices.",
    authScopes: SCOPE,
    args: { pricingPlanId: t.arg.id({ required: false }) },
    resolve: (_r, a, ctx) => setPricingPlan(ctx, a.pricingPlanId || null),
  }),
  setSaleWorkflow: t.field({
    type: ResultRef,
    description: "The workflow shortcut run for each online sale: one of saleShortcuts; empty clears it.",
    authScopes: SCOPE,
    args: { shortcutId: t.arg.string({ required: false }) },
    resolve: (_r, a, ctx) => setSaleWorkflow(ctx, a.shortcutId ?? null),
  }),
  setBranchBranding: t.field({
    type: ResultRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: SetBranchBrandingInput, required: true }) },
    resolve: (_r, { input }, ctx) => setBranchBranding(ctx, input),
  }),
  clearCart: t.field({
    type: ResultRef,
    authScopes: SCOPE,
    args: { cartId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => clearCart(ctx, a.cartId),
  }),
}));
