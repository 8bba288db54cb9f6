import { clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors.ts";
import { deliver, raise } from "../../events/bus.ts";
import type { WorkOrder } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { formatMoney } from "../../shared/money.ts";
import { addressItems, datesFor, loadCatalogItem, requireAddress } from "./deliveries.addresses.ts";
import {
  canEditOrder,
  creditHoldMessage,
  earliestDate,
  MAX_QUANTITY,
  messages,
  PORTAL_SOURCE,
} from "./deliveries.common.ts";
import { dateFromIso, formatLongDate, isoDate, localNow } from "./delivery-dates.ts";
import { lineTaxCents, type UnitPrice, unitPriceFor } from "./pricing.ts";

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
      ? `${p.quantity} × ${formatMoney(p.unit.unitPriceCents)}`
      : formatMoney(p.unit.unitPriceCents),
    style: "NORMAL",
  });
  if (p.unit.onSale) pieces.push({ text: `Sale (was ${formatMoney(p.unit.regularPriceCents)})`, style: "IMPORTANT" });
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

/**
 * updateWorkOrder(workOrder, purchaseOrder): schedules a new delivery (a work order numbered next in the
 * branch, source PORTAL) or changes an open one that can still be edited. Everything is checked before
 * anything is written; the write is one transaction.
 */
export async function updateWorkOrder(ctx: Context, input: WorkOrderInput, purchaseOrder: string | null | undefined) {
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
        // Automations on "a work order is created" may act on a newly scheduled delivery: the event
        // commits with the order (events/bus.ts).
        if (!existing) await raise(tx, ctx, "WORK_ORDER_CREATED", { tableId: "WORK_ORDER", entityId: order.id });
        return order;
      });
    } catch (e) {
      // two orders numbered at once: take the next number
      if (!existing && isUniqueViolation(e) && attempt < 4) continue;
      throw e;
    }
  }
  await deliver(ctx);
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
