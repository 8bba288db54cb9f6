import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/link-button";
import { CallUs } from "./call-us";

/** Why a customer on credit hold cannot schedule deliveries online, and where to go. */
export function CreditHoldAlert({ customerId }: { customerId: string }) {
  return (
    <Alert
      variant="destructive"
      action={
        <LinkButton href={`/v2/billing/${customerId}`} size="sm" variant="outline">
          View billing
        </LinkButton>
      }
    >
      <AlertTitle>This address is on credit hold</AlertTitle>
      <AlertDescription>
        New deliveries and changes can't be scheduled online until the account's balance is settled. Please make a
        payment or <CallUs lowercase /> to arrange a delivery.
      </AlertDescription>
    </Alert>
  );
}
