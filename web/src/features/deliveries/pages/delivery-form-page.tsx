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

  if (query.isPending) return <DeliveriesSkeleton variant="form" />;
  if (query.isError)
    return frame(
      null,
      <QueryError error={query.error} title="We couldn't load the delivery form" onRetry={() => query.refetch()} />,
    );

  const { customer, routeCalendarDates } = query.data;
  const address = customer.serviceAddresses[0];
  if (!address)
    return frame(
      null,
      <EmptyState
        icon={<SearchXIcon aria-hidden="true" />}
        title="We couldn't find that address"
        description="It isn't one of this account's active service addresses."
        className="bg-card"
      />,
    );
  const where = (
    <>
      <span className="font-medium text-foreground">{streetLine(address)}</span>, {cityLine(address)} · Account{" "}
      {customer.accountNumber}
    </>
  );
  const order = mode === "edit" ? (address.workOrder ?? null) : undefined;

  if (mode === "edit" && !order)
    return frame(
      where,
      <EmptyState
        icon={<SearchXIcon aria-hidden="true" />}
        title="We couldn't find that delivery"
        description="It may have been cancelled or already delivered."
        className="bg-card"
      />,
    );
  if (address.isOnCreditHold) return frame(where, <CreditHoldAlert customerId={customerId} />);
  if (order && !order.canEdit)
    return frame(
      where,
      <EmptyState
        icon={<LockIcon aria-hidden="true" />}
        title="This delivery can no longer be changed online"
        description={
          <>
            The delivery on {formatLongDate(order.workTime.scheduled)} is being prepared. <CallUs /> to change it.
          </>
        }
        className="bg-card"
      />,
    );
  if (!order && routeCalendarDates.length === 0)
    return frame(
      where,
      <EmptyState
        icon={<CalendarXIcon aria-hidden="true" />}
        title="No delivery dates are available"
        description={
          <>
            Your route has no open dates right now. <CallUs /> to arrange a delivery.
          </>
        }
        className="bg-card"
      />,
    );
  if (!order && address.billingItems.length === 0)
    return frame(
      where,
      <EmptyState
        icon={<CalendarXIcon aria-hidden="true" />}
        title="Nothing to order at this address"
        description={
          <>
            No products are set up for delivery here. <CallUs /> to add them.
          </>
        }
        className="bg-card"
      />,
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
