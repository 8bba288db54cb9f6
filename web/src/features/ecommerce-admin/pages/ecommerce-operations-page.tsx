import { useLocation, useSearch } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { PageTabs } from "@/components/page-tabs";
import { useOpenCarts } from "../api";
import { OnlineOrdersList } from "../components/online-orders-list";
import { OpenCartsList } from "../components/open-carts-list";

// Two tabs, one list each: their search, page and status live in the address under the same keys, so
// changing tabs starts the other list afresh (?tab=carts, nothing else).

/** team/ecommerce-operations: online orders with their state, and open carts (clear a cart). */
export default function EcommerceOperationsPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab = new URLSearchParams(search).get("tab") === "carts" ? "carts" : "orders";
  // The tab's badge: the same query (first page) the carts tab asks, so it is shared.
  const cartsCount = useOpenCarts({ skip: 0, take: 20 }).data?.openCarts.totalCount;
  return (
    <ListPage
      title="E-commerce operations"
      description="Online orders on their way to customers, and carts waiting at checkout."
    >
      <PageTabs
        value={tab}
        onValueChange={(v) => navigate(v === "carts" ? `${location}?tab=carts` : location, { replace: true })}
        className="min-w-0"
        tabs={[
          { value: "orders", label: "Online orders", content: <OnlineOrdersList /> },
          {
            value: "carts",
            label: (
              <>
                Open carts
                {cartsCount ? (
                  <span className="rounded bg-muted px-1 text-[11px] tabular-nums">{cartsCount}</span>
                ) : null}
              </>
            ),
            content: <OpenCartsList />,
          },
        ]}
      />
    </ListPage>
  );
}
