import { RotateCcwIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { Link, useLocation } from "wouter";
import { BackLink } from "@/components/shell/back-link";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCalendarDate, formatInstantDate } from "@/lib/format";
import { useOverview } from "@/lib/overview";
import type { RouteParams } from "@/lib/route-table";
import { formatMoney, formatOrderId } from "@/lib/utils";
import { useCartActions } from "../api/cart";
import { type ShopOrder, useOnlineOrder } from "../api/orders";
import { deliveryText, OrderInvoiceButton, OrderStatusBadge } from "../components/order-status";
import { TotalsList } from "../components/order-summary";
import { ProductImage } from "../components/product-image";

/** The order lines' columns: heading and class (price and tax hide on narrow screens). */
const lineColumns: [string, string?][] = [
  ["Item"],
  ["Qty", "text-right"],
  ["Price", "hidden text-right sm:table-cell"],
  ["Tax", "hidden text-right sm:table-cell"],
  ["Amount", "text-right"],
];

/** /shop/orders/{orderId}: one order's items, delivery, payment and totals. */
export default function OrderPage({ params }: { params: RouteParams }) {
  const query = useOnlineOrder(params.orderId ?? "");
  const order = query.data?.onlineOrder;
  if (query.isPending)
    return (
      <div className="grid gap-4" role="status" aria-label="Loading order">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-28" />
        <Skeleton className="h-64" />
      </div>
    );
  if (!order)
    return <QueryError error={query.error} title="We couldn't load this order" onRetry={() => query.refetch()} />;
  return <OrderDetail order={order} />;
}

function OrderDetail({ order }: { order: ShopOrder }) {
  const { overview } = useOverview();
  const { add } = useCartActions();
  const [, navigate] = useLocation();
  const [buying, setBuying] = useState(false);
  const number = formatOrderId(order.number);
  const again = order.lines.filter((l) => l.productAvailable);

  async function buyAgain() {
    setBuying(true);
    let added = 0;
    for (const l of again) if (await add(l.itemId, l.quantity)) added++;
    setBuying(false);
    if (added) {
      toast.success(
        `Added ${added === again.length ? "the items" : `${added} of ${again.length} items`} to your cart.`,
      );
      navigate("/shop/cart");
    }
  }

  const meta: [string, ReactNode][] = [
    ["Placed", formatInstantDate(order.placedAt, overview?.branchTimezone)],
    [
      order.status === "COMPLETED" ? "Delivered" : "Delivery",
      order.status === "COMPLETED"
        ? formatCalendarDate(order.completedDate ?? order.scheduledDate, "full")
        : order.status === "CANCELLED"
          ? "Cancelled"
          : formatCalendarDate(order.scheduledDate, "full") || "To be scheduled",
    ],
    ["Deliver to", order.addressLabel],
    ["Account", `${order.accountNumber} · ${order.customerName}`],
    ["Paid with", order.paymentLabel || "—"],
  ];
  if (order.purchaseOrderNumber) meta.push(["Purchase order", order.purchaseOrderNumber]);

  return (
    <div className="grid gap-4">
      <DocumentTitle title={number ? `Order ${number}` : "Order"} />
      <BackLink href="/shop/history">Order history</BackLink>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h1 className="flex flex-wrap items-center gap-3 font-semibold text-2xl tracking-tight">
            {number ? `Order ${number}` : "Order"}
            <OrderStatusBadge status={order.status} />
          </h1>
          <p className="text-muted-foreground text-sm">{deliveryText(order)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <OrderInvoiceButton order={order} variant="outline" className="max-sm:h-10" />
          {again.length ? (
            <Button className="max-sm:h-10" onClick={buyAgain} disabled={buying}>
              {buying ? <Spinner className="text-current" /> : <RotateCcwIcon aria-hidden="true" />}
              Buy again
            </Button>
          ) : null}
        </div>
      </header>

      <Card>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {meta.map(([k, v]) => (
              <div key={k} className="grid gap-0.5">
                <dt className="text-muted-foreground text-xs">{k}</dt>
                <dd className="font-medium">{v}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
        <Card className="py-0">
          <Table>
            <TableHeader>
              <TableRow>
                {lineColumns.map(([label, className]) => (
                  <TableHead key={label} className={className}>
                    {label}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {order.lines.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>
                    <div className="flex items-center gap-3">
                      <ProductImage src={l.image?.url} alt="" className="size-12 shrink-0" />
                      {l.productAvailable ? (
                        <Link href={`/shop/products/${l.itemId}`} className="font-medium hover:underline">
                          {l.title}
                        </Link>
                      ) : (
                        <span className="font-medium">{l.title}</span>
                      )}
                    </div>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{l.quantity}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {formatMoney(l.unitPrice)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {l.salesTax ? formatMoney(l.salesTax) : "—"}
                  </TableCell>
                  <TableCell className="text-right font-medium tabular-nums">{formatMoney(l.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Summary</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <TotalsList
              totals={{
                products: order.subtotal,
                tax: order.tax,
                shipping: order.shipping,
                shippingTax: order.shippingTax,
                total: order.total,
              }}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
