import { ShoppingCartIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { ListCard } from "@/components/data-list/list-card";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { formatDateTime, formatMoney, pluralize, timeAgo } from "@/lib/format";
import { type OpenCart, useClearCart, useOpenCarts } from "../api";
import { useBranchTimeZone } from "../format";

// The open carts tab: carts shoppers filled but did not check out, paged on the server (?page= in the
// address, this tab's own list). Each is a card of its lines with a "Clear cart" action, so it is a
// list in the list frame (ListCard), not a table of columns. A cart untouched for a day is abandoned.

const PAGE_SIZE = 20;
const ABANDONED_AFTER_MS = 24 * 3600_000;

const who = (c: OpenCart) => c.userName || c.userEmail || "Visitor (not signed in)";

function CartItem({ cart: c, onClear }: { cart: OpenCart; onClear: () => void }) {
  const tz = useBranchTimeZone();
  const abandoned = Date.now() - new Date(c.lastModified).getTime() > ABANDONED_AFTER_MS;
  return (
    <li className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{who(c)}</span>
          {c.userEmail && c.userName ? <span className="text-muted-foreground text-xs">{c.userEmail}</span> : null}
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
              {l.quantity} × {l.title} <span className="text-muted-foreground">{formatMoney(l.amountCents)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
        <span className="font-semibold tabular-nums">
          {formatMoney(c.subtotalCents)}
          <span className="ml-1 font-normal text-muted-foreground text-xs">{pluralize(c.quantity, "item")}</span>
        </span>
        <Button variant="outline" size="sm" onClick={onClear} aria-label={`Clear cart of ${who(c)}`}>
          <Trash2Icon aria-hidden="true" />
          Clear cart
        </Button>
      </div>
    </li>
  );
}

export function OpenCartsList() {
  const { state, update } = useListUrlState<"LAST_MODIFIED">({
    sorts: ["LAST_MODIFIED"],
    defaultSort: "LAST_MODIFIED",
  });
  const carts = useOpenCarts({ skip: (state.page - 1) * PAGE_SIZE, take: PAGE_SIZE });
  const clear = useClearCart();
  const [clearing, setClearing] = useState<OpenCart | null>(null);
  const data = carts.data?.openCarts;
  return (
    <>
      <ListCard
        loadingLabel="Loading carts"
        loading={carts.isPending}
        error={carts.isError && !data ? carts.error : null}
        onRetry={() => carts.refetch()}
        empty={
          data && data.carts.length === 0
            ? {
                icon: <ShoppingCartIcon aria-hidden="true" />,
                title: "No open carts",
                description: "Carts shoppers have filled but not checked out appear here.",
              }
            : null
        }
        footer={
          data?.totalCount ? (
            <Pagination
              page={state.page}
              pageSize={PAGE_SIZE}
              total={data.totalCount}
              label="carts"
              onPage={(page) => update({ page })}
            />
          ) : null
        }
      >
        <ul className="divide-y" aria-label="Open carts">
          {data?.carts.map((c) => (
            <CartItem key={c.cartId} cart={c} onClear={() => setClearing(c)} />
          ))}
        </ul>
      </ListCard>
      <ConfirmDialog
        open={clearing !== null}
        onOpenChange={(o) => {
          if (!o) setClearing(null);
        }}
        title="Clear this cart?"
        description={
          clearing
            ? `Removes ${pluralize(clearing.quantity, "item")} (${formatMoney(clearing.subtotalCents)}) from ${who(clearing)}'s cart. The shopper sees an empty cart next time.`
            : undefined
        }
        confirmLabel="Clear cart"
        destructive
        // A failure is shown by the mutation and keeps the dialog open for a retry.
        onConfirm={() => clearing && clear.mutateAsync({ cartId: clearing.cartId })}
      />
    </>
  );
}
