import { Link } from "wouter";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CallUs } from "./call-us";

/** Why a customer on credit hold cannot schedule deliveries online, and where to go. */
export function CreditHoldAlert({ customerId }: { customerId: string }) {
  return (
    <Alert
      variant="destructive"
      action={
        <Button asChild size="sm" variant="outline">
          <Link href={`/v2/billing/${customerId}`}>View billing</Link>
        </Button>
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
