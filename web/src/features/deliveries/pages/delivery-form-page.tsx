import { ArrowLeftIcon, CalendarXIcon, LockIcon, SearchXIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import type { RouteParams } from "@/lib/route-table";
import { useDeliveryForm } from "../api";
import { CallUs } from "../components/call-us";
import { CancelDeliveryButton } from "../components/cancel-delivery-button";
import { CreditHoldAlert } from "../components/credit-hold-alert";
import { DeliveriesBreadcrumb } from "../components/deliveries-breadcrumb";
import { DeliveriesSkeleton } from "../components/deliveries-skeleton";
import { DeliveryForm } from "../components/delivery-form";
import { cityLine, deliveriesPath, deliveryName, formatLongDate, streetLine } from "../format";

/** Deliveries/{custId}/{addressId}/New and .../Edit/{orderId}. */
function DeliveryFormPage({ params, mode }: { params: RouteParams; mode: "new" | "edit" }) {
  const customerId = params.custId ?? "";
  const addressId = params.addressId ?? "";
  const orderId = mode === "edit" ? (params.orderId ?? "") : undefined;
  const query = useDeliveryForm(customerId, addressId, orderId);
  const [, navigate] = useLocation();
  const addressPath = deliveriesPath(customerId, addressId);
  const title = mode === "new" ? "Schedule a delivery" : "Change a delivery";

  const back = (
    <LinkButton href={addressPath} variant="ghost" icon={ArrowLeftIcon}>
      Back to deliveries
    </LinkButton>
  );
  const frame = (description: ReactNode, body: ReactNode, actions: ReactNode = back) => (
    <div className="grid gap-4">
      <DocumentTitle title={title} />
      <div>
        <DeliveriesBreadcrumb
          customerId={customerId}
          addressId={addressId}
          current={mode === "new" ? "Schedule a delivery" : "Change a delivery"}
        />
        <PageHeader title={title} description={description} actions={actions} />
      </div>
      {body}
    </div>
  );

  /** The page with a card, instead of the form, saying why no delivery can be scheduled or changed here. */
  const stop = (description: ReactNode, icon: ReactNode, state: string, why: ReactNode) =>
    frame(description, <EmptyState icon={icon} title={state} description={why} className="bg-card" />);

  if (query.isPending) return <DeliveriesSkeleton variant="form" />;
  if (query.isError)
    return frame(
      null,
      <QueryError error={query.error} title="We couldn't load the delivery form" onRetry={() => query.refetch()} />,
    );

  const { customer, routeCalendarDates } = query.data;
  const address = customer.serviceAddresses[0];
  if (!address)
    return stop(
      null,
      <SearchXIcon aria-hidden="true" />,
      "We couldn't find that address",
      "It isn't one of this account's active service addresses.",
    );
  const where = (
    <>
      <span className="font-medium text-foreground">{streetLine(address)}</span>, {cityLine(address)} · Account{" "}
      {customer.accountNumber}
    </>
  );
  const order = mode === "edit" ? (address.workOrder ?? null) : undefined;

  if (mode === "edit" && !order)
    return stop(
      where,
      <SearchXIcon aria-hidden="true" />,
      "We couldn't find that delivery",
      "It may have been cancelled or already delivered.",
    );
  if (address.isOnCreditHold) return frame(where, <CreditHoldAlert customerId={customerId} />);
  if (order && !order.canEdit)
    return stop(
      where,
      <LockIcon aria-hidden="true" />,
      "This delivery can no longer be changed online",
      <>
        The delivery on {formatLongDate(order.workTime.scheduled)} is being prepared. <CallUs /> to change it.
      </>,
    );
  if (!order && routeCalendarDates.length === 0)
    return stop(
      where,
      <CalendarXIcon aria-hidden="true" />,
      "No delivery dates are available",
      <>
        Your route has no open dates right now. <CallUs /> to arrange a delivery.
      </>,
    );
  if (!order && address.billingItems.length === 0)
    return stop(
      where,
      <CalendarXIcon aria-hidden="true" />,
      "Nothing to order at this address",
      <>
        No products are set up for delivery here. <CallUs /> to add them.
      </>,
    );

  return frame(
    order ? (
      <>
        {deliveryName(order).kind} {deliveryName(order).number} on {formatLongDate(order.workTime.scheduled)} · {where}
      </>
    ) : (
      where
    ),
    <DeliveryForm
      key={order?.id ?? "new"}
      customerId={customerId}
      address={address}
      items={address.billingItems}
      dates={routeCalendarDates}
      purchaseOrderRequired={customer.purchaseOrderRequired}
      purchaseOrders={customer.purchaseOrders}
      order={order ?? undefined}
    />,
    order ? (
      <>
        {back}
        <CancelDeliveryButton
          workOrderId={order.id}
          scheduled={order.workTime.scheduled}
          size="default"
          onCancelled={() => navigate(addressPath)}
        />
      </>
    ) : (
      back
    ),
  );
}

export function NewDeliveryPage({ params }: { params: RouteParams }) {
  return <DeliveryFormPage params={params} mode="new" />;
}

export function EditDeliveryPage({ params }: { params: RouteParams }) {
  return <DeliveryFormPage params={params} mode="edit" />;
}
