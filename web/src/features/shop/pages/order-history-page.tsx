import { ChevronRightIcon, FileTextIcon, PackageIcon } from "lucide-react";
import { Link, useLocation } from "wouter";
import { CustomerOptions } from "@/components/customer-options";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatInstantDate, pluralize } from "@/lib/format";
import { useOverview } from "@/lib/overview";
import type { RouteParams } from "@/lib/route-table";
import { formatMoney, formatOrderId } from "@/lib/utils";
import { useShopCustomers } from "../api/checkout";
import { type ShopOrder, useOrderHistory } from "../api/orders";
import { deliveryText, OrderStatusBadge } from "../components/order-status";
import { ProductImage } from "../components/product-image";

const ALL = "all";

function OrderCard({ order, showAccount, timeZone }: { order: ShopOrder; showAccount: boolean; timeZone?: string }) {
  const number = formatOrderId(order.number);
  const units = order.lines.reduce((s, l) => s + l.quantity, 0);
  const href = `/shop/orders/${order.id}`;
  return (
    <li className="rounded-lg border bg-card shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b bg-muted/40 px-4 py-3 text-sm">
        <dl className="flex flex-wrap gap-x-6 gap-y-1">
          <div>
            <dt className="text-muted-foreground text-xs">Order</dt>
            <dd className="font-semibold">{number || "—"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Placed</dt>
            <dd>{formatInstantDate(order.placedAt, timeZone)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Total</dt>
            <dd className="font-medium tabular-nums">{formatMoney(order.total)}</dd>
          </div>
          {showAccount ? (
            <div>
              <dt className="text-muted-foreground text-xs">Account</dt>
              <dd>{order.accountNumber}</dd>
            </div>
          ) : null}
        </dl>
        <OrderStatusBadge status={order.status} />
      </div>
      <div className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
        <div className="flex -space-x-3" aria-hidden="true">
          {order.lines.slice(0, 4).map((l) => (
            <ProductImage key={l.id} src={l.image?.url} alt="" className="size-14 rounded-md border-2 border-card" />
          ))}
        </div>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="font-medium text-sm">{deliveryText(order)}</p>
          <p className="truncate text-muted-foreground text-sm">
            {pluralize(units, "item")}: {order.oneLineBillingDescription}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {order.invoiceId ? (
            <Button asChild variant="ghost" size="sm" className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm">
              <Link href={`/v2/billing/${order.customerId}`}>
                <FileTextIcon aria-hidden="true" />
                Invoice {order.invoiceDisplayId}
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm" className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm">
            <Link href={href} aria-label={`View order ${number || ""}`.trim()}>
              View order
              <ChevronRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /shop/history and /shop/history/{customerId}: past and upcoming online orders. */
export default function OrderHistoryPage({ params }: { params: RouteParams }) {
  const customerId = params.customerId ?? null;
  const [, navigate] = useLocation();
  const customers = useShopCustomers().data?.customers ?? [];
  const { overview } = useOverview();
  const query = useOrderHistory(customerId);
  const orders = query.data?.orderHistory ?? [];

  return (
    <div className="grid gap-2">
      <DocumentTitle title="Order History" />
      <PageHeader
        title="Order History"
        description="Your shop orders, newest first."
        actions={
          customers.length > 1 ? (
            <div className="flex items-center gap-2">
              <label htmlFor="history-account" className="text-muted-foreground text-sm">
                Account
              </label>
              <Select
                value={customerId ?? ALL}
                onValueChange={(v) => navigate(v === ALL ? "/shop/history" : `/shop/history/${v}`)}
              >
                <SelectTrigger id="history-account" className="h-9 w-64">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All accounts</SelectItem>
                  <CustomerOptions customers={customers} />
                </SelectContent>
              </Select>
            </div>
          ) : null
        }
      />
      {query.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading orders">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : query.isError && !query.data ? (
        <QueryError error={query.error} title="We couldn't load your orders" onRetry={() => query.refetch()} />
      ) : orders.length === 0 ? (
        <EmptyState
          icon={<PackageIcon aria-hidden="true" />}
          title="No orders yet"
          description="Orders you place in the shop show up here."
          action={<LinkButton href="/shop">Go to the shop</LinkButton>}
          className="bg-card"
        />
      ) : (
        <ul className="grid gap-3" aria-label="Orders">
          {orders.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              showAccount={customers.length > 1 && !customerId}
              timeZone={overview?.branchTimezone}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
