import { ChevronRightIcon } from "lucide-react";
import { Fragment } from "react";
import { Link } from "wouter";
import { useDeliveryCustomers } from "../api";
import { deliveriesPath, streetLine } from "../format";

/**
 * Where this page sits: all accounts › one account › one address › this page. Levels the user has only one
 * of are left out (they redirect straight through), so a one-address customer sees just the address.
 */
export function DeliveriesBreadcrumb({
  customerId,
  addressId,
  current,
}: {
  customerId?: string;
  addressId?: string;
  current?: string;
}) {
  const { data } = useDeliveryCustomers();
  const customers = data?.customers ?? [];
  const customer = customers.find((c) => c.id === customerId);
  const address = customer?.serviceAddresses.find((a) => a.serviceAddressId === addressId);
  const crumbs: { label: string; href?: string }[] = [];
  if (customers.length > 1) crumbs.push({ label: "All accounts", href: deliveriesPath() });
  if (customer && customer.serviceAddresses.length > 1)
    crumbs.push({ label: `Account ${customer.accountNumber}`, href: deliveriesPath(customer.id) });
  if (address)
    crumbs.push({ label: streetLine(address), href: current ? deliveriesPath(customerId, addressId) : undefined });
  if (current) crumbs.push({ label: current });
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className="mb-2">
      <ol className="flex flex-wrap items-center gap-1 text-muted-foreground text-sm">
        {crumbs.map((c, i) => (
          <Fragment key={`${c.label}-${i}`}>
            {i > 0 ? <ChevronRightIcon aria-hidden="true" className="size-3.5" /> : null}
            <li>
              {c.href && i < crumbs.length - 1 ? (
                <Link
                  href={c.href}
                  className="rounded-sm hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {c.label}
                </Link>
              ) : (
                <span aria-current={i === crumbs.length - 1 ? "page" : undefined} className="text-foreground">
                  {c.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
