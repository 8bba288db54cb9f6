import { ArrowLeftIcon } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Redirect, useLocation } from "wouter";
import { CustomerSelect } from "@/components/customer-options";
import { NotLinkedState } from "@/components/portal-empty-state";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { TitledPageHeader } from "@/components/shell/titled-page-header";
import { Label } from "@/components/ui/label";
import { LinkButton } from "@/components/ui/link-button";
import type { RouteParams } from "@/lib/route-table";
import { type LinkedCustomer, useLinkedCustomers } from "../api";

/**
 * The customer account a billing, payment or payment-methods page is about. The bare path
 * (no custId) goes to the user's first linked customer; a user linked to none is told so
 * ("You aren't linked to an account yet.").
 */
export function CustomerRoute({
  basePath,
  custId,
  children,
}: {
  basePath: string;
  custId: string | undefined;
  children: (props: { customer: LinkedCustomer; customers: LinkedCustomer[] }) => ReactNode;
}) {
  const query = useLinkedCustomers();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  const customers = query.data.customers;
  if (!customers.length) return <NotLinked />;
  if (!custId) return <Redirect to={`${basePath}/${customers[0]!.id}`} replace />;
  const customer = customers.find((c) => c.id === custId);
  // Not one of the user's accounts: the pages' own queries answer 404, which goes to /404.
  if (!customer) return <Redirect to="/404" replace />;
  return <>{children({ customer, customers })}</>;
}

/** What a page about one customer account is given: that account, and every account the user is linked to. */
export type CustomerPageProps = { customer: LinkedCustomer; customers: LinkedCustomer[] };

/**
 * The route's page for `basePath[/{custId}]`: `Page` for the account the address names (started afresh
 * when the account changes), through CustomerRoute.
 */
export function customerPage(basePath: string, Page: ComponentType<CustomerPageProps>) {
  return function CustomerPage({ params }: { params: RouteParams }) {
    return (
      <CustomerRoute basePath={basePath} custId={params.custId}>
        {({ customer, customers }) => <Page key={customer.id} customer={customer} customers={customers} />}
      </CustomerRoute>
    );
  };
}

type CustomerPageHeaderProps = CustomerPageProps & { title: string; basePath: string; actions: ReactNode };

/**
 * A customer page's title (also the document's), the account under it, and at the right the account
 * picker (several accounts) followed by the page's own buttons.
 */
export function CustomerPageHeader({ title, customer, customers, basePath, actions }: CustomerPageHeaderProps) {
  return (
    <TitledPageHeader
      title={title}
      description={accountLine(customer)}
      actions={
        <>
          <CustomerSwitcher customers={customers} current={customer} basePath={basePath} />
          {actions}
        </>
      }
    />
  );
}

/** A customer page: its CustomerPageHeader, then `children`, one under the other. */
export function CustomerPageLayout({ children, ...header }: CustomerPageHeaderProps & { children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <CustomerPageHeader {...header} />
      {children}
    </div>
  );
}

/** Back to the account's billing page, among a customer page's buttons. */
export function BackToBilling({ customerId }: { customerId: string }) {
  return (
    <LinkButton href={`/v2/billing/${customerId}`} variant="outline" className="self-end" icon={ArrowLeftIcon}>
      Billing
    </LinkButton>
  );
}

export function NotLinked() {
  return <NotLinkedState purpose="with its account number and security code to see your bills and make payments" />;
}

/** Account picker shown when the user is linked to several customers. */
export function CustomerSwitcher({
  customers,
  current,
  basePath,
}: {
  customers: LinkedCustomer[];
  current: LinkedCustomer;
  basePath: string;
}) {
  const [, navigate] = useLocation();
  if (customers.length < 2) return null;
  return (
    <div className="grid gap-1">
      <Label htmlFor="customer-switcher" className="text-muted-foreground text-xs">
        Account
      </Label>
      <CustomerSelect
        customers={customers}
        value={current.id}
        onValueChange={(id) => navigate(`${basePath}/${id}`)}
        trigger={{ id: "customer-switcher", className: "w-full min-w-56 sm:w-72" }}
      />
    </div>
  );
}

/** "Account 100001 · Jane Customer" under a page title. */
export function accountLine(c: LinkedCustomer) {
  return `Account ${c.accountNumber} · ${c.name}`;
}
