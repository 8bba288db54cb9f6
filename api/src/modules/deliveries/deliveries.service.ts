import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { CatalogItem, WorkOrder } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { findCustomer } from "../customers/customers.service.ts";
import {
  dateFromIso,
  earliestOrderDate,
  formatLongDate,
  isoDate,
  localNow,
  type OfferedDate,
  offeredDates,
  type ServiceSchedule,
} from "./delivery-dates.ts";
import { formatCents, lineTaxCents, type UnitPrice, unitPriceFor } from "./pricing.ts";

// Portal deliveries: the dates a customer may choose, their orders (work orders) and what they cost.
// Who may act on the customer is declared on the root fields (customerAccess / recordAccess scopes);
// every operation here checks the branch feature, then that the address and order belong to that
// customer (another branch's ids read as NOT_FOUND).
// Refusals a customer can act on (a date, a quantity, a purchase order, credit hold, an order that can
// no longer change) are BAD_USER_INPUT or CONFLICT here; the resolvers answer them as
// { isSuccess: false, message } (docs/decisions/0004, 0202).

export const MAX_QUANTITY = 99;
export const PORTAL_SOURCE = "PORTAL";

export const messages = {
  featureOff: "Scheduling deliveries online isn't available for this branch.",
  addressNotFound: "Service address not found.",
  orderNotFound: "Delivery not found.",
  inactiveAddress: "This service address is no longer active.",
  noItems: "Choose at least one item to deliver.",
  quantity: "Quantities must be whole numbers from 0 to 99.",
  duplicateItem: "Each item can be listed only once.",
  unknownItem: "That item isn't available for this address.",
  onceOnly: (name: string) => `${name} can only be added once per delivery.`,
  dateNotOffered: "Choose one of the available delivery dates.",
  dateTaken: "You already have a delivery on that date. Change that delivery instead.",
  poRequired: "A purchase order number is required for this account.",
  poTooLong: "Purchase order numbers are at most 30 characters.",
  notEditable: "This delivery can no longer be changed online. Please call us to change it.",
} as const;

export function creditHoldMessage(ctx: Context): string {
  const phone = ctx.branch.phone ? ` at ${ctx.branch.phone}` : "";
  return `This address is on credit hold, so deliveries can't be scheduled online. Please call us${phone} to arrange a delivery.`;
}

/** Deliveries are a portal feature of the branch (WEB_PORTAL_DELIVERIES): FORBIDDEN when it is off. */
export function requireDeliveriesFeature(ctx: Context, alsoAllowed: readonly string[] = []) {
  const features: readonly string[] = ctx.branch.features;
  if (features.includes("WEB_PORTAL_DELIVERIES")) return;
  if (alsoAllowed.some((f) => features.includes(f))) return;
  throw new AppError("FORBIDDEN", messages.featureOff);
}

export function deliveriesEnabled(ctx: Context): boolean {
  return ctx.branch.features.includes("WEB_PORTAL_DELIVERIES");
}

/** The first date an order may be placed for or changed on, in the branch's time zone. */
export function earliestDate(ctx: Context, now = clock.now()): string {
  return earliestOrderDate(now, ctx.branch.timeZone);
}

/**
 * Open, not posted, not cancelled and not before the next orderable date. Shop orders are prepaid: changing
 * or cancelling them here would leave the payment behind, so they are changed through the office.
 */
export function canEditOrder(
  order: Pick<WorkOrder, "isOpen" | "status" | "postedAt" | "scheduledDate" | "source">,
  earliest: string,
): boolean {
  return (
    order.source !== "SHOP" &&
    order.isOpen &&
    order.status === "ACTIVE" &&
    !order.postedAt &&
    isoDate(order.scheduledDate) >= earliest
  );
}

// ───────────── per-request catalog loader (billing items resolve their catalog item) ─────────────

const catalogLoaders = new WeakMap<Context, Map<string, Promise<CatalogItem | null>>>();

