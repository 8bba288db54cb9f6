import { ChevronDownIcon, ReceiptTextIcon, SearchIcon, ShoppingCartIcon, Trash2Icon } from "lucide-react";
import { Fragment, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { useLocation, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatCalendarDate, formatDateTime, timeAgo } from "@/lib/format";
import { describeRequestError } from "@/lib/query-client";
import { cn, formatMoney, formatOrderId } from "@/lib/utils";
import {
  type OnlineOrderRow,
  type OpenCart,
  type OrderStatus,
  useClearCart,
  useOnlineOrders,
  useOpenCarts,
  useRefreshOperations,
} from "../api";
import { useBranchTimeZone } from "../format";

const PAGE_SIZE = 20;
const STATUSES: OrderStatus[] = ["PENDING", "SCHEDULED", "COMPLETED", "CANCELLED"];
const statusLabel: Record<OrderStatus, string> = {
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
  return <Badge variant={statusVariant[status]}>{statusLabel[status]}</Badge>;
}

function useQueryParams() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const q = next.toString();
    navigate(`/team/ecommerce-operations${q ? `?${q}` : ""}`, { replace: true });
  };
  return [params, set] as const;
}

function TableSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2 p-4">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}

function OrderLines({ order }: { order: OnlineOrderRow }) {
  return (
    <div className="grid gap-2 rounded-md bg-muted/40 p-3 text-sm">
      <ul className="grid gap-1">
        {order.lines.map((l) => (
          <li key={l.id} className="flex justify-between gap-3">
            <span>
              {l.quantity} × {l.title} <span className="text-muted-foreground">@ {formatMoney(l.unitPriceCents)}</span>
            </span>
            <span className="tabular-nums">{formatMoney(l.amountCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid gap-0.5 border-t pt-2 text-muted-foreground text-xs">
        <div className="flex justify-between">
          <dt>Products</dt>
          <dd className="tabular-nums">{formatMoney(order.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Sales tax</dt>
          <dd className="tabular-nums">{formatMoney(order.taxCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd className="tabular-nums">{formatMoney(order.shippingCents)}</dd>
        </div>
        <div className="flex justify-between font-medium text-foreground">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatMoney(order.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The delivery day (the status badge says whether it is planned or done). */
function deliveryText(o: OnlineOrderRow) {
  if (o.status === "CANCELLED") return "—";
  const day = o.status === "COMPLETED" ? (o.completedDate ?? o.scheduledDate) : o.scheduledDate;
  if (!day) return "Not scheduled";
  const thisYear = day.slice(0, 4) === String(new Date().getFullYear());
  return formatCalendarDate(day, thisYear ? "short" : "medium");
}

function OrdersTab() {
  const [params, set] = useQueryParams();
  const tz = useBranchTimeZone();
  const status = (STATUSES as string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as OrderStatus)
    : null;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const q = params.get("q") ?? "";
  const [text, setText] = useState(q);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setText(q), [q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the pause
  useEffect(() => {
    if (text.trim() === q) return;
    const t = setTimeout(() => set({ q: text.trim() || null, page: null }), 300);
    return () => clearTimeout(t);
  }, [text]);

  const orders = useOnlineOrders({ status, search: q || null, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE });
  const data = orders.data?.onlineOrders;
  const counts = new Map(data?.statusCounts.map((s) => [s.status, s.count]) ?? []);
  const all = data?.statusCounts.reduce((s, c) => s + c.count, 0) ?? 0;

  const chip = (value: OrderStatus | null, label: string, count: number | undefined) => (
    <Button
      key={value ?? "ALL"}
      variant={status === value ? "default" : "outline"}
      size="sm"
      aria-pressed={status === value}
      onClick={() => set({ status: value, page: null })}
    >
      {label}
      {count !== undefined ? (
        <span className={cn("rounded px-1 text-[11px] tabular-nums", status === value ? "bg-white/20" : "bg-muted")}>
          {count}
        </span>
      ) : null}
    </Button>
  );

  return (
    <Card className="gap-0 py-0">
      <div className="flex flex-col gap-3 border-b p-3 lg:flex-row lg:items-center lg:justify-between">
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">Filter by status</legend>
          {chip(null, "All", data ? all : undefined)}
          {STATUSES.map((s) => chip(s, statusLabel[s], data ? (counts.get(s) ?? 0) : undefined))}
        </fieldset>
        <div className="relative lg:w-80">
          <SearchIcon
            aria-hidden="true"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search orders"
            placeholder="Order #, account number or customer"
            className="pl-8"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </div>
      {orders.isPending ? (
        <TableSkeleton label="Loading orders" />
      ) : orders.isError && !data ? (
        <div className="p-4">
          <QueryError error={orders.error} onRetry={() => orders.refetch()} />
        </div>
      ) : !data || data.orders.length === 0 ? (
        <div className="p-4">
          <EmptyState
            icon={<ReceiptTextIcon aria-hidden="true" />}
            title={q || status ? "No orders match" : "No online orders yet"}
            description={
              q || status
                ? "Try another status or search."
                : "Orders placed in your online shop appear here with their delivery state."
            }
            action={
              q || status ? (
                <Button variant="outline" onClick={() => set({ q: null, status: null, page: null })}>
                  Clear filters
                </Button>
              ) : null
            }
          />
        </div>
      ) : (
        <>
          <ul className="divide-y md:hidden" aria-label="Online orders">
            {data.orders.map((o) => (
              <li key={o.id} className="grid gap-2 p-3">
                <button
                  type="button"
                  className="grid gap-1 text-left"
                  aria-expanded={open === o.id}
                  onClick={() => setOpen(open === o.id ? null : o.id)}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-medium">{formatOrderId(o.number) || "Order"}</span>
                    <OrderStatusBadge status={o.status} />
                  </span>
                  <span className="text-sm">
                    {o.customerName} <span className="text-muted-foreground">#{o.customerAccountNumber}</span>
                  </span>
                  <span className="flex justify-between text-muted-foreground text-xs">
                    <span>{formatDateTime(o.createdAt, { timeZone: tz, omitThisYear: true })}</span>
                    <span className="font-medium text-foreground text-sm tabular-nums">
                      {formatMoney(o.totalCents)}
                    </span>
                  </span>
                </button>
                {open === o.id ? <OrderLines order={o} /> : null}
              </li>
            ))}
          </ul>
          <Table containerClassName="hidden md:block" aria-label="Online orders">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-8">
                  <span className="sr-only">Details</span>
                </TableHead>
                <TableHead>Order</TableHead>
                <TableHead>Placed</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead>Items</TableHead>
                <TableHead>Delivery</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(orders.isFetching && "opacity-60")}>
              {data.orders.map((o) => (
                <Fragment key={o.id}>
                  <TableRow>
                    <TableCell className="py-1">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-expanded={open === o.id}
                        aria-label={`Show lines of order ${formatOrderId(o.number)}`}
                        onClick={() => setOpen(open === o.id ? null : o.id)}
                      >
                        <ChevronDownIcon
                          aria-hidden="true"
                          className={cn("transition-transform", open === o.id && "rotate-180")}
                        />
                      </Button>
                    </TableCell>
                    <TableCell className="font-medium">{formatOrderId(o.number)}</TableCell>
                    <TableCell className="text-muted-foreground">
                      {formatDateTime(o.createdAt, { timeZone: tz, omitThisYear: true })}
                    </TableCell>
                    <TableCell>
                      {o.customerName}
                      <span className="block text-muted-foreground text-xs">#{o.customerAccountNumber}</span>
                    </TableCell>
                    <TableCell className="min-w-40 max-w-64 whitespace-normal text-muted-foreground">
                      <span className="line-clamp-2">{o.lines.map((l) => `${l.title} ×${l.quantity}`).join(", ")}</span>
                    </TableCell>
                    <TableCell>{deliveryText(o)}</TableCell>
                    <TableCell>
                      <OrderStatusBadge status={o.status} />
                    </TableCell>
                    <TableCell className="text-right font-medium tabular-nums">{formatMoney(o.totalCents)}</TableCell>
                  </TableRow>
                  {open === o.id ? (
                    <TableRow className="hover:bg-transparent">
                      <TableCell />
                      <TableCell colSpan={7} className="whitespace-normal">
                        <OrderLines order={o} />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              ))}
            </TableBody>
          </Table>
          <div className="border-t px-3 pb-3">
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.totalCount}
              label="orders"
              onPage={(p) => set({ page: p > 1 ? String(p) : null })}
            />
          </div>
        </>
      )}
    </Card>
  );
}

const ABANDONED_AFTER_MS = 24 * 3600_000;

function CartsTab() {
  const [params, set] = useQueryParams();
  const page = Math.max(1, Number(params.get("cartPage")) || 1);
  const carts = useOpenCarts({ skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE });
  const clear = useClearCart();
  const refresh = useRefreshOperations();
  const [clearing, setClearing] = useState<OpenCart | null>(null);
  const data = carts.data?.openCarts;
  const tz = useBranchTimeZone();

  async function confirmClear() {
    if (!clearing) return;
    try {
      const r = await clear.mutateAsync({ cartId: clearing.cartId });
      toast.success(r.clearCart.message);
      await refresh();
    } catch (error) {
      toast.error(describeRequestError(error));
      throw error;
    }
  }

  const who = (c: OpenCart) => c.userName || c.userEmail || "Visitor (not signed in)";

  return (
    <Card className="gap-0 py-0">
      {carts.isPending ? (
        <TableSkeleton label="Loading carts" />
      ) : carts.isError && !data ? (
        <div className="p-4">
          <QueryError error={carts.error} onRetry={() => carts.refetch()} />
        </div>
      ) : !data || data.carts.length === 0 ? (
        <div className="p-4">
          <EmptyState
            icon={<ShoppingCartIcon aria-hidden="true" />}
            title="No open carts"
            description="Carts shoppers have filled but not checked out appear here."
          />
        </div>
      ) : (
        <>
          <ul className="divide-y" aria-label="Open carts">
            {data.carts.map((c) => {
              const abandoned = Date.now() - new Date(c.lastModified).getTime() > ABANDONED_AFTER_MS;
              return (
                <li
                  key={c.cartId}
                  className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
                >
                  <div className="grid min-w-0 gap-1.5">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{who(c)}</span>
                      {c.userEmail && c.userName ? (
                        <span className="text-muted-foreground text-xs">{c.userEmail}</span>
                      ) : null}
                      {abandoned ? <Badge variant="warning">Abandoned</Badge> : <Badge variant="info">Active</Badge>}
                    </div>
                    <p className="text-muted-foreground text-xs">
                      Cart <span className="font-mono">{c.cartId.slice(0, 8)}</span> · started{" "}
                      {formatDateTime(c.createdAt, { timeZone: tz, omitThisYear: true })} · last change{" "}
                      <time dateTime={c.lastModified}>{timeAgo(c.lastModified)}</time>
                    </p>
                    <ul className="flex flex-wrap gap-1.5">
                      {c.lines.map((l) => (
                        <li key={l.itemId} className="rounded-md border bg-muted/40 px-2 py-0.5 text-xs">
                          {l.quantity} × {l.title}{" "}
                          <span className="text-muted-foreground">{formatMoney(l.amountCents)}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
                    <span className="font-semibold tabular-nums">
                      {formatMoney(c.subtotalCents)}
                      <span className="ml-1 font-normal text-muted-foreground text-xs">
                        {c.quantity} {c.quantity === 1 ? "item" : "items"}
                      </span>
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setClearing(c)}
                      aria-label={`Clear cart of ${who(c)}`}
                    >
                      <Trash2Icon aria-hidden="true" />
                      Clear cart
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="border-t px-3 pb-3">
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.totalCount}
              label="carts"
              onPage={(p) => set({ cartPage: p > 1 ? String(p) : null })}
            />
          </div>
        </>
      )}
      <ConfirmDialog
        open={clearing !== null}
        onOpenChange={(o) => {
          if (!o) setClearing(null);
        }}
        title="Clear this cart?"
        description={
          clearing
            ? `Removes ${clearing.quantity} ${clearing.quantity === 1 ? "item" : "items"} (${formatMoney(clearing.subtotalCents)}) from ${who(clearing)}'s cart. The shopper sees an empty cart next time.`
            : undefined
        }
        confirmLabel="Clear cart"
        destructive
        onConfirm={confirmClear}
      />
    </Card>
  );
}

/** team/ecommerce-operations: online orders with their state, and open carts (clear a cart). */
export default function EcommerceOperationsPage() {
  const [params, set] = useQueryParams();
  const tab = params.get("tab") === "carts" ? "carts" : "orders";
  const cartsCount = useOpenCarts({ skip: 0, take: PAGE_SIZE }).data?.openCarts.totalCount;
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="E-commerce operations" />
      <PageHeader
        title="E-commerce operations"
        description="Online orders on their way to customers, and carts waiting at checkout."
      />
      <Tabs value={tab} onValueChange={(v) => set({ tab: v === "carts" ? "carts" : null })} className="min-w-0">
        <TabsList>
          <TabsTrigger value="orders">Online orders</TabsTrigger>
          <TabsTrigger value="carts">
            Open carts
            {cartsCount ? <span className="rounded bg-muted px-1 text-[11px] tabular-nums">{cartsCount}</span> : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="orders">
          <OrdersTab />
        </TabsContent>
        <TabsContent value="carts">
          <CartsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
