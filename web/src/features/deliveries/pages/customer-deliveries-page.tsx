import { Redirect } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader } from "@/components/ui/page-header";
import type { RouteParams } from "@/lib/route-table";
import { useDeliveryCustomers } from "../api";
import { AddressList } from "../components/address-list";
import { DeliveriesBreadcrumb } from "../components/deliveries-breadcrumb";
import { DeliveriesLoadError, DeliveriesNotFound } from "../components/deliveries-notice";
import { DeliveriesSkeleton } from "../components/deliveries-skeleton";
import { deliveriesPath } from "../format";

/** Deliveries/{custId}: the account's service addresses (one address: straight to it). */
export default function CustomerDeliveriesPage({ params }: { params: RouteParams }) {
  const customerId = params.custId ?? "";
  const query = useDeliveryCustomers();
  if (query.isPending) return <DeliveriesSkeleton variant="list" />;
  if (query.isError)
    return (
      <DeliveriesLoadError error={query.error} title="We couldn't load this account" onRetry={() => query.refetch()} />
    );
  const customer = query.data.customers.find((c) => c.id === customerId);
  if (!customer)
    return (
      <DeliveriesNotFound
        title="We couldn't find that account"
        description="It isn't one of the accounts linked to your sign-in."
        back={{ href: deliveriesPath(), label: "Your accounts" }}
      />
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
      <AddressList
        customerId={customer.id}
        addresses={customer.serviceAddresses}
        none="This account has no address we deliver to. Call us to start a delivery service."
      />
    </section>
  );
}
