import { ChevronRightIcon, ImageIcon, PackageSearchIcon, SearchIcon, WarehouseIcon, XIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn, formatMoney } from "@/lib/utils";
import { type InventoryListItem, type InventorySort, type ListingStatus, useInventoryItems } from "../api";
import { ListingBadge, listingLabels } from "../components/listing-status";
import { WarehousesDialog } from "../components/warehouses-dialog";
import { useInventoryPermissions } from "../permissions";
import { LISTING_STATUSES } from "../schema";

const PAGE_SIZE = 25;
const SORTS: InventorySort[] = ["PART_NUMBER", "DESCRIPTION", "TITLE", "RETAIL_PRICE", "STATUS", "CREATED"];

type ListState = {
  q: string;
  page: number;
  sort: InventorySort;
  dir: "ASC" | "DESC";
  status: ListingStatus | null;
  inactive: boolean;
};

/** The list's state lives in the address (?q=&page=&sort=&dir=&status=&inactive=), so it survives reloads and links. */
function readState(search: string): ListState {
  const p = new URLSearchParams(search);
  const sort = p.get("sort") as InventorySort | null;
  const status = p.get("status") as ListingStatus | null;
  return {
    q: p.get("q") ?? "",
    page: Math.max(1, Number.parseInt(p.get("page") ?? "1", 10) || 1),
    sort: sort && SORTS.includes(sort) ? sort : "PART_NUMBER",
    dir: p.get("dir") === "DESC" ? "DESC" : "ASC",
    status: status && (LISTING_STATUSES as readonly string[]).includes(status) ? status : null,
    inactive: p.get("inactive") === "1",
  };
}

function writeState(search: string, next: ListState): string {
  const p = new URLSearchParams(search);
  const set = (key: string, value: string | null) => (value ? p.set(key, value) : p.delete(key));
  set("q", next.q.trim() || null);
  set("page", next.page > 1 ? String(next.page) : null);
  set("sort", next.sort !== "PART_NUMBER" ? next.sort : null);
  set("dir", next.dir === "DESC" ? "DESC" : null);
  set("status", next.status);
  set("inactive", next.inactive ? "1" : null);
  const text = p.toString();
  return text ? `?${text}` : "";
}

export function Thumbnail({
  url,
  alt,
  className,
}: {
  url: string | null | undefined;
  alt: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground",
        className,
      )}
    >
      {url ? (
        <img src={url} alt={alt} loading="lazy" className="size-full object-contain" />
      ) : (
        <ImageIcon aria-hidden="true" className="size-4 opacity-60" />
      )}
    </span>
  );
}

function Price({ item }: { item: InventoryListItem }) {
  const onSale = item.salePriceCents !== null && item.salePriceCents < item.retailPriceCents;
  return (
    <span className="grid justify-items-end tabular-nums">
      <span className={cn(onSale && "text-muted-foreground text-xs line-through")}>
        {formatMoney(item.retailPriceCents)}
      </span>
      {onSale ? <span className="font-medium text-success">{formatMoney(item.salePriceCents ?? 0)}</span> : null}
    </span>
  );
}

/** Stock on hand; "Out of stock" matters only for what the shop sells. */
function Stock({ quantity, listed }: { quantity: number; listed: boolean }) {
  if (quantity <= 0 && listed) return <span className="font-medium text-destructive">Out of stock</span>;
  return (
    <span className={cn("tabular-nums", quantity <= 0 && "text-muted-foreground")}>
      {quantity.toLocaleString("en-US")}
    </span>
  );
}

