import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { CatalogItem } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { findCustomer } from "../customers/customers.service.ts";
import { earliestDate, messages } from "./deliveries.common.ts";
import { dateFromIso, isoDate, type OfferedDate, offeredDates, type ServiceSchedule } from "./delivery-dates.ts";
import { type UnitPrice, unitPriceFor } from "./pricing.ts";

// A customer's service addresses, the items delivered there and the dates a delivery may be scheduled
// for, and the per-request catalog loader.

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

export async function schedules(ctx: Context, serviceAddressId: string): Promise<ServiceSchedule[]> {
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

export async function datesFor(ctx: Context, serviceAddressId: string, now = clock.now()): Promise<OfferedDate[]> {
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
  const { address } = await requireAddress(ctx, customerId, serviceAddressId);
  if (address.inactive) return [];
  return datesFor(ctx, address.id);
}
