import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBalance, formatMoney, ordinal } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { Billing } from "../api";

// The billing page's top row: current balance, past due, automatic payments.

/** The three summary cards; each links to what the customer can do about it. */
export function BillingSummary({ billing: b, customerId }: { billing: Billing; customerId: string }) {
  const ap = b.autoPay;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <AmountCard label="Current balance" amount={formatBalance(b.balance)} testId="balance">
        <span className="text-muted-foreground">
          {b.balance < 0
            ? "You have a credit on your account."
            : b.balance === 0
              ? "You're all paid up."
              : "Thank you for your business."}
        </span>
      </AmountCard>
      <AmountCard
        label="Past due"
        amount={formatMoney(b.pastDueAmount)}
        testId="past-due"
        className={cn(b.pastDueAmount > 0 && "border-warning/60 bg-warning/5")}
      >
        {b.pastDueAmount > 0 ? (
          <Link
            href={`/v2/payment/${customerId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Pay the past due amount
          </Link>
        ) : (
          <span className="text-muted-foreground">Nothing is past due.</span>
        )}
      </AmountCard>
      <Card className="sm:col-span-2 lg:col-span-1">
        <CardHeader>
          <CardDescription>Automatic payments</CardDescription>
          <CardTitle className="text-base" data-testid="autopay-status">
            {ap
              ? `${ap.amountIsFixed ? formatMoney(ap.fixedAmount ?? 0) : "Your balance"} on the ${ordinal(ap.dayOfMonth)}`
              : "Off"}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 text-muted-foreground text-sm">
          {ap ? (
            <span>
              {ap.paymentMethod ? `With ${ap.paymentMethod.label}` : "The payment method was removed"}
              {!ap.amountIsFixed && ap.limit != null ? `, up to ${formatMoney(ap.limit)}` : ""}.
            </span>
          ) : (
            <span>Pay automatically each month with a saved card or bank account.</span>
          )}
          <Link
            href={`/v2/payment-methods/${customerId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {ap ? "Change automatic payments" : "Set up automatic payments"}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

/** A summary card of one amount, large, with a line about it under it. */
function AmountCard({
  label,
  amount,
  testId,
  className,
  children,
}: {
  label: string;
  amount: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle className="font-semibold text-3xl tabular-nums" data-testid={testId}>
          {amount}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm">{children}</CardContent>
    </Card>
  );
}

/** What the page shows while its billing loads. */
export function BillingSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
      <Skeleton className="h-6 w-64" />
      <Skeleton className="h-40" />
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-56" />
    </div>
  );
}