function LoadingRows() {
  return (
    <div role="status" aria-label="Loading items" className="grid gap-2 p-4">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-10" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

/** team/inventory: items, paged on the server, searchable and sortable, with shop status, price and stock. */
export default function InventoryPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = useMemo(() => readState(search), [search]);
  const { canManage } = useInventoryPermissions();
  const [warehousesOpen, setWarehousesOpen] = useState(false);

  const update = (patch: Partial<ListState>) => {
    const next = { ...state, ...patch };
    navigate(`/team/inventory${writeState(search, next)}`, { replace: true });
  };

  // The search box updates the address after a short pause.
  const [query, setQuery] = useState(state.q);
  useEffect(() => setQuery(state.q), [state.q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the pause
  useEffect(() => {
    if (query.trim() === state.q.trim()) return;
    const t = setTimeout(() => update({ q: query, page: 1 }), 300);
    return () => clearTimeout(t);
  }, [query]);

  const items = useInventoryItems({
    skip: (state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
    search: state.q || null,
    sortBy: state.sort,
    sortDirection: state.dir,
    ecommerceStatus: state.status,
    includeInactive: state.inactive,
  });
  const page = items.data?.inventoryItems;

  const sortProps = (sort: InventorySort) => ({
    sort: state.sort === sort ? (state.dir === "ASC" ? ("asc" as const) : ("desc" as const)) : (false as const),
    onSort: () => update({ sort, dir: state.sort === sort && state.dir === "ASC" ? "DESC" : "ASC", page: 1 }),
  });

  const filtered = !!(state.q || state.status || state.inactive);
  const itemHref = (id: string) => `/team/inventory/${id}`;

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Inventory" />
      <PageHeader
        title="Inventory"
        description="Items, prices, stock and the photos shown in the shop."
        actions={
          <Button variant="outline" onClick={() => setWarehousesOpen(true)}>
            <WarehouseIcon aria-hidden="true" />
            Warehouses
          </Button>
        }
      />
      <WarehousesDialog open={warehousesOpen} onOpenChange={setWarehousesOpen} canManage={canManage} />

      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-3 md:flex-row md:items-center">
          <div className="relative flex-1">
            <SearchIcon
              aria-hidden="true"
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search items"
              placeholder="Search by part number, description or shop title"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="pl-8"
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Select
              value={state.status ?? "ALL"}
              onValueChange={(v) => update({ status: v === "ALL" ? null : (v as ListingStatus), page: 1 })}
            >
              <SelectTrigger aria-label="Shop status" className="w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="ALL">All shop statuses</SelectItem>
                {LISTING_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {listingLabels[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <div className="flex items-center gap-2">
              <Checkbox
                id="inventory-inactive"
                checked={state.inactive}
                onCheckedChange={(v) => update({ inactive: v === true, page: 1 })}
              />
              <Label htmlFor="inventory-inactive" className="font-normal">
                Show inactive
              </Label>
            </div>
            {items.isFetching && !items.isPending ? <Spinner size="sm" label="Updating" /> : null}
          </div>
        </div>

        {items.isPending ? (
          <LoadingRows />
        ) : items.isError && !page ? (
          <div className="p-4">
            <QueryError error={items.error} onRetry={() => items.refetch()} />
          </div>
        ) : !page || page.items.length === 0 ? (
          <div className="p-4">
            <EmptyState
              icon={<PackageSearchIcon aria-hidden="true" />}
              title={filtered ? "No items match" : "No inventory items yet"}
              description={
                filtered
                  ? state.q
                    ? `Nothing matches “${state.q}”. Check the spelling or search by part number.`
                    : "No item has this status."
                  : "Items come from your office system; once they sync they appear here."
              }
              action={
                filtered ? (
                  <Button variant="outline" onClick={() => update({ q: "", status: null, inactive: false, page: 1 })}>
                    <XIcon aria-hidden="true" />
                    Clear filters
                  </Button>
                ) : null
              }
            />
          </div>
        ) : (
          <>
            {/* Phones: one card per item. */}
            <ul className="divide-y md:hidden" aria-label="Inventory items">
              {page.items.map((item) => (
                <li key={item.id}>
                  <Link
                    href={itemHref(item.id)}
                    className="flex items-center gap-3 px-3 py-3 outline-none hover:bg-muted/60 focus-visible:bg-muted"
                  >
                    <Thumbnail url={item.productAttachments[0]?.url} alt="" />
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="truncate font-medium text-sm">{item.eCommerceTitle || item.description}</span>
                      <span className="truncate text-muted-foreground text-xs">
                        {item.partNumber}
                        {!item.tracksStock ? null : item.stockOnHand <= 0 && item.ecommerceStatus !== "NOT_LISTED" ? (
                          <>
                            {" · "}
                            <span className="font-medium text-destructive">Out of stock</span>
                          </>
                        ) : (
                          ` · ${item.stockOnHand.toLocaleString("en-US")} in stock`
                        )}
                      </span>
                      <ListingBadge status={item.ecommerceStatus} inactive={item.inactive} />
                    </span>
                    <Price item={item} />
                    <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
            {/* Tablets and up: a sortable table. */}
            <Table containerClassName="hidden md:block" aria-label="Inventory items">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-14">
                    <span className="sr-only">Photo</span>
                  </TableHead>
                  <TableHead {...sortProps("PART_NUMBER")}>Part #</TableHead>
                  <TableHead {...sortProps("DESCRIPTION")}>Description</TableHead>
                  <TableHead {...sortProps("STATUS")}>Shop</TableHead>
                  <TableHead {...sortProps("RETAIL_PRICE")} className="text-right">
                    Price
                  </TableHead>
                  <TableHead className="text-right">In stock</TableHead>
                  <TableHead className="w-8">
                    <span className="sr-only">Open</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={cn(items.isFetching && !items.isPending && "opacity-60")}>
                {page.items.map((item) => (
                  <TableRow
                    key={item.id}
                    className="cursor-pointer"
                    onClick={(e) => {
                      if ((e.target as HTMLElement).closest("a")) return;
                      navigate(itemHref(item.id));
                    }}
                  >
                    <TableCell>
                      <Thumbnail url={item.productAttachments[0]?.url} alt="" />
                    </TableCell>
                    <TableCell className="font-medium font-mono text-xs">
                      <Link
                        href={itemHref(item.id)}
                        className="rounded hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {item.partNumber}
                      </Link>
                    </TableCell>
                    <TableCell className="max-w-80 whitespace-normal">
                      <span className="line-clamp-1">{item.description}</span>
                      {item.eCommerceTitle && item.eCommerceTitle !== item.description ? (
                        <span className="line-clamp-1 text-muted-foreground text-xs">Shop: {item.eCommerceTitle}</span>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <ListingBadge status={item.ecommerceStatus} inactive={item.inactive} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Price item={item} />
                    </TableCell>
                    <TableCell className="text-right">
                      {item.tracksStock ? (
                        <Stock quantity={item.stockOnHand} listed={item.ecommerceStatus !== "NOT_LISTED"} />
                      ) : (
                        <span className="text-muted-foreground">
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">No stock kept</span>
                        </span>
                      )}
                    </TableCell>
                    <TableCell>
                      <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
        {page && page.totalCount > 0 ? (
          <div className="border-t px-3 pb-3">
            <Pagination
              page={state.page}
              pageSize={PAGE_SIZE}
              total={page.totalCount}
              onPage={(p) => update({ page: p })}
            />
          </div>
        ) : null}
      </Card>
    </div>
  );
}
