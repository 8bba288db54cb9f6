import { BackLink } from "@/components/shell/back-link";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, formatNumber } from "@/lib/format";
import type { RouteParams } from "@/lib/route-table";
import { useInventoryItem } from "../api";
import { DetailsCard } from "../components/details-card";
import { ListingBadge } from "../components/listing-status";
import { PhotosCard } from "../components/photos-card";
import { PricesCard } from "../components/prices-card";
import { StockCard } from "../components/stock-card";
import { useInventoryPermissions } from "../permissions";

function ItemSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4" role="status" aria-label="Loading item">
      <Skeleton className="h-7 w-72" />
      <Skeleton className="h-4 w-40" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Skeleton className="h-96" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      </div>
    </div>
  );
}

/** team/inventory/{itemId}: details and shop listing, photos, prices and stock of one item. */
export default function InventoryItemPage({ params }: { params: RouteParams }) {
  const itemId = params.itemId ?? "";
  const query = useInventoryItem(itemId);
  const permissions = useInventoryPermissions();

  if (query.isPending)
    return (
      <div className="grid grid-cols-1 gap-3">
        <BackLink href="/team/inventory">Inventory</BackLink>
        <ItemSkeleton />
      </div>
    );
  if (query.isError)
    return (
      <div className="grid grid-cols-1 gap-3">
        <BackLink href="/team/inventory">Inventory</BackLink>
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      </div>
    );

  const { inventoryItem: item, inventoryStock } = query.data;
  const title = item.eCommerceTitle || item.description;
  const onSale = item.salePriceCents !== null && item.salePriceCents < item.retailPriceCents;
  return (
    <div className="grid grid-cols-1 gap-3">
      <DocumentTitle title={`${item.partNumber} · Inventory`} />
      <BackLink href="/team/inventory">Inventory</BackLink>
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono">{item.partNumber}</span>
            <ListingBadge status={item.ecommerceStatus} inactive={item.inactive} />
            {onSale ? (
              <Badge variant="warning">On sale {formatMoney(item.salePriceCents ?? 0)}</Badge>
            ) : (
              <span>{formatMoney(item.retailPriceCents)}</span>
            )}
            {item.tracksStock ? <span>{formatNumber(item.stockOnHand)} in stock</span> : null}
          </span>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid grid-cols-1 gap-4">
          <DetailsCard item={item} canManage={permissions.canManage} />
          <PhotosCard item={item} canManage={permissions.canManage} />
        </div>
        <div className="grid grid-cols-1 gap-4">
          <PricesCard item={item} canPrice={permissions.canPrice} />
          <StockCard item={item} levels={inventoryStock} canAdjust={permissions.canAdjust} />
        </div>
      </div>
    </div>
  );
}
