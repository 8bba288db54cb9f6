import type { ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export type ResultMessage = { isSuccess: boolean; message: string };

/**
 * The isSuccess/message answer of an account operation as a success or error banner (SPEC section 8).
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
