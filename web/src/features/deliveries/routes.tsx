import { Suspense } from "react";
import { lazyWithReload } from "@/lib/lazy";
import type { RouteParams } from "@/lib/route-table";
import { DeliveriesGuard } from "./components/deliveries-guard";
import { DeliveriesSkeleton } from "./components/deliveries-skeleton";

// The deliveries pages, each loaded on first visit and shown only when the branch has the feature.

const Index = lazyWithReload("deliveries-index", () => import("./pages/deliveries-page"));
const Customer = lazyWithReload("deliveries-customer", () => import("./pages/customer-deliveries-page"));
const Address = lazyWithReload("deliveries-address", () => import("./pages/address-deliveries-page"));
const NewDelivery = lazyWithReload("deliveries-new", () =>
  import("./pages/delivery-form-page").then((m) => ({ default: m.NewDeliveryPage })),
);
const EditDelivery = lazyWithReload("deliveries-edit", () =>
  import("./pages/delivery-form-page").then((m) => ({ default: m.EditDeliveryPage })),
);

function page(Component: React.ComponentType<{ params: RouteParams }>, variant: "address" | "list" | "form") {
  return function DeliveriesRoute({ params }: { params: RouteParams }) {
    return (
      <DeliveriesGuard>
        <Suspense fallback={<DeliveriesSkeleton variant={variant} />}>
          <Component params={params} />
        </Suspense>
      </DeliveriesGuard>
    );
  };
}

export const DeliveriesIndexRoute = page(Index, "list");
export const CustomerDeliveriesRoute = page(Customer, "list");
export const AddressDeliveriesRoute = page(Address, "address");
export const NewDeliveryRoute = page(NewDelivery, "form");
export const EditDeliveryRoute = page(EditDelivery, "form");
