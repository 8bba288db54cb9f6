import { z } from "zod";
import { builder, ResultRef } from "../../pothos/builder.ts";
import "./address-autocomplete.schema.ts";
import "./deliveries.posting.schema.ts";
import { parseInput, refusalAsResult } from "../../validation.ts";
import * as deliveries from "./deliveries.service.ts";
import {
  RouteCalendarDateRef,
  type UpdateResult,
  UpdateWorkOrderResultRef,
  WorkOrderInputRef,
} from "./deliveries.types.ts";

export { WorkOrderRef } from "./deliveries.types.ts";

// Deliveries: the Customer's service addresses with their services and work
// orders, the route calendar, and scheduling, changing and cancelling deliveries from the portal.
// Money fields (unitPrice, amount, subtotal, tax, total) are integer cents.
// The types: deliveries.types.ts.

// ───────────── operations ─────────────

const id = z.string().trim().min(1).max(100);
const workOrderSchema = z.object({
  id: id.nullish(),
  customerId: id,
  serviceAddressId: id,
  scheduled: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  billingItems: z
    .array(z.object({ catalogItemId: id, quantity: z.number() }))
    .max(50, "A delivery has at most 50 items."),
});

builder.queryFields((t) => ({
  routeCalendarDates: t.field({
    type: [RouteCalendarDateRef],
    description:
      "The dates a delivery may be scheduled for at this address: days its routes run, from the next open slot, within one service cycle.",
    authScopes: (_r, { customerId }) => ({
      $all: { branchFeature: deliveries.CALENDAR_FEATURE, customerAccess: { customerId: String(customerId) } },
    }),
    args: { customerId: t.arg.id({ required: true }), serviceAddressId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => deliveries.routeCalendarDates(ctx, args.customerId, args.serviceAddressId),
  }),
}));

builder.mutationFields((t) => ({
  updateWorkOrder: t.field({
    type: UpdateWorkOrderResultRef,
    description: "Schedules a delivery (no id) or changes an open one that can still be edited.",
    authScopes: (_r, { workOrder }) => ({
      $all: {
        branchFeature: deliveries.DELIVERIES_FEATURE,
        customerAccess: { customerId: workOrder.customerId },
        ...(workOrder.id != null ? { recordAccess: { kind: "workOrder" as const, id: workOrder.id } } : {}),
      },
    }),
    args: {
      workOrder: t.arg({ type: WorkOrderInputRef, required: true }),
      purchaseOrder: t.arg.string({ description: "Purchase order number; required when the account requires one." }),
    },
    resolve: (_r, args, ctx) =>
      refusalAsResult<UpdateResult>(
        () => {
          const input = parseInput(workOrderSchema, {
            ...args.workOrder,
            id: args.workOrder.id ?? null,
            customerId: args.workOrder.customerId,
            serviceAddressId: args.workOrder.serviceAddressId,
            billingItems: args.workOrder.billingItems.map((b) => ({ ...b, catalogItemId: b.catalogItemId })),
          });
          return deliveries.updateWorkOrder(ctx, input, args.purchaseOrder);
        },
        (message) => ({ isSuccess: false, message, workOrderId: null, workOrder: null }),
      ),
  }),
  cancelWorkOrder: t.field({
    type: ResultRef,
    description: "Cancels an open delivery that can still be edited.",
    authScopes: (_r, { workOrderId }) => ({
      $all: { branchFeature: deliveries.DELIVERIES_FEATURE, recordAccess: { kind: "workOrder", id: workOrderId } },
    }),
    args: { workOrderId: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      refusalAsResult(
        () => deliveries.cancelWorkOrder(ctx, parseInput(id, args.workOrderId)),
        (message) => ({ isSuccess: false, message }),
      ),
  }),
}));
