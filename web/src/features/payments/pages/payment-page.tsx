import { ArrowLeftIcon } from "lucide-react";
import { type FormEvent, useCallback, useMemo, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { type Billing, type LinkedCustomer, useBilling } from "@/features/billing/api";
import { accountLine, CustomerRoute, CustomerSwitcher } from "@/features/billing/components/customer-route";
import type { RouteParams } from "@/lib/route-table";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { formatMoney } from "@/lib/utils";
import { answerLost, askPaymentByKey, type PaymentResponse, useMakePayment, useRefreshPayments } from "../api";
import { PaymentAccountCard } from "../components/payment-account-card";
import { AmountCard, type Mode } from "../components/payment-amount-card";
import { type PaymentChoice, PaymentMethodPicker } from "../components/payment-method-picker";
import { PaymentReceipt, type Receipt } from "../components/payment-receipt";
import { errorMessage, newIdempotencyKey, parseDollars } from "../schema";

const BASE = "/v2/payment";

/** v2/payment[/{custId}]: pay the balance, another amount or chosen invoices. */
export default function PaymentPage({ params }: { params: RouteParams }) {
  return (
    <CustomerRoute basePath={BASE} custId={params.custId}>
      {({ customer, customers }) => <PaymentForCustomer key={customer.id} customer={customer} customers={customers} />}
    </CustomerRoute>
  );
}

function PaymentForCustomer({ customer, customers }: { customer: LinkedCustomer; customers: LinkedCustomer[] }) {
  const billing = useBilling(customer.id, false);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <DocumentTitle title="Make a payment" />
      <PageHeader
        title="Make a payment"
        description={accountLine(customer)}
        actions={
          <>
            <CustomerSwitcher customers={customers} current={customer} basePath={BASE} />
            <Button asChild variant="outline" className="self-end">
              <Link href={`/v2/billing/${customer.id}`}>
                <ArrowLeftIcon aria-hidden="true" />
                Billing
              </Link>
            </Button>
          </>
        }
      />
      {billing.isPending ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]" role="status" aria-label="Loading">
          <Skeleton className="h-96" />
          <Skeleton className="h-40" />
        </div>
      ) : billing.isError ? (
        <QueryError error={billing.error} onRetry={() => billing.refetch()} />
      ) : (
        <PaymentForm customerId={customer.id} billing={billing.data.billing} />
      )}
    </div>
  );
}

/** How much more than the balance a customer may pay online (the server holds the same limit). */
const MAX_CREDIT_CENTS = 50_000;
type Outcome = { kind: "response"; response: PaymentResponse } | { kind: "error"; message: string };

