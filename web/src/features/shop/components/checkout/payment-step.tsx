import { SafeHtml } from "@/components/safe-html";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { PaymentMethodPicker } from "@/features/payments/components/payment-method-picker";
import { StepTitle } from "./address-step";
import type { Checkout } from "./use-checkout";

/** Step 2: the payment method (a saved one, or a new card or bank account). */
export function PaymentStep({ checkout, customerId }: { checkout: Checkout; customerId: string }) {
  const error = checkout.form.formState.errors.payment?.message;
  return (
    <Card id="checkout-payment">
      <CardHeader>
        <StepTitle n={2}>Payment</StepTitle>
        <CardDescription>Charged once when you place the order.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <PaymentMethodPicker
          customerId={customerId}
          value={checkout.values.payment}
          onChange={(v) => checkout.choose("payment", v)}
          declined={checkout.declined}
        />
        {error && !checkout.values.payment ? (
          <p role="alert" className="font-medium text-destructive text-xs">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Step 3, when the branch has one: its payment agreement, to accept. */
export function AgreementStep({ checkout, html }: { checkout: Checkout; html: string }) {
  return (
    <Card id="checkout-agreement">
      <CardHeader>
        <StepTitle n={3}>Payment agreement</StepTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="max-h-48 overflow-y-auto rounded-md border bg-muted/40 px-4 py-3 text-sm">
          <SafeHtml html={html} className="grid gap-2 [&_a]:text-primary [&_a]:underline" />
        </div>
        <FormField
          label="I accept the payment agreement"
          orientation="horizontal"
          error={checkout.form.formState.errors.agreed?.message}
        >
          <Checkbox checked={checkout.values.agreed} onCheckedChange={(v) => checkout.choose("agreed", v === true)} />
        </FormField>
      </CardContent>
    </Card>
  );
}
