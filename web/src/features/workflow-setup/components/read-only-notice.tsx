import { EyeIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";

/** Shown to employees who may read the workflow setup but not change it. */
export function ReadOnlyNotice({ what = "the workflow setup" }: { what?: string }) {
  return (
    <Alert variant="info">
      <EyeIcon aria-hidden="true" />
      <AlertDescription>You can view {what}. Changing it needs the Workflow configuration permission.</AlertDescription>
    </Alert>
  );
}
