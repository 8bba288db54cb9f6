import { LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
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

export function NotLinked() {
  return (
    <EmptyState
      icon={<LinkIcon aria-hidden="true" />}
      title="You aren't linked to an account yet."
      description="Link your customer account with its account number and security code to see your bills and make payments."
      action={
        <Button asChild>
          <Link href="/v2/manage">Link Account</Link>
        </Button>
      }
      className="bg-card"
    />
  );
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
      <Select value={current.id} onValueChange={(id) => navigate(`${basePath}/${id}`)}>
        <SelectTrigger id="customer-switcher" className="w-full min-w-56 sm:w-72">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {customers.map((c) => (
            <SelectItem key={c.id} value={c.id}>
              {c.accountNumber} · {c.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** "Account 100001 · Jane Customer" under a page title. */
export function accountLine(c: LinkedCustomer) {
  return `Account ${c.accountNumber} · ${c.name}`;
}
