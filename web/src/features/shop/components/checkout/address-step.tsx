import { MapPinIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatCalendarDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { CheckoutAddress } from "../../api/checkout";
import type { Checkout } from "./use-checkout";
import { NO_PO } from "./use-checkout";

/** A numbered step's heading (an h2). */
export function StepTitle({ n, children }: { n: number; children: ReactNode }) {
  return (
    <CardTitle asChild>
      <h2 className="flex items-center gap-2.5">
        <span
          aria-hidden="true"
          className="flex size-6 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs"
        >
          {n}
        </span>
        {children}
      </h2>
    </CardTitle>
  );
}

function addressLines(a: CheckoutAddress) {
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`].filter(Boolean);
}

function deliveryNote(a: CheckoutAddress) {
  if (a.isOnCreditHold) return "On credit hold: please call us to order for this address.";
  if (a.nextDeliveryDate) return `Next delivery: ${formatCalendarDate(a.nextDeliveryDate, "full")}`;
  return "No delivery date scheduled yet: please call us.";
}

type Props = {
  checkout: Checkout;
  addresses: CheckoutAddress[];
  purchaseOrders: { id: string; number: string; description?: string | null }[];
  purchaseOrderRequired: boolean;
};

/** Step 1: the service address to deliver to (with its next route day) and the purchase order. */
export function AddressStep({ checkout, addresses, purchaseOrders, purchaseOrderRequired }: Props) {
  const groupName = useId();
  const { values, choose } = checkout;
  const errors = checkout.form.formState.errors;
  return (
    <Card id="checkout-address">
      <CardHeader>
        <StepTitle n={1}>Delivery address</StepTitle>
        <CardDescription>We deliver on the next route day of the address you choose.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {addresses.length === 0 ? (
          <Alert variant="warning">
            <AlertDescription>This account has no active service address. Please call us to order.</AlertDescription>
          </Alert>
        ) : (
          <fieldset className="grid gap-2" aria-describedby={errors.addressId ? `${groupName}-err` : undefined}>
            <legend className="sr-only">Delivery address</legend>
            {addresses.map((a) => {
              const disabled = a.isOnCreditHold || !a.nextDeliveryDate;
              const id = `${groupName}-${a.serviceAddressId}`;
              const checked = a.serviceAddressId === values.addressId;
              return (
                <label
                  key={a.serviceAddressId}
                  htmlFor={id}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-md border bg-card px-3 py-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    checked ? "border-primary bg-primary/5" : "hover:bg-muted/60",
                    disabled && "cursor-not-allowed opacity-60",
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name={groupName}
                    className="mt-0.5 size-4 accent-primary"
                    checked={checked}
                    disabled={disabled}
                    onChange={() => choose("addressId", a.serviceAddressId)}
                  />
                  <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="grid flex-1 gap-0.5 text-sm">
                    {a.name ? <span className="font-medium">{a.name}</span> : null}
                    <span>{addressLines(a).join(", ")}</span>
                    <span className="text-muted-foreground text-xs">{deliveryNote(a)}</span>
                  </span>
                  {a.isOnCreditHold ? <Badge variant="destructive">Credit hold</Badge> : null}
                </label>
              );
            })}
          </fieldset>
        )}
        {errors.addressId ? (
          <p id={`${groupName}-err`} role="alert" className="font-medium text-destructive text-xs">
            {errors.addressId.message}
          </p>
        ) : null}

        {purchaseOrderRequired || purchaseOrders.length > 0 ? (
          <FormField
            label="Purchase order"
            required={purchaseOrderRequired}
            error={errors.poId?.message}
            description={purchaseOrderRequired ? "This account requires a purchase order." : undefined}
          >
            {(control) => (
              <Select value={values.poId} onValueChange={(v) => choose("poId", v)}>
                <SelectTrigger {...control} className="h-10 w-full sm:w-80">
                  <SelectValue placeholder="Choose a purchase order" />
                </SelectTrigger>
                <SelectContent>
                  {purchaseOrderRequired ? null : <SelectItem value={NO_PO}>No purchase order</SelectItem>}
                  {purchaseOrders.map((po) => (
                    <SelectItem key={po.id} value={po.id}>
                      {po.number}
                      {po.description ? ` · ${po.description}` : ""}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        ) : null}
      </CardContent>
    </Card>
  );
}
