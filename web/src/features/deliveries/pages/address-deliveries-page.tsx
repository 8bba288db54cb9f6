import { CalendarPlusIcon, CalendarXIcon, HistoryIcon } from "lucide-react";
import type { ReactNode } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import type { RouteParams } from "@/lib/route-table";
import { cn } from "@/lib/utils";
import { useDeliveryAddress } from "../api";
import { CreditHoldAlert } from "../components/credit-hold-alert";
import { DeliveriesBreadcrumb } from "../components/deliveries-breadcrumb";
import { DeliveriesLoadError, DeliveriesNotFound } from "../components/deliveries-notice";
import { DeliveriesSkeleton } from "../components/deliveries-skeleton";
import { PastDeliveries } from "../components/past-deliveries";
import { ServiceSummary } from "../components/service-summary";
import { UpcomingDeliveryCard } from "../components/upcoming-delivery-card";
import { cityLine, deliveriesPath, formatLongDate, recipientName, streetLine } from "../format";

/** Deliveries/{custId}/{addressId}: the address's service, its upcoming and past deliveries. */
export default function AddressDeliveriesPage({ params }: { params: RouteParams }) {
  const customerId = params.custId ?? "";
  const addressId = params.addressId ?? "";
  const query = useDeliveryAddress(customerId, addressId);

  if (query.isPending) return <DeliveriesSkeleton />;
  if (query.isError)
    return (
      <DeliveriesLoadError
        error={query.error}
        title="We couldn't load your deliveries"
        onRetry={() => query.refetch()}
      />
    );
  const customer = query.data.customer;
  const address = customer.serviceAddresses[0];
  if (!address)
    return (
      <DeliveriesNotFound
        title="We couldn't find that address"
        description="It isn't one of this account's active service addresses."
        back={{ href: deliveriesPath(customerId), label: "Your addresses" }}
      />
    );

  const upcoming = address.workOrders
    .filter((w) => w.isOpen)
    .sort((a, b) => (a.workTime.scheduled < b.workTime.scheduled ? -1 : 1));
  const past = address.workOrders.filter((w) => !w.isOpen);
  const canSchedule = !address.isOnCreditHold && !address.inactive && address.services.length > 0;
  const nextRegular =
    address.services
      .map((sv) => sv.nextDeliveryDate)
      .filter((d): d is string => !!d)
      .sort()[0] ?? null;
  const newPath = deliveriesPath(customerId, addressId, "New");
  const scheduleButton = canSchedule ? (
    <LinkButton href={newPath} icon={CalendarPlusIcon}>
      Schedule a delivery
    </LinkButton>
  ) : null;

  return (
    <div className="grid gap-8">
      <DocumentTitle title={`Deliveries · ${streetLine(address)}`} />
      <div className="grid gap-4">
        <div>
          <DeliveriesBreadcrumb customerId={customerId} addressId={addressId} />
          <PageHeader
            title="Deliveries"
            description={
              <>
                <span className="font-medium text-foreground">{streetLine(address)}</span>, {cityLine(address)}
                <span className="block sm:inline">
                  <span className="hidden sm:inline"> · </span>
                  {recipientName(address) || customer.name} · Account {customer.accountNumber}
                </span>
              </>
            }
            actions={scheduleButton}
          />
        </div>
        {address.isOnCreditHold ? <CreditHoldAlert customerId={customerId} /> : null}
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <TitledSection id="service-title" title="Your regular service" className="lg:col-start-2 lg:row-start-1">
          <ServiceSummary services={address.services} />
        </TitledSection>

        <TitledSection id="upcoming-title" title="Upcoming deliveries" className="lg:col-start-1 lg:row-start-1">
          {upcoming.length ? (
            <div className="grid gap-4 xl:grid-cols-2">
              {upcoming.map((o) => (
                <UpcomingDeliveryCard
                  key={o.id}
                  order={o}
                  customerId={customerId}
                  addressId={addressId}
                  locked={address.isOnCreditHold}
                />
              ))}
            </div>
          ) : (
            <EmptyState
              icon={<CalendarXIcon aria-hidden="true" />}
              // Beside "Next regular delivery: ..." the empty list says what is true: no extra deliveries.
              title={nextRegular ? "No extra deliveries scheduled" : "No deliveries scheduled"}
              description={
                nextRegular
                  ? `Your next regular delivery is on ${formatLongDate(nextRegular)}.${canSchedule ? " Need water before then? Schedule an extra delivery for a day your route runs." : ""}`
                  : canSchedule
                    ? "Need water? Schedule a delivery for a day your route runs."
                    : "There are no open deliveries at this address."
              }
              action={
                canSchedule ? (
                  <LinkButton href={newPath} variant="outline">
                    Schedule a delivery
                  </LinkButton>
                ) : null
              }
              className="bg-card"
            />
          )}
        </TitledSection>
      </div>

      <TitledSection id="past-title" title="Past deliveries">
        {past.length ? (
          <PastDeliveries orders={past} />
        ) : (
          <EmptyState
            icon={<HistoryIcon aria-hidden="true" />}
            title="No past deliveries yet"
            description="Completed deliveries and what they cost show here."
            className="bg-card py-6"
          />
        )}
      </TitledSection>
    </div>
  );
}

/** A part of the page under its heading, which names it (`id` is the heading's). */
function TitledSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn("grid gap-3", className)}>
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}
