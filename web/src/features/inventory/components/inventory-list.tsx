import { ChevronRightIcon, ImageIcon, PackageSearchIcon } from "lucide-react";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { MobileRow } from "@/components/data-list/mobile-row";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { formatMoney, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type InventoryListItem, type InventorySort, type ListingStatus, useInventoryItems } from "../api";
import { LISTING_STATUSES } from "../schema";
import { ListingBadge, listingLabels } from "./listing-status";

// The inventory list: paged, searched and sorted on the server, with the shop-status facet and the
// "Show inactive" flag; everything in the address (?q=&page=&sort=&dir=&status=&inactive=1).

const PAGE_SIZE = 25;
const SORTS: InventorySort[] = ["PART_NUMBER", "DESCRIPTION", "TITLE", "RETAIL_PRICE", "STATUS", "CREATED"];
const FACETS: ListFacet[] = [
  {
    key: "status",
    label: "Shop status",
    options: [
      { value: "ALL", label: "All shop statuses" },
      ...LISTING_STATUSES.map((s) => ({ value: s, label: listingLabels[s] })),
    ],
    className: "sm:w-48",
  },
];
const itemHref = (item: InventoryListItem) => `/team/inventory/${item.id}`;

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
function Stock({ item }: { item: InventoryListItem }) {
  if (!item.tracksStock)
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No stock kept</span>
      </span>
    );
  if (item.stockOnHand <= 0 && item.ecommerceStatus !== "NOT_LISTED")
    return <span className="font-medium text-destructive">Out of stock</span>;
  return (
    <span className={cn("tabular-nums", item.stockOnHand <= 0 && "text-muted-foreground")}>
      {formatNumber(item.stockOnHand)}
    </span>
  );
}

const columns: DataColumn<InventoryListItem, InventorySort>[] = [
  {
    header: "Photo",
    srOnly: true,
    className: "w-14",
    cell: (item) => <Thumbnail url={item.productAttachments[0]?.url} alt="" />,
  },
  {
    header: "Part #",
    sort: "PART_NUMBER",
    className: "font-mono text-xs",
    cell: (item) => <RowLink href={itemHref(item)}>{item.partNumber}</RowLink>,
  },
  {
    header: "Description",
    sort: "DESCRIPTION",
    className: "max-w-80 whitespace-normal",
    cell: (item) => (
      <>
        <span className="line-clamp-1">{item.description}</span>
        {item.eCommerceTitle && item.eCommerceTitle !== item.description ? (
          <span className="line-clamp-1 text-muted-foreground text-xs">Shop: {item.eCommerceTitle}</span>
        ) : null}
      </>
    ),
  },
  {
    header: "Shop",
    sort: "STATUS",
    cell: (item) => <ListingBadge status={item.ecommerceStatus} inactive={item.inactive} />,
  },
  { header: "Price", sort: "RETAIL_PRICE", className: "text-right", cell: (item) => <Price item={item} /> },
  { header: "In stock", className: "text-right", cell: (item) => <Stock item={item} /> },
  {
    header: "Open",
    srOnly: true,
    className: "w-8",
    cell: () => <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />,
  },
];

/** Phones: one card per item. */
function ItemMobileRow({ item }: { item: InventoryListItem }) {
  return (
    <MobileRow
      href={itemHref(item)}
      lead={<Thumbnail url={item.productAttachments[0]?.url} alt="" />}
      title={item.eCommerceTitle || item.description}
      meta={
        <>
          {item.partNumber}
          {!item.tracksStock ? null : item.stockOnHand <= 0 && item.ecommerceStatus !== "NOT_LISTED" ? (
            <>
              {" · "}
              <span className="font-medium text-destructive">Out of stock</span>
            </>
          ) : (
            ` · ${formatNumber(item.stockOnHand)} in stock`
          )}
        </>
      }
      end={<Price item={item} />}
    >
      <ListingBadge status={item.ecommerceStatus} inactive={item.inactive} />
    </MobileRow>
  );
}

/** team/inventory's list of items, with shop status, price and stock. */
export function InventoryList() {
  const list = useListUrlState<InventorySort, "inactive">({
    sorts: SORTS,
    defaultSort: "PART_NUMBER",
    flags: ["inactive"],
  });
  const facets = useListFacets(FACETS);
  const { state } = list;
  const status = facets.value("status");
  const items = useInventoryItems({
    skip: (state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
    search: state.q || null,
    sortBy: state.sort,
    sortDirection: state.dir,
    ecommerceStatus: status === "ALL" ? null : (status as ListingStatus),
    includeInactive: state.flags.inactive,
  });
  const page = items.data?.inventoryItems;
  return (
    <DataTable
      label="Inventory items"
      noun="items"
      columns={columns}
      rows={page?.items}
      total={page?.totalCount}
      rowKey={(item) => item.id}
      rowHref={itemHref}
      mobileRow={(item) => <ItemMobileRow item={item} />}
      list={list}
      pageSize={PAGE_SIZE}
      query={items}
      search={{ label: "Search items", placeholder: "Search by part number, description or shop title" }}
      flags={[{ key: "inactive", label: "Show inactive" }]}
      facets={{ facets: FACETS, state: facets }}
      empty={{
        icon: <PackageSearchIcon aria-hidden="true" />,
        title: "No inventory items yet",
        description: "Items come from your office system; once they sync they appear here.",
      }}
      noMatch={{
        title: "No items match",
        description: (q) =>
          q ? `Nothing matches “${q}”. Check the spelling or search by part number.` : "No item has this status.",
      }}
    />
  );
}
