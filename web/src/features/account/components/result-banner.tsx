import type { ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describeMutationError } from "@/lib/use-gql-mutation";

export type ResultMessage = { isSuccess: boolean; message: string };

/**
 * The isSuccess/message answer of an account operation as a success or error banner.
 * `onClear` adds the Clear error button of the create-account failure banner.
 */
export function ResultBanner({
  result,
  onClear,
  action,
}: {
  result: ResultMessage | null;
  onClear?: () => void;
  action?: ReactNode;
}) {
  if (!result) return null;
  return (
    <Alert
      variant={result.isSuccess ? "success" : "destructive"}
      action={
        action ??
        (!result.isSuccess && onClear ? (
          <Button type="button" variant="outline" size="sm" onClick={onClear}>
            Clear error
          </Button>
        ) : null)
      }
    >
      <AlertDescription className="whitespace-pre-line text-foreground">{result.message}</AlertDescription>
    </Alert>
  );
}

/** A failed operation as the banner's error: the server's refusal in its own words, or what went wrong. */
export function failureResult(error: unknown): ResultMessage {
  return { isSuccess: false, message: describeMutationError(error) };
}
