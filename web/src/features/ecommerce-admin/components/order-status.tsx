import { Badge, type BadgeProps } from "@/components/ui/badge";
import { formatCalendarDate } from "@/lib/format";
import type { OnlineOrderRow, OrderStatus } from "../api";

// An online order's state as the team sees it: the status names and colours, and its delivery day.

export const ORDER_STATUSES: OrderStatus[] = ["PENDING", "SCHEDULED", "COMPLETED", "CANCELLED"];

export const orderStatusLabel: Record<OrderStatus, string> = {
  PENDING: "Pending",
  SCHEDULED: "Scheduled",
  COMPLETED: "Delivered",
  CANCELLED: "Cancelled",
};

const statusVariant: Record<OrderStatus, BadgeProps["variant"]> = {
  PENDING: "warning",
  SCHEDULED: "info",
  COMPLETED: "success",
  CANCELLED: "outline",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={statusVariant[status]}>{orderStatusLabel[status]}</Badge>;
}

/** The delivery day (the status badge says whether it is planned or done); the year only when not this one. */
export function deliveryText(o: OnlineOrderRow) {
  if (o.status === "CANCELLED") return "—";
  const day = o.status === "COMPLETED" ? (o.completedDate ?? o.scheduledDate) : o.scheduledDate;
  if (!day) return "Not scheduled";
  const thisYear = day.slice(0, 4) === String(new Date().getFullYear());
  return formatCalendarDate(day, thisYear ? "short" : "medium");
}
