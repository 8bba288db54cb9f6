import { builder, resultType } from "../../pothos/builder.ts";
import { EmphasisEnum } from "../../pothos/enums.ts";
import * as deliveries from "./deliveries.service.ts";
import type { OfferedDate } from "./delivery-dates.ts";
import { totals } from "./pricing.ts";

// The GraphQL types of portal deliveries (deliveries.schema.ts): purchase orders, services, billing
// items, work orders, service addresses and the route calendar. Money fields are integer cents.

builder.prismaObject("PurchaseOrder", {
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeString("number"),
    description: t.exposeString("description"),
  }),
});

export const RouteDriverRef = builder
  .objectRef<{ id: string; name: string; doNotUseNumberedRoutes: boolean; routeCalendarId: string }>("RouteDriver")
  .implement({
    description: "The route a service is delivered on (its run dates are the route calendar).",
    fields: (t) => ({
      id: t.exposeID("id"),
      name: t.exposeString("name"),
      doNotUseNumberedRoutes: t.exposeBoolean("doNotUseNumberedRoutes"),
      routeCalendarId: t.exposeID("routeCalendarId"),
    }),
  });

builder.prismaObject("Service", {
  fields: (t) => ({
    serviceId: t.exposeID("id"),
    productCodeId: t.exposeID("productCodeId", { nullable: true }),
    productName: t.string({
      nullable: true,
      description: "The catalog item this service delivers.",
      select: { productCodeId: true },
      resolve: async (s, _a, ctx) =>
        s.productCodeId ? ((await deliveries.loadCatalogItem(ctx, s.productCodeId))?.description ?? null) : null,
    }),
    routeNumber: t.string({
      select: { route: { select: { routeNumber: true } } },
      resolve: (s) => s.route.routeNumber,
    }),
    routeName: t.string({ select: { route: { select: { name: true } } }, resolve: (s) => s.route.name }),
    routeFrequencyInterval: t.exposeInt("routeFrequencyInterval", { description: "Weeks between deliveries." }),
    routeDriver: t.field({
      type: RouteDriverRef,
      select: { route: { select: { id: true, name: true, doNotUseNumberedRoutes: true } } },
      resolve: (s) => ({
        id: s.route.id,
        name: s.route.name,
        doNotUseNumberedRoutes: s.route.doNotUseNumberedRoutes,
        routeCalendarId: s.route.id,
      }),
    }),
    nextDeliveryDate: t.field({
      type: "Date",
      nullable: true,
      select: { nextDeliveryDate: true },
      resolve: (s) => s.nextDeliveryDate,
    }),
    inactive: t.exposeBoolean("inactive"),
  }),
});

export const TextPieceRef = builder
  .objectRef<{ text: string; style: "IMPORTANT" | "NORMAL" | "SUBTLE" }>("BillingItemText")
  .implement({
    description: "One piece of a billing item's description, with how to show it.",
    fields: (t) => ({
      text: t.exposeString("text"),
      style: t.field({ type: EmphasisEnum, resolve: (p) => p.style }),
    }),
  });

builder.prismaObject("BillingItem", {
  fields: (t) => ({
    id: t.exposeID("id"),
    catalogItemId: t.exposeID("catalogItemId", { nullable: true }),
    parentId: t.exposeID("parentId", { nullable: true }),
    name: t.exposeString("name"),
    quantity: t.exposeInt("quantity"),
    prepayQuantity: t.exposeInt("prepayQuantity"),
    unitPrice: t.exposeInt("unitPriceCents", { description: "Cents." }),
    amount: t.exposeInt("amountCents", { description: "Quantity times unit price, in cents." }),
    tax: t.exposeInt("taxCents", { description: "Sales tax of this line, in cents." }),
    canEdit: t.exposeBoolean("canEdit"),
    canHaveQuantity: t.boolean({
      select: { catalogItemId: true },
      resolve: async (b, _a, ctx) =>
        b.catalogItemId ? ((await deliveries.loadCatalogItem(ctx, b.catalogItemId))?.canHaveQuantity ?? true) : true,
    }),
    description: t.field({
      type: [TextPieceRef],
      select: { catalogItemId: true, quantity: true, unitPriceCents: true, prepayQuantity: true },
      resolve: (b, _a, ctx) => deliveries.billingItemDescription(ctx, b),
    }),
  }),
});

export const WorkTimeRef = builder.objectRef<{ scheduled: Date; scheduledTime: string | null }>("WorkTime").implement({
  fields: (t) => ({
    scheduled: t.field({ type: "Date", resolve: (w) => w.scheduled }),
    scheduledTime: t.exposeString("scheduledTime", { nullable: true, description: "A time window, when promised." }),
  }),
});

export const DispositionRef = builder.objectRef<{ validationError: string | null }>("WorkOrderDisposition").implement({
  fields: (t) => ({
    validationError: t.exposeString("validationError", {
      nullable: true,
      description: "Why this open order may not go out as it is; null when it is fine.",
    }),
  }),
});

