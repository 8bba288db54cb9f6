import { FileTextIcon } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button, type ButtonProps } from "@/components/ui/button";
import { formatCalendarDate } from "@/lib/format";

const labels: Record<string, { text: string; variant: "info" | "success" | "secondary" | "warning" }> = {
  PENDING: { text: "Pending", variant: "warning" },
  SCHEDULED: { text: "Scheduled", variant: "info" },
  COMPLETED: { text: "Delivered", variant: "success" },
  CANCELLED: { text: "Cancelled", variant: "secondary" },
};

export function OrderStatusBadge({ status }: { status: string }) {
  const l = labels[status] ?? { text: status, variant: "secondary" as const };
  return <Badge variant={l.variant}>{l.text}</Badge>;
}

/** "Delivered Nov 9, 2026" / "Arriving Mon, Nov 30, 2026" / "Cancelled". */
export function deliveryText(o: { status: string; scheduledDate: string | null; completedDate: string | null }) {
  if (o.status === "COMPLETED") return `Delivered ${formatCalendarDate(o.completedDate ?? o.scheduledDate, "medium")}`;
  if (o.status === "CANCELLED") return "Cancelled";
  return o.scheduledDate ? `Arriving ${formatCalendarDate(o.scheduledDate, "weekday")}` : "Delivery date to be set";
}

type InvoicedOrder = { invoiceId: string | null; invoiceDisplayId: string | null; customerId: string };

/** "Invoice 123", a link to the account's billing page; nothing while the order has no invoice. */
export function OrderInvoiceButton({
  order,
  ...button
}: { order: InvoicedOrder } & Pick<ButtonProps, "variant" | "size" | "className">) {
  if (!order.invoiceId) return null;
  return (
    <Button asChild {...button}>
      <Link href={`/v2/billing/${order.customerId}`}>
        <FileTextIcon aria-hidden="true" />
        Invoice {order.invoiceDisplayId}
      </Link>
    </Button>
  );
}
