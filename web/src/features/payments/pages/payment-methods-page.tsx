import { PlusIcon, WalletIcon } from "lucide-react";
import { useState } from "react";
import { QueryError } from "@/components/shell/query-error";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useBilling } from "@/features/billing/api";
import {
  BackToBilling,
  CustomerPageLayout,
  type CustomerPageProps,
  customerPage,
} from "@/features/billing/components/customer-route";
import { usePaymentMethods, usePaymentSettings } from "../api";
import { AddMethodDialog } from "../components/add-method-dialog";
import { AutoPayForm } from "../components/autopay-form";
import { MethodCard } from "../components/method-card";

const BASE = "/v2/payment-methods";

function MethodsForCustomer(props: CustomerPageProps) {
  const { customer } = props;
  const methods = usePaymentMethods(customer.id);
  const settings = usePaymentSettings();
  const billing = useBilling(customer.id, false);
  const [adding, setAdding] = useState(false);

  const loading = methods.isPending || settings.isPending || billing.isPending;
  const error = methods.error ?? settings.error ?? billing.error;

  return (
    <CustomerPageLayout
      {...props}
      title="Payment methods"
      basePath={BASE}
      actions={
        <>
          <BackToBilling customerId={customer.id} />
          <Button className="self-end" onClick={() => setAdding(true)} disabled={loading || !!error}>
            <PlusIcon aria-hidden="true" />
            Add a payment method
          </Button>
        </>
      }
    >
      {loading ? (
        <SkeletonBlocks label="Loading" className="grid gap-3" blocks={["h-20", "h-20", "h-56"]} />
      ) : error ? (
        <QueryError
          error={error}
          onRetry={() => {
            void methods.refetch();
            void settings.refetch();
            void billing.refetch();
          }}
        />
      ) : (
        <>
          <section aria-labelledby="saved-title" className="grid gap-3">
            <h2 id="saved-title" tabIndex={-1} className="font-semibold text-lg outline-none">
              Saved methods
            </h2>
            {methods.data!.paymentMethods.length ? (
              <ul className="grid gap-3 md:grid-cols-2">
                {methods.data!.paymentMethods.map((m) => (
                  <MethodCard
                    key={m.id}
                    method={m}
                    methods={methods.data!.paymentMethods}
                    settings={settings.data!.paymentSettings}
                    customerId={customer.id}
                    autoPay={
                      billing.data!.billing.autoPay?.paymentMethod?.id === m.id ? billing.data!.billing.autoPay : null
                    }
                  />
                ))}
              </ul>
            ) : (
              <EmptyState
                icon={<WalletIcon aria-hidden="true" />}
                title="No saved payment methods"
                description="Save a card or bank account to pay faster and to set up automatic payments."
                action={
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden="true" />
                    Add a payment method
                  </Button>
                }
                className="bg-card"
              />
            )}
          </section>
          <AutoPayForm
            key={billing.data!.billing.autoPay?.id ?? "none"}
            customerId={customer.id}
            autoPay={billing.data!.billing.autoPay ?? null}
            methods={methods.data!.paymentMethods}
            settings={settings.data!.paymentSettings}
          />
          <AddMethodDialog
            open={adding}
            onOpenChange={setAdding}
            customerId={customer.id}
            settings={settings.data!.paymentSettings}
          />
        </>
      )}
    </CustomerPageLayout>
  );
}

/** v2/payment-methods[/{custId}]: saved cards and bank accounts, and automatic payments. */
export default customerPage(BASE, MethodsForCustomer);