/** The shop order a delivery brings: its number is the one the customer knows (order history, e-mail). */
export const DeliveryShopOrderRef = builder
  .objectRef<{ number: string; paidOnline: boolean }>("DeliveryShopOrder")
  .implement({
    fields: (t) => ({
      number: t.exposeString("number", { description: 'The order number, shown as "#1004".' }),
      paidOnline: t.exposeBoolean("paidOnline", { description: "The order was paid by card when it was placed." }),
    }),
  });

const moneySelect = { billingItems: { select: { amountCents: true, taxCents: true } } } as const;

export const WorkOrderRef = builder.prismaObject("WorkOrder", {
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeInt("number"),
    customerId: t.exposeID("customerId"),
    serviceAddressId: t.exposeID("serviceAddressId"),
    name: t.exposeString("name"),
    workTime: t.field({
      type: WorkTimeRef,
      select: { scheduledDate: true, scheduledTime: true },
      resolve: (w) => ({ scheduled: w.scheduledDate, scheduledTime: w.scheduledTime }),
    }),
    billingItems: t.relation("billingItems", { query: { orderBy: [{ amountCents: "desc" }, { name: "asc" }] } }),
    purchaseOrderId: t.exposeID("purchaseOrderId", { nullable: true }),
    purchaseOrderNumber: t.string({
      nullable: true,
      select: { purchaseOrderId: true },
      resolve: async (w, _a, ctx) =>
        w.purchaseOrderId
          ? ((await ctx.db.purchaseOrder.findFirst({ where: { id: w.purchaseOrderId } }))?.number ?? null)
          : null,
    }),
    isOpen: t.exposeBoolean("isOpen"),
    isPortalOrder: t.boolean({ select: { source: true }, resolve: (w) => w.source === deliveries.PORTAL_SOURCE }),
    shopOrder: t.field({
      type: DeliveryShopOrderRef,
      nullable: true,
      description: "The shop order this delivery brings, if it came from the shop.",
      select: { id: true, source: true },
      resolve: async (w, _a, ctx) => {
        if (w.source !== "SHOP") return null;
        const order = await ctx.db.onlineOrder.findFirst({
          where: { workOrderId: w.id },
          select: { number: true, paymentAttemptId: true },
        });
        return order ? { number: order.number, paidOnline: !!order.paymentAttemptId } : null;
      },
    }),
    disposition: t.field({
      type: DispositionRef,
      select: { isOpen: true, status: true, scheduledDate: true, serviceAddress: { select: { isOnCreditHold: true } } },
      resolve: (w, _a, ctx) => ({ validationError: deliveries.validationError(ctx, w, w.serviceAddress) }),
    }),
    subtotal: t.int({
      description: "Sum of the lines, in cents.",
      select: moneySelect,
      resolve: (w) => totals(w.billingItems).subtotal,
    }),
    tax: t.int({
      description: "Sales tax, in cents.",
      select: moneySelect,
      resolve: (w) => totals(w.billingItems).tax,
    }),
    total: t.int({
      description: "Subtotal plus tax, in cents.",
      select: moneySelect,
      resolve: (w) => totals(w.billingItems).total,
    }),
    syncing: t.exposeBoolean("syncing"),
    canEdit: t.boolean({
      description: "Open, not posted and not before the next date an order may be changed for.",
      select: { isOpen: true, status: true, postedAt: true, scheduledDate: true, source: true },
      resolve: (w, _a, ctx) => deliveries.canEditOrder(w, deliveries.earliestDate(ctx)),
    }),
  }),
});

export const AddressItemRef = builder.objectRef<deliveries.AddressItem>("ServiceAddressBillingItem").implement({
  description: "An item delivered at a service address, at its current price.",
  fields: (t) => ({
    catalogItemId: t.exposeID("catalogItemId"),
    partNumber: t.exposeString("partNumber"),
    name: t.exposeString("name"),
    unitPrice: t.exposeInt("unitPriceCents", { description: "The price charged per unit now, in cents." }),
    regularPrice: t.exposeInt("regularPriceCents", { description: "The price before a sale, in cents." }),
    onSale: t.exposeBoolean("onSale"),
    defaultQuantity: t.exposeInt("defaultQuantity"),
    taxable: t.exposeBoolean("taxable"),
    taxRateBasisPoints: t.exposeInt("taxRateBasisPoints", {
      description: "Sales tax rate on this item (825 = 8.25%); tax is rounded to the cent per line.",
    }),
    canHaveQuantity: t.exposeBoolean("canHaveQuantity", {
      description: "False for rentals and services: at most one per delivery.",
    }),
  }),
});

