import { RefreshCwIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describeRequestError } from "@/lib/query-client";

/** A query that failed before it had data shows its error here (SPEC section 8). */
export function QueryError({
  error,
  title = "We couldn't load this",
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  return (
    <Alert
      variant="destructive"
      action={
        onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCwIcon aria-hidden="true" />
            Try again
          </Button>
        ) : null
      }
    >
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="whitespace-pre-line">{describeRequestError(error)}</AlertDescription>
    </Alert>
  );
}
