import { SearchXIcon, TruckIcon } from "lucide-react";
import { Link, Redirect } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { RouteParams } from "@/lib/route-table";
import { useDeliveryCustomers } from "../api";
import { AddressList } from "../components/address-list";
import { DeliveriesBreadcrumb } from "../components/deliveries-breadcrumb";
import { DeliveriesSkeleton } from "../components/deliveries-skeleton";
import { deliveriesPath } from "../format";

/** Deliveries/{custId}: the account's service addresses (one address: straight to it). */
export default function CustomerDeliveriesPage({ params }: { params: RouteParams }) {
  const customerId = params.custId ?? "";
  const query = useDeliveryCustomers();
  if (query.isPending) return <DeliveriesSkeleton variant="list" />;
  if (query.isError)
    return (
      <>
        <DocumentTitle title="Deliveries" />
        <PageHeader title="Deliveries" />
        <QueryError error={query.error} title="We couldn't load this account" onRetry={() => query.refetch()} />
      </>
    );
  const customer = query.data.customers.find((c) => c.id === customerId);
  if (!customer)
    return (
      <>
        <DocumentTitle title="Deliveries" />
        <PageHeader title="Deliveries" />
        <EmptyState
          icon={<SearchXIcon aria-hidden="true" />}
          title="We couldn't find that account"
          description="It isn't one of the accounts linked to your sign-in."
          action={
            <Button asChild variant="outline">
              <Link href={deliveriesPath()}>Your accounts</Link>
            </Button>
          }
          className="bg-card"
        />
      </>
    );
  if (customer.serviceAddresses.length === 1)
    return <Redirect to={deliveriesPath(customer.id, customer.serviceAddresses[0]!.serviceAddressId)} replace />;
  return (
    <section className="grid gap-4">
      <DocumentTitle title="Deliveries" />
      <div>
        <DeliveriesBreadcrumb customerId={customer.id} current={`Account ${customer.accountNumber}`} />
        <PageHeader
          title="Deliveries"
          description={`${customer.name} · Account ${customer.accountNumber}. Choose a service address.`}
        />
      </div>
      {customer.serviceAddresses.length ? (
        <AddressList customerId={customer.id} addresses={customer.serviceAddresses} />
      ) : (
        <EmptyState
          icon={<TruckIcon aria-hidden="true" />}
          title="No service addresses"
          description="This account has no address we deliver to. Call us to start a delivery service."
          className="bg-card"
        />
      )}
    </section>
  );
}