/** A catalog item of the branch, batched per request: the ids asked for in one tick load together. */
export function loadCatalogItem(ctx: Context, id: string): Promise<CatalogItem | null> {
  let cache = catalogLoaders.get(ctx);
  if (!cache) {
    cache = new Map();
    catalogLoaders.set(ctx, cache);
  }
  const hit = cache.get(id);
  if (hit) return hit;
  const batch = pendingBatch(ctx);
  const promise = new Promise<CatalogItem | null>((resolve, reject) => batch.waiting.push({ id, resolve, reject }));
  cache.set(id, promise);
  return promise;
}

type Waiting = { id: string; resolve: (c: CatalogItem | null) => void; reject: (e: unknown) => void };
const batches = new WeakMap<Context, { waiting: Waiting[] }>();

function pendingBatch(ctx: Context) {
  const batch = batches.get(ctx);
  if (batch) return batch;
  const created = { waiting: [] as Waiting[] };
  batches.set(ctx, created);
  queueMicrotask(async () => {
    batches.delete(ctx);
    try {
      const rows = await ctx.db.catalogItem.findMany({ where: { id: { in: created.waiting.map((w) => w.id) } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const w of created.waiting) w.resolve(byId.get(w.id) ?? null);
    } catch (e) {
      for (const w of created.waiting) w.reject(e);
    }
  });
  return created;
}

// ───────────── addresses and their items ─────────────

/** The address if it belongs to this customer (which the viewer must be linked to); else NOT_FOUND. */
export async function requireAddress(ctx: Context, customerId: string, serviceAddressId: string) {
  const customer = await findCustomer(ctx, customerId);
  const address = await ctx.db.serviceAddress.findFirst({ where: { id: serviceAddressId, customerId } });
  if (!address) throw new AppError("NOT_FOUND", messages.addressNotFound);
  return { customer, address };
}

export type AddressItem = {
  catalogItemId: string;
  partNumber: string;
  name: string;
  defaultQuantity: number;
  taxable: boolean;
  taxRateBasisPoints: number;
  canHaveQuantity: boolean;
} & UnitPrice;

/** The items delivered at an address with their current prices (a service address's billingItems). */
export async function addressItems(ctx: Context, serviceAddressId: string): Promise<AddressItem[]> {
  const rows = await ctx.db.serviceAddressItem.findMany({ where: { serviceAddressId }, orderBy: { id: "asc" } });
  if (!rows.length) return [];
  const catalog = await ctx.db.catalogItem.findMany({
    where: { id: { in: rows.map((r) => r.catalogItemId) }, inactive: false },
  });
  const byId = new Map(catalog.map((c) => [c.id, c]));
  const rate = ctx.branch.salesTaxRateBasisPoints;
  const items: AddressItem[] = [];
  for (const r of rows) {
    const c = byId.get(r.catalogItemId);
    if (!c) continue;
    items.push({
      catalogItemId: c.id,
      partNumber: c.partNumber,
      name: c.description,
      defaultQuantity: r.defaultQuantity,
      taxable: c.taxable,
      taxRateBasisPoints: c.taxable ? rate : 0,
      canHaveQuantity: c.canHaveQuantity,
      ...unitPriceFor(c, r.unitPriceCents),
    });
  }
  // what can be ordered by the piece first, then rentals and services; the main product leads
  return items.sort((a, b) => Number(b.canHaveQuantity) - Number(a.canHaveQuantity));
}

// ───────────── dates ─────────────

async function schedules(ctx: Context, serviceAddressId: string): Promise<ServiceSchedule[]> {
  const services = await ctx.db.service.findMany({
    where: { serviceAddressId, inactive: false },
    include: { route: { select: { id: true, routeNumber: true, name: true } } },
    orderBy: { id: "asc" },
  });
  return services.map((s) => ({
    serviceId: s.id,
    routeId: s.routeId,
    routeNumber: s.route.routeNumber,
    routeName: s.route.name,
    interval: s.routeFrequencyInterval,
    nextDeliveryDate: s.nextDeliveryDate ? isoDate(s.nextDeliveryDate) : null,
  }));
}

async function datesFor(ctx: Context, serviceAddressId: string, now = clock.now()): Promise<OfferedDate[]> {
  const services = await schedules(ctx, serviceAddressId);
  if (!services.length) return [];
  const earliest = earliestDate(ctx, now);
  const [calendar, open] = await Promise.all([
    ctx.db.routeCalendarDate.findMany({
      where: { routeId: { in: [...new Set(services.map((s) => s.routeId))] }, date: { gte: dateFromIso(earliest) } },
      select: { routeId: true, date: true },
      orderBy: { date: "asc" },
    }),
    ctx.db.workOrder.findMany({
      where: { serviceAddressId, isOpen: true, status: "ACTIVE", scheduledDate: { gte: dateFromIso(earliest) } },
      select: { id: true, scheduledDate: true },
      orderBy: { number: "asc" },
    }),
  ]);
  return offeredDates({
    services,
    calendar: calendar.map((c) => ({ routeId: c.routeId, date: isoDate(c.date) })),
    earliest,
    openOrders: open.map((o) => ({ id: o.id, date: isoDate(o.scheduledDate) })),
  });
}

/** routeCalendarDates(customerId, serviceAddressId): the dates a delivery may be scheduled for. */
export async function routeCalendarDates(ctx: Context, customerId: string, serviceAddressId: string) {
  // The shop's checkout chooses a delivery date from the same calendar.
  requireDeliveriesFeature(ctx, ["E_COMMERCE"]);
  const { address } = await requireAddress(ctx, customerId, serviceAddressId);
  if (address.inactive) return [];
  return datesFor(ctx, address.id);
}

// ───────────── work orders ─────────────

export type WorkOrderItemInput = { catalogItemId: string; quantity: number };
export type WorkOrderInput = {
  id?: string | null;
  customerId: string;
  serviceAddressId: string;
  scheduled: string;
  billingItems: WorkOrderItemInput[];
};

function badInput(message: string): never {
  throw new AppError("BAD_USER_INPUT", message);
}

function checkQuantities(items: WorkOrderItemInput[]) {
  const seen = new Set<string>();
  for (const i of items) {
    if (!Number.isInteger(i.quantity) || i.quantity < 0 || i.quantity > MAX_QUANTITY) badInput(messages.quantity);
    if (seen.has(i.catalogItemId)) badInput(messages.duplicateItem);
    seen.add(i.catalogItemId);
  }
  if (!items.some((i) => i.quantity > 0)) badInput(messages.noItems);
}

/** The purchase order to record: an existing one of the customer by number, else a new one. */
async function resolvePurchaseOrder(
  ctx: Context,
  customer: { id: string; purchaseOrderRequired: boolean },
  number: string | null | undefined,
): Promise<{ id: string | null; create: string | null }> {
  const text = (number ?? "").trim();
  if (!text) {
    if (customer.purchaseOrderRequired) badInput(messages.poRequired);
    return { id: null, create: null };
  }
  if (text.length > 30) badInput(messages.poTooLong);
  const existing = await ctx.db.purchaseOrder.findMany({ where: { customerId: customer.id } });
  const match = existing.find((p) => p.number.toLowerCase() === text.toLowerCase());
  return match ? { id: match.id, create: null } : { id: null, create: text };
}

function description(p: {
  quantity: number;
  unit: UnitPrice;
  taxable: boolean;
  canHaveQuantity: boolean;
  prepayQuantity?: number;
}) {
  const pieces: { text: string; style: "IMPORTANT" | "NORMAL" | "SUBTLE" }[] = [];
  pieces.push({
    text: p.canHaveQuantity
      ? `${p.quantity} × ${formatCents(p.unit.unitPriceCents)}`
      : formatCents(p.unit.unitPriceCents),
    style: "NORMAL",
  });
  if (p.unit.onSale) pieces.push({ text: `Sale (was ${formatCents(p.unit.regularPriceCents)})`, style: "IMPORTANT" });
  // In the customer's words: what is already paid for, and that sales tax is added.
  if (p.prepayQuantity)
    pieces.push({
      text: p.prepayQuantity >= p.quantity ? "Already paid" : `${p.prepayQuantity} already paid`,
      style: "SUBTLE",
    });
  if (p.taxable) pieces.push({ text: "Plus sales tax", style: "SUBTLE" });
  return pieces;
}

export type BillingItemDescription = ReturnType<typeof description>;

/**
 * Description pieces of a stored billing item (a list of text pieces, each with a style).
 * The sale mark is shown when the catalog's sale price is what the line was priced at.
 */
export async function billingItemDescription(
  ctx: Context,
  line: { catalogItemId: string | null; quantity: number; unitPriceCents: number; prepayQuantity: number },
): Promise<BillingItemDescription> {
  const c = line.catalogItemId ? await loadCatalogItem(ctx, line.catalogItemId) : null;
  const onSale = !!c && c.salePriceCents !== null && c.salePriceCents === line.unitPriceCents;
  return description({
    quantity: line.quantity,
    unit: {
      unitPriceCents: line.unitPriceCents,
      regularPriceCents: onSale && c ? c.retailPriceCents : line.unitPriceCents,
      onSale: onSale && !!c && c.retailPriceCents > line.unitPriceCents,
    },
    taxable: c?.taxable ?? false,
    canHaveQuantity: c?.canHaveQuantity ?? true,
    prepayQuantity: line.prepayQuantity,
  });
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === "object" && e !== null && "code" in e && (e as { code?: string }).code === "P2002";
}

/**
 * updateWorkOrder(workOrder, purchaseOrder): schedules a new delivery (a work order numbered next in the
 * branch, source PORTAL) or changes an open one that can still be edited. Everything is checked before
 * anything is written; the write is one transaction.
 */
export async function updateWorkOrder(ctx: Context, input: WorkOrderInput, purchaseOrder: string | null | undefined) {
  requireDeliveriesFeature(ctx);
  const { customer, address } = await requireAddress(ctx, input.customerId, input.serviceAddressId);

  let existing: (WorkOrder & { billingItems: { catalogItemId: string | null; canEdit: boolean }[] }) | null = null;
  const earliest = earliestDate(ctx);
  if (input.id) {
    existing = await ctx.db.workOrder.findFirst({
      where: { id: input.id, customerId: customer.id, serviceAddressId: address.id },
      include: { billingItems: { select: { catalogItemId: true, canEdit: true } } },
    });
    if (!existing || existing.status === "CANCELLED") throw new AppError("NOT_FOUND", messages.orderNotFound);
    if (!canEditOrder(existing, earliest)) throw new AppError("CONFLICT", messages.notEditable);
  }
  if (address.inactive) badInput(messages.inactiveAddress);
  if (address.isOnCreditHold) throw new AppError("CONFLICT", creditHoldMessage(ctx));

  checkQuantities(input.billingItems);

  // the date: one the address's routes run on, from the next open slot; an order may keep its own date
  const offered = await datesFor(ctx, address.id);
  const keepsDate = existing && isoDate(existing.scheduledDate) === input.scheduled;
  const slot = offered.find((d) => d.date === input.scheduled);
  if (!slot && !keepsDate) badInput(messages.dateNotOffered);
  if (slot?.workOrderId && slot.workOrderId !== existing?.id) throw new AppError("CONFLICT", messages.dateTaken);

  // the items: the address's billing items, plus those already on the order being changed
  const offeredItems = await addressItems(ctx, address.id);
  const offeredById = new Map(offeredItems.map((i) => [i.catalogItemId, i]));
  const onOrder = new Set(
    (existing?.billingItems ?? []).filter((b) => b.canEdit && b.catalogItemId).map((b) => b.catalogItemId!),
  );
  const rate = ctx.branch.salesTaxRateBasisPoints;
  const lines: {
    catalogItemId: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    amountCents: number;
    taxCents: number;
  }[] = [];
  for (const want of input.billingItems) {
    let item = offeredById.get(want.catalogItemId);
    if (!item && onOrder.has(want.catalogItemId)) {
      const c = await loadCatalogItem(ctx, want.catalogItemId);
      if (c)
        item = {
          catalogItemId: c.id,
          partNumber: c.partNumber,
          name: c.description,
          defaultQuantity: 0,
          taxable: c.taxable,
          taxRateBasisPoints: c.taxable ? rate : 0,
          canHaveQuantity: c.canHaveQuantity,
          ...unitPriceFor(c, null),
        };
    }
    if (!item) badInput(messages.unknownItem);
    if (!item.canHaveQuantity && want.quantity > 1) badInput(messages.onceOnly(item.name));
    if (want.quantity === 0) continue;
    const amount = want.quantity * item.unitPriceCents;
    lines.push({
      catalogItemId: item.catalogItemId,
      name: item.name,
      quantity: want.quantity,
      unitPriceCents: item.unitPriceCents,
      amountCents: amount,
      taxCents: lineTaxCents(amount, item.taxable, rate),
    });
  }

  const po = await resolvePurchaseOrder(ctx, customer, purchaseOrder);
  const service = slot
    ? await ctx.db.service.findFirst({ where: { id: slot.serviceId }, include: { route: true } })
    : null;
  const name = service ? `${service.route.name || `Route ${service.route.routeNumber}`} delivery` : "Delivery";

  let saved: WorkOrder | null = null;
  for (let attempt = 0; attempt < 5 && !saved; attempt++) {
    try {
      saved = await ctx.db.$transaction(async (tx) => {
        let purchaseOrderId = po.id;
        if (po.create) {
          const created = await tx.purchaseOrder.create({
            data: { branchId: ctx.branch.id, customerId: customer.id, number: po.create },
          });
          purchaseOrderId = created.id;
        }
        let order: WorkOrder;
        if (existing) {
          // only lines the portal may edit are replaced; the office's fixed lines stay
          await tx.billingItem.deleteMany({ where: { workOrderId: existing.id, canEdit: true } });
          order = await tx.workOrder.update({
            where: { id: existing.id },
            data: { scheduledDate: dateFromIso(input.scheduled), purchaseOrderId, ...(slot ? { name } : {}) },
          });
        } else {
          const max = await tx.workOrder.aggregate({ _max: { number: true } });
          order = await tx.workOrder.create({
            data: {
              branchId: ctx.branch.id,
              number: (max._max.number ?? 0) + 1,
              customerId: customer.id,
              serviceAddressId: address.id,
              workType: "WORK_ORDER",
              name,
              scheduledDate: dateFromIso(input.scheduled),
              purchaseOrderId,
              isOpen: true,
              status: "ACTIVE",
              source: PORTAL_SOURCE,
              createdByUserId: ctx.viewer?.userId ?? null,
            },
          });
        }
        await tx.billingItem.createMany({
          data: lines.map((l) => ({ ...l, workOrderId: order.id, canEdit: true, branchId: ctx.branch.id })),
        });
        return order;
      });
    } catch (e) {
      // two orders numbered at once: take the next number
      if (!existing && isUniqueViolation(e) && attempt < 4) continue;
      throw e;
    }
  }
  const when = formatLongDate(input.scheduled);
  return {
    isSuccess: true,
    message: existing ? `Your delivery on ${when} has been updated.` : `Your delivery on ${when} is scheduled.`,
    workOrderId: saved!.id,
    workOrder: saved!,
  };
}

/** cancelWorkOrder(workOrderId): only an open order the customer can still edit; it becomes CANCELLED. */
export async function cancelWorkOrder(ctx: Context, workOrderId: string) {
  requireDeliveriesFeature(ctx);
  const order = await ctx.db.workOrder.findFirst({ where: { id: workOrderId } });
  if (!order || order.status === "CANCELLED") throw new AppError("NOT_FOUND", messages.orderNotFound);
  if (!canEditOrder(order, earliestDate(ctx))) throw new AppError("CONFLICT", messages.notEditable);
  const done = await ctx.db.workOrder.updateMany({
    where: { id: order.id, isOpen: true, status: "ACTIVE", postedAt: null },
    data: { status: "CANCELLED", isOpen: false },
  });
  if (done.count !== 1) throw new AppError("CONFLICT", messages.notEditable);
  return { isSuccess: true, message: `Your delivery on ${formatLongDate(isoDate(order.scheduledDate))} is cancelled.` };
}

/** Why an open order may not go out as it is (a work order disposition's validationError). */
export function validationError(
  ctx: Context,
  order: Pick<WorkOrder, "isOpen" | "status" | "scheduledDate">,
  address: { isOnCreditHold: boolean } | null,
  now = clock.now(),
): string | null {
  if (!order.isOpen || order.status !== "ACTIVE") return null;
  if (address?.isOnCreditHold) return "This address is on credit hold.";
  if (isoDate(order.scheduledDate) < localNow(now, ctx.branch.timeZone).date) return "The scheduled date has passed.";
  return null;
}
