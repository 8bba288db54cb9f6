import { ChevronRightIcon, PackageIcon } from "lucide-react";
import { Link, useLocation } from "wouter";
import { CustomerSelect } from "@/components/customer-options";
import { LinkEmptyState } from "@/components/portal-empty-state";
import { QueryError } from "@/components/shell/query-error";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { TitledPageHeader } from "@/components/shell/titled-page-header";
import { Button } from "@/components/ui/button";
import { SelectItem } from "@/components/ui/select";
import { formatInstantDate, pluralize } from "@/lib/format";
import { useOverview } from "@/lib/overview";
import type { RouteParams } from "@/lib/route-table";
import { formatMoney, formatOrderId } from "@/lib/utils";
import { useShopCustomers } from "../api/checkout";
import { type ShopOrder, useOrderHistory } from "../api/orders";
import { deliveryText, OrderInvoiceButton, OrderStatusBadge } from "../components/order-status";
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
          <OrderInvoiceButton
            order={order}
            variant="ghost"
            size="sm"
            className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm"
          />
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
      <TitledPageHeader
        title="Order History"
        description="Your shop orders, newest first."
        actions={
          customers.length > 1 ? (
            <div className="flex items-center gap-2">
              <label htmlFor="history-account" className="text-muted-foreground text-sm">
                Account
              </label>
              <CustomerSelect
                customers={customers}
                value={customerId ?? ALL}
                onValueChange={(v) => navigate(v === ALL ? "/shop/history" : `/shop/history/${v}`)}
                trigger={{ id: "history-account", className: "h-9 w-64" }}
              >
                <SelectItem value={ALL}>All accounts</SelectItem>
              </CustomerSelect>
            </div>
          ) : null
        }
      />
      {query.isPending ? (
        <SkeletonBlocks label="Loading orders" className="grid gap-3" blocks={["h-36", "h-36"]} />
      ) : query.isError && !query.data ? (
        <QueryError error={query.error} title="We couldn't load your orders" onRetry={() => query.refetch()} />
      ) : orders.length === 0 ? (
        <LinkEmptyState
          icon={<PackageIcon aria-hidden="true" />}
          title="No orders yet"
          description="Orders you place in the shop show up here."
          href="/shop"
          linkText="Go to the shop"
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
