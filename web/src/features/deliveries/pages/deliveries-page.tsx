import { Link2Icon } from "lucide-react";
import { Redirect } from "wouter";
import { NotLinkedState } from "@/components/portal-empty-state";
import { QueryError } from "@/components/shell/query-error";
import { TitledPageHeader } from "@/components/shell/titled-page-header";
import { useDeliveryCustomers } from "../api";
import { AddressList } from "../components/address-list";
import { DeliveriesSkeleton } from "../components/deliveries-skeleton";
import { deliveriesPath } from "../format";

/** Deliveries: with one account, straight to it; with several, each account and its addresses. */
export default function DeliveriesPage() {
  const query = useDeliveryCustomers();
  const header = (
    <>
      <TitledPageHeader title="Deliveries" description="Choose a service address to see and schedule its deliveries." />
    </>
  );
  if (query.isPending) return <DeliveriesSkeleton variant="list" />;
  if (query.isError)
    return (
      <>
        {header}
        <QueryError error={query.error} title="We couldn't load your accounts" onRetry={() => query.refetch()} />
      </>
    );
  const customers = query.data.customers;
  if (customers.length === 1) return <Redirect to={deliveriesPath(customers[0]!.id)} replace />;
  return (
    <section className="grid gap-6">
      {header}
      {customers.length === 0 ? (
        <NotLinkedState purpose="to see and schedule your deliveries" icon={<Link2Icon aria-hidden="true" />} />
      ) : (
        customers.map((c) => (
          <section key={c.id} aria-labelledby={`account-${c.id}`} className="grid gap-3">
            <h2 id={`account-${c.id}`} className="font-semibold text-lg">
              {c.name} <span className="font-normal text-muted-foreground text-sm">· Account {c.accountNumber}</span>
            </h2>
            <AddressList
              customerId={c.id}
              addresses={c.serviceAddresses}
              none="This account has no address we deliver to."
              compact
            />
          </section>
        ))
      )}
    </section>
  );
}