builder.prismaObject("ServiceAddress", {
  fields: (t) => ({
    serviceAddressId: t.exposeID("id"),
    customerId: t.exposeID("customerId"),
    referenceNumber: t.exposeString("referenceNumber"),
    streetNumber: t.exposeString("streetNumber"),
    streetName: t.exposeString("streetName"),
    address2: t.exposeString("address2"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    company: t.exposeString("company"),
    city: t.exposeString("city"),
    state: t.exposeString("state"),
    countryId: t.exposeString("countryId"),
    postalCode: t.exposeString("postalCode"),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    isOnCreditHold: t.exposeBoolean("isOnCreditHold"),
    inactive: t.exposeBoolean("inactive"),
    services: t.relation("services", { query: { where: { inactive: false }, orderBy: { id: "asc" } } }),
    billingItems: t.field({
      type: [AddressItemRef],
      select: { id: true },
      resolve: (a, _args, ctx) => deliveries.addressItems(ctx, a.id),
    }),
    workOrders: t.prismaField({
      type: ["WorkOrder"],
      description:
        "Open and past deliveries at this address (cancelled ones left out), newest first. Needs the web-portal deliveries feature.",
      authScopes: { branchFeature: deliveries.DELIVERIES_FEATURE },
      args: { limit: t.arg.int({ defaultValue: 25, description: "At most 100." }) },
      resolve: async (query, address, args, ctx) => {
        return ctx.db.workOrder.findMany({
          ...query,
          where: { serviceAddressId: address.id, status: { not: "CANCELLED" } },
          orderBy: [{ scheduledDate: "desc" }, { number: "desc" }],
          take: Math.min(Math.max(args.limit ?? 25, 1), 100),
        });
      },
    }),
    workOrder: t.prismaField({
      type: "WorkOrder",
      nullable: true,
      description: "One delivery at this address (null when there is no such open or past delivery).",
      authScopes: { branchFeature: deliveries.DELIVERIES_FEATURE },
      args: { workOrderId: t.arg.id({ required: true }) },
      resolve: async (query, address, args, ctx) => {
        return ctx.db.workOrder.findFirst({
          ...query,
          where: { id: args.workOrderId, serviceAddressId: address.id, status: { not: "CANCELLED" } },
        });
      },
    }),
  }),
});

builder.prismaObjectFields("Customer", (t) => ({
  serviceAddressIds: t.idList({
    description: "The customer's active service addresses.",
    select: {
      serviceAddresses: { where: { inactive: false }, select: { id: true }, orderBy: { referenceNumber: "asc" } },
    },
    resolve: (c) => c.serviceAddresses.map((a) => a.id),
  }),
  serviceAddresses: t.relation("serviceAddresses", {
    args: {
      serviceAddressId: t.arg.id({ description: "Only this address." }),
      includeInactive: t.arg.boolean({ defaultValue: false }),
    },
    query: (args) => ({
      where: {
        ...(args.serviceAddressId ? { id: args.serviceAddressId } : {}),
        ...(args.includeInactive ? {} : { inactive: false }),
      },
      orderBy: { referenceNumber: "asc" },
    }),
  }),
  purchaseOrders: t.relation("purchaseOrders", { query: { orderBy: { number: "asc" } } }),
}));

export const RouteCalendarDateRef = builder.objectRef<OfferedDate>("RouteCalendarDate").implement({
  description: "A date a delivery may be scheduled for at a service address.",
  fields: (t) => ({
    serviceId: t.exposeID("serviceId"),
    date: t.field({ type: "Date", resolve: (d) => d.date }),
    routeNumber: t.exposeString("routeNumber"),
    routeName: t.exposeString("routeName"),
    isRegular: t.exposeBoolean("isRegular", { description: "On the service's regular delivery cycle." }),
    workOrderId: t.exposeID("workOrderId", {
      nullable: true,
      description: "An open delivery already scheduled on this date at this address.",
    }),
  }),
});

export type UpdateResult = {
  isSuccess: boolean;
  message: string;
  workOrderId: string | null;
  workOrder: Awaited<ReturnType<typeof deliveries.updateWorkOrder>>["workOrder"] | null;
};
export const UpdateWorkOrderResultRef = resultType<UpdateResult>(
  "UpdateWorkOrderResult",
  (t) => ({
    workOrderId: t.exposeID("workOrderId", { nullable: true }),
    workOrder: t.field({ type: WorkOrderRef, nullable: true, resolve: (r) => r.workOrder }),
  }),
  { description: "The scheduled or changed delivery; isSuccess false with the reason when it was refused." },
);

export const WorkOrderItemInputRef = builder.inputType("WorkOrderItemInput", {
  fields: (t) => ({
    catalogItemId: t.id({ required: true }),
    quantity: t.int({ required: true, description: "A whole number from 0 to 99; 0 leaves the item out." }),
  }),
});

export const WorkOrderInputRef = builder.inputType("WorkOrderInput", {
  description: "A delivery to schedule (no id) or change (id of an open work order).",
  fields: (t) => ({
    id: t.id(),
    customerId: t.id({ required: true }),
    serviceAddressId: t.id({ required: true }),
    scheduled: t.field({ type: "Date", required: true }),
    billingItems: t.field({ type: [WorkOrderItemInputRef], required: true }),
  }),
});
