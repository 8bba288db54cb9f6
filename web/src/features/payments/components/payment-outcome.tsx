import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { Outcome } from "./use-payment";

/** Why the last payment did not go through (a decline, a refusal, a failure); read out when it changes. */
export function PaymentOutcome({ outcome }: { outcome: Outcome | null }) {
  return (
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
  );
}
