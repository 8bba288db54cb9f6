import { QueryState } from "@/components/shell/query-state";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { type Billing, useBilling } from "@/features/billing/api";
import {
  BackToBilling,
  CustomerPageLayout,
  type CustomerPageProps,
  customerPage,
} from "@/features/billing/components/customer-route";
import { formatMoney } from "@/lib/format";
import { PaymentAccountCard } from "../components/payment-account-card";
import { AmountCard } from "../components/payment-amount-card";
import { PaymentMethodPicker } from "../components/payment-method-picker";
import { PaymentOutcome } from "../components/payment-outcome";
import { PaymentReceipt } from "../components/payment-receipt";
import { usePayment } from "../components/use-payment";

const BASE = "/v2/payment";

/** v2/payment[/{custId}]: pay the balance, another amount or chosen invoices. */
export default customerPage(BASE, PaymentForCustomer);

function PaymentForCustomer(props: CustomerPageProps) {
  const { customer } = props;
  const billing = useBilling(customer.id, false);
  return (
    <CustomerPageLayout
      {...props}
      title="Make a payment"
      basePath={BASE}
      actions={<BackToBilling customerId={customer.id} />}
    >
      <QueryState
        query={billing}
        loading={
          <SkeletonBlocks
            label="Loading"
            className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]"
            blocks={["h-96", "h-40"]}
          />
        }
      >
        {(data) => <PaymentForm customerId={customer.id} billing={data.billing} />}
      </QueryState>
    </CustomerPageLayout>
  );
}

function PaymentForm({ customerId, billing }: { customerId: string; billing: Billing }) {
  const p = usePayment(customerId, billing);
  const { amount, amountError, choice, touched } = p;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {p.receipt ? (
        <PaymentReceipt receipt={p.receipt} customerId={customerId} onAnother={p.anotherPayment} />
      ) : (
        <div className="grid gap-4">
          <PaymentOutcome outcome={p.outcome} />
          <form onSubmit={p.submit} noValidate className="grid gap-4" aria-label="Payment">
            <AmountCard {...p.amountState} />

            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Pay with</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <PaymentMethodPicker
                  customerId={customerId}
                  value={choice}
                  onChange={p.onChoice}
                  declined={p.declined}
                />
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
                disabled={p.paying || !choice || (touched && !!amountError)}
                aria-busy={p.paying || undefined}
                aria-describedby="pay-with"
              >
                {p.paying ? <Spinner size="sm" className="text-current" label="Paying" /> : null}
                {amount > 0 && !amountError ? `Pay ${formatMoney(amount)}` : "Pay"}
              </Button>
              <span id="pay-with" className="text-muted-foreground text-sm">
                {choice ? `with ${choice.label}` : "Choose how to pay first."}
              </span>
            </div>
          </form>
        </div>
      )}

      <PaymentAccountCard billing={billing} openInvoices={p.openInvoices.length} success={p.receipt !== null} />
    </div>
  );
}
