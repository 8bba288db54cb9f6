import { lazyPage } from "@/lib/lazy-page";
import { DeliveriesGuard } from "./components/deliveries-guard";
import { DeliveriesSkeleton } from "./components/deliveries-skeleton";

// The deliveries pages, each loaded on first visit and shown only when the branch has the feature.
const forms = () => import("./pages/delivery-form-page");
const options = (variant: "address" | "list" | "form") => ({
  guard: DeliveriesGuard,
  fallback: <DeliveriesSkeleton variant={variant} />,
});
export const DeliveriesIndexRoute = lazyPage(
  "deliveries-index",
  () => import("./pages/deliveries-page"),
  options("list"),
);
export const CustomerDeliveriesRoute = lazyPage(
  "deliveries-customer",
  () => import("./pages/customer-deliveries-page"),
  options("list"),
);
export const AddressDeliveriesRoute = lazyPage(
  "deliveries-address",
  () => import("./pages/address-deliveries-page"),
  options("address"),
);
export const NewDeliveryRoute = lazyPage(
  "deliveries-new",
  () => forms().then((m) => m.NewDeliveryPage),
  options("form"),
);
export const EditDeliveryRoute = lazyPage(
  "deliveries-edit",
  () => forms().then((m) => m.EditDeliveryPage),
  options("form"),
);
