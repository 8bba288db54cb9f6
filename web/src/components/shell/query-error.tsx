import { RefreshCwIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describeRequestError, requestErrorReference } from "@/lib/query-client";

/**
 * A query that failed before it had data shows its error here: for a failure on our
 * side a plain sentence with what to do, and the request id, small, for support.
 */
export function QueryError({
  error,
  title = "We couldn't load this",
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  const reference = requestErrorReference(error);
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
      <AlertDescription className="whitespace-pre-line">
        {describeRequestError(error, { reference: false })}
        {reference ? (
          <span className="mt-1 block text-muted-foreground text-xs" data-testid="error-reference">
            Reference: <span className="font-mono">{reference}</span>
          </span>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