function PaymentForm({ customerId, billing }: { customerId: string; billing: Billing }) {
  const search = new URLSearchParams(useSearch());
  const openInvoices = billing.invoices.filter((i) => i.balance > 0);
  const preselected = search.get("invoice");
  const initialMode: Mode =
    preselected && openInvoices.some((i) => i.id === preselected)
      ? "invoices"
      : billing.balance > 0
        ? "balance"
        : "other";
  const [mode, setMode] = useState<Mode>(initialMode);
  const [other, setOther] = useState("");
  const [invoiceIds, setInvoiceIds] = useState<Set<string>>(
    () => new Set(initialMode === "invoices" && preselected ? [preselected] : []),
  );
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // An approved payment: the receipt replaces the form until the customer starts another payment.
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  // A declined new card: the picker reopens its form with what was typed and the field at fault.
  const [declined, setDeclined] = useState<{ message: string } | null>(null);
  const [touched, setTouched] = useState(false);
  // Paying more than the balance leaves a credit: the customer says so, and the server checks it.
  const [creditConfirmed, setCreditConfirmed] = useState(false);
  // One key per payment: a double click sends the same key, so the server charges once.
  const key = useRef(newIdempotencyKey());
  const pay = useMakePayment();
  const refresh = useRefreshPayments();
  const onChoice = useCallback((v: PaymentChoice | null) => setChoice(v), []);

  const amount = useMemo(() => {
    if (mode === "balance") return billing.balance;
    if (mode === "invoices") return openInvoices.filter((i) => invoiceIds.has(i.id)).reduce((s, i) => s + i.balance, 0);
    return parseDollars(other) ?? 0;
  }, [mode, billing.balance, openInvoices, invoiceIds, other]);

  const due = Math.max(billing.balance, 0);
  const credit = mode === "other" ? amount - due : 0;
  const amountError =
    mode === "other" && parseDollars(other) === null
      ? "Enter an amount, like 25.00."
      : mode === "invoices" && invoiceIds.size === 0
        ? "Choose at least one invoice."
        : amount < 1
          ? "Enter an amount of at least $0.01."
          : amount > 10_000_000
            ? "Enter an amount of at most $100,000.00."
            : credit > MAX_CREDIT_CENTS
              ? `You can pay at most ${formatMoney(due + MAX_CREDIT_CENTS)}: your balance plus up to ${formatMoney(MAX_CREDIT_CENTS)} of credit.`
              : credit > 0 && !creditConfirmed
                ? "Confirm that you want to pay more than your balance."
                : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountError || !choice || pay.isPending) return;
    setOutcome(null);
    setDeclined(null);
    try {
      const r = await pay.mutateQuietly({
        input: {
          customerId,
          amount,
          confirmOverpayment: credit > 0 && creditConfirmed,
          idempotencyKey: key.current,
          invoiceIds: mode === "invoices" ? [...invoiceIds] : undefined,
          ...("paymentAccountId" in choice
            ? { paymentAccountId: choice.paymentAccountId }
            : { token: choice.token, saveForLater: choice.saveForLater }),
        },
      });
      settle(r.makePayment);
    } catch (error) {
      // A decline or refusal is an answer like an approval: the page shows it, the next try gets a new key.
      if (error instanceof MutationRefusal && "result" in error.result) {
        settle(error.result as PaymentResponse);
        return;
      }
      if (answerLost(error)) {
        // The server may have charged before the answer was lost: ask what became of this key before
        // offering to pay again. The key is kept, so a retry can never charge twice.
        const found = await askPaymentByKey(customerId, key.current);
        if (found) {
          settle(found, true);
          await refresh();
        } else
          setOutcome({
            kind: "error",
            message:
              found === null
                ? "Your payment did not reach us, and nothing was charged. Please try again."
                : "We could not reach the server to confirm your payment. Check your connection, then press Pay again: you will not be charged twice.",
          });
        return;
      }
      setOutcome({ kind: "error", message: errorMessage(error) });
      key.current = newIdempotencyKey();
      if ("token" in choice && /expired/i.test(errorMessage(error))) setChoice(null);
    }
  };

  /** Shows the server's answer (from makePayment, or found by key after a lost answer). */
  const settle = (response: PaymentResponse, recovered = false) => {
    if (!choice) return;
    setTouched(false);
    key.current = newIdempotencyKey();
    if ("token" in choice) setChoice(null); // a token pays once
    if (response.isSuccess) {
      setReceipt({
        message: recovered
          ? `Your payment of ${formatMoney(response.receipt?.amount ?? amount)} went through.`
          : response.message,
        amount: response.receipt?.amount ?? amount,
        method: choice.label,
        reference: response.receipt?.reference ?? response.attemptId,
        paidAt: String(response.receipt?.paidAt ?? ""),
        balance: response.balance,
      });
      setOther("");
      setCreditConfirmed(false);
      setInvoiceIds(new Set());
      setMode(response.balance > 0 ? "balance" : "other");
    } else {
      setOutcome({ kind: "response", response });
      if ("token" in choice) setDeclined({ message: response.message });
    }
  };

  const success = receipt !== null;
  const anotherPayment = () => {
    setReceipt(null);
    setOutcome(null);
    // focus moves to the form's first question, as the receipt it replaces had focus
    requestAnimationFrame(() => document.getElementById("amount-heading")?.focus());
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {receipt ? (
        <PaymentReceipt receipt={receipt} customerId={customerId} onAnother={anotherPayment} />
      ) : (
        <div className="grid gap-4">
          <div aria-live="polite" className="grid gap-4 empty:hidden">
            {outcome?.kind === "response" ? (
              <Alert variant="destructive">
                <AlertTitle>
                  {outcome.response.result === "DECLINED" ? "Payment declined" : "Payment not processed"}
                </AlertTitle>
                <AlertDescription>
                  {outcome.response.message} Nothing was charged. Please try another payment method.
                </AlertDescription>
              </Alert>
            ) : outcome?.kind === "error" ? (
              <Alert variant="destructive">
                <AlertTitle>Payment not processed</AlertTitle>
                <AlertDescription>{outcome.message}</AlertDescription>
              </Alert>
            ) : null}
          </div>

          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Payment">
            <AmountCard
              {...{ billing, openInvoices, mode, setMode, other, setOther, invoiceIds, setInvoiceIds }}
              {...{ due, credit, creditConfirmed, setCreditConfirmed, touched, amountError }}
              maxCredit={MAX_CREDIT_CENTS}
            />

            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Pay with</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <PaymentMethodPicker customerId={customerId} value={choice} onChange={onChoice} declined={declined} />
                {touched && !choice ? (
                  <p role="alert" className="mt-2 font-medium text-destructive text-xs">
                    Choose how to pay.
                  </p>
                ) : null}
              </CardContent>
            </Card>

            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="submit"
                size="lg"
                disabled={pay.isPending || !choice || (touched && !!amountError)}
                aria-busy={pay.isPending || undefined}
                aria-describedby="pay-with"
              >
                {pay.isPending ? <Spinner size="sm" className="text-current" label="Paying" /> : null}
                {amount > 0 && !amountError ? `Pay ${formatMoney(amount)}` : "Pay"}
              </Button>
              <span id="pay-with" className="text-muted-foreground text-sm">
                {choice ? `with ${choice.label}` : "Choose how to pay first."}
              </span>
            </div>
          </form>
        </div>
      )}

      <PaymentAccountCard billing={billing} openInvoices={openInvoices.length} success={success} />
    </div>
  );
}
