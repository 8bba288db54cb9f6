import { AlertCircleIcon, LinkIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import { CustomerSelect } from "@/components/customer-options";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { TitledPageHeader } from "@/components/shell/titled-page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useShoppingCart } from "../api/cart";
import { type CheckoutOptions, useCheckoutOptions, useShopCustomers } from "../api/checkout";
import { AddressStep } from "../components/checkout/address-step";
import { CheckoutSummary } from "../components/checkout/checkout-summary";
import { OrderPlaced } from "../components/checkout/order-placed";
import { AgreementStep, PaymentStep } from "../components/checkout/payment-step";
import { type PlacedOrder, useCheckout } from "../components/checkout/use-checkout";
import { EmptyCart } from "../components/empty-cart";

/** /shop/checkout: a linked customer chooses the address, pays and places the order. */
export default function CheckoutPage() {
  const customersQuery = useShopCustomers();
  const { cart, isPending: cartPending } = useShoppingCart();
  const customers = customersQuery.data?.customers;
  // An order found after its answer was lost: shown here, whatever the (now empty) cart says.
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

  if (placed)
    return (
      <div className="grid gap-2">
        <DocumentTitle title="Order placed" />
        <PageHeader title="Checkout" />
        <OrderPlaced order={placed} />
      </div>
    );
  if (customersQuery.isPending || cartPending)
    return (
      <div className="grid gap-4" role="status" aria-label="Loading checkout">
        <Skeleton className="h-8 w-48" />
        <SkeletonBlocks className="grid gap-4 lg:grid-cols-[1fr_22rem]" blocks={["h-96", "h-72"]} />
      </div>
    );
  if (customersQuery.isError)
    return <QueryError error={customersQuery.error} onRetry={() => customersQuery.refetch()} />;

  return (
    <div className="grid gap-2">
      <TitledPageHeader title="Checkout" description="Your order is delivered with your next route stop." />
      {!customers?.length ? (
        <Alert
          variant="info"
          action={
            <LinkButton href="/v2/manage" size="sm" icon={LinkIcon}>
              Link Account
            </LinkButton>
          }
        >
          <AlertTitle>You aren't linked to an account yet.</AlertTitle>
          <AlertDescription>
            Link your customer account with its account number and security code to order from the shop.
          </AlertDescription>
        </Alert>
      ) : !cart || cart.items.length === 0 ? (
        <EmptyCart description="Add something from the shop, then come back to check out." linkText="Go to the shop" />
      ) : (
        <CheckoutForm customers={customers} onPlaced={setPlaced} />
      )}
    </div>
  );
}

type Customer = { id: string; accountNumber: string; name: string };

function CheckoutForm({ customers, onPlaced }: { customers: Customer[]; onPlaced: (order: PlacedOrder) => void }) {
  const [customerId, setCustomerId] = useState(customers[0]!.id);
  const optionsQuery = useCheckoutOptions(customerId);
  const options = optionsQuery.data?.shopCheckoutOptions;
  const accountPicker =
    customers.length > 1 ? (
      <Card>
        <CardContent>
          <FormField label="Account">
            {(control) => (
              <CustomerSelect
                customers={customers}
                value={customerId}
                onValueChange={setCustomerId}
                trigger={{ ...control, className: "h-10 w-full sm:w-96" }}
              />
            )}
          </FormField>
        </CardContent>
      </Card>
    ) : null;

  if (options)
    return <CheckoutSteps key={customerId} options={options} accountPicker={accountPicker} onPlaced={onPlaced} />;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[1fr_22rem]">
      <div className="grid gap-4">
        {accountPicker}
        {optionsQuery.isPending ? (
          <Skeleton className="h-64" />
        ) : (
          <QueryError error={optionsQuery.error} onRetry={() => optionsQuery.refetch()} />
        )}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

type StepsProps = { options: CheckoutOptions; accountPicker: ReactNode; onPlaced: (order: PlacedOrder) => void };

function CheckoutSteps({ options, accountPicker, onPlaced }: StepsProps) {
  const [, navigate] = useLocation();
  const checkout = useCheckout(options, onPlaced, (orderId) =>
    navigate(`/shop/checkout-success?orderId=${encodeURIComponent(orderId)}`),
  );
  const address = options.addresses.find((a) => a.serviceAddressId === checkout.values.addressId);
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[1fr_22rem]">
      <div className="grid gap-4">
        {accountPicker}
        <AddressStep
          checkout={checkout}
          addresses={options.addresses}
          purchaseOrders={options.purchaseOrders}
          purchaseOrderRequired={options.purchaseOrderRequired}
        />
        <PaymentStep checkout={checkout} customerId={options.customerId} />
        {options.paymentAgreementHtml.trim() ? (
          <AgreementStep checkout={checkout} html={options.paymentAgreementHtml} />
        ) : null}
        {address && !address.nextDeliveryDate ? (
          <Alert variant="warning" icon={<AlertCircleIcon aria-hidden="true" />}>
            <AlertDescription>There is no delivery date for this address yet.</AlertDescription>
          </Alert>
        ) : null}
      </div>
      <div className="lg:sticky lg:top-24">
        <CheckoutSummary checkout={checkout} />
      </div>
    </div>
  );
}
