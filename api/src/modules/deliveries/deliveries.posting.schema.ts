import { z } from "zod";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder, orKey, ResultRef, resultType } from "../../pothos/builder.ts";
import { parseInput, refusalAsResult } from "../../validation.ts";
import { moveNextDelivery, type PostingResult, postWorkOrder, skipStop } from "./deliveries.posting.ts";
import { WorkOrderRef } from "./deliveries.types.ts";

// The route's operations (deliveries.posting.ts): posting a work order and skipping a stop are what
// the driver's app and the desktop program call, so they are open to employees holding ROUTE_MANAGEMENT
// or DISPATCH and to API keys holding one of them; moving a next delivery is the office's (employees).
// Refusals the caller can act on (already posted, no reason, a date the route does not run) answer
// { isSuccess: false, message }; another branch's id is "not found".

const ROUTE: EmployeePermission[] = ["ROUTE_MANAGEMENT", "DISPATCH"];
const id = z.string().trim().min(1, "An id is required.").max(100, "That id is not valid.");

builder.prismaObjectFields("WorkOrder", (t) => ({
  postedAt: t.expose("postedAt", { type: "DateTime", nullable: true, description: "When it was posted (delivered)." }),
  skippedAt: t.expose("skippedAt", { type: "DateTime", nullable: true, description: "When the driver skipped it." }),
  skipReason: t.exposeString("skipReason", { description: "Why the driver skipped the stop; empty otherwise." }),
}));

const PostingResultRef = resultType<PostingResult>(
  "RouteWorkOrderResult",
  (t) => ({ workOrder: t.field({ type: WorkOrderRef, nullable: true, resolve: (r) => r.workOrder }) }),
  { description: "The posted or skipped work order; isSuccess false with the reason when it was refused." },
);
const refused = (message: string): PostingResult => ({ isSuccess: false, message, workOrder: null });

builder.mutationFields((t) => ({
  postWorkOrder: t.field({
    type: PostingResultRef,
    description:
      "Posts a delivered work order: it is closed and automations on WORK_ORDER_POSTED act. A posted, skipped or cancelled order is refused.",
    authScopes: orKey({ anyPermission: ROUTE }),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => refusalAsResult(() => postWorkOrder(ctx, parseInput(id, args.id)), refused),
  }),
  skipStop: t.field({
    type: PostingResultRef,
    description:
      "The driver skipped the stop: the work order is closed with the reason (required, at most 500 characters) and automations on STOP_SKIPPED act.",
    authScopes: orKey({ anyPermission: ROUTE }),
    args: { workOrderId: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      refusalAsResult(() => skipStop(ctx, parseInput(id, args.workOrderId), args.reason), refused),
  }),
  moveNextDelivery: t.field({
    type: ResultRef,
    description:
      "Moves the next regular delivery of an address's active services to a date (a run date of the route when it has a calendar, else any date after today); automations on NEXT_DELIVERY_MOVED act on the customer.",
    authScopes: { anyPermission: ROUTE },
    args: { serviceAddressId: t.arg.id({ required: true }), date: t.arg({ type: "Date", required: true }) },
    resolve: (_r, args, ctx) =>
      refusalAsResult(
        () => moveNextDelivery(ctx, parseInput(id, args.serviceAddressId), String(args.date)),
        (message) => ({ isSuccess: false, message }),
      ),
  }),
}));
