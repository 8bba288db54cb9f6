import { XIcon } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button, type ButtonProps } from "@/components/ui/button";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { useCancelWorkOrder } from "../api";
import { formatLongDate } from "../format";

/**
 * "Cancel delivery" with a confirmation; on success the deliveries screens refresh. A refusal or a
 * failure is shown by the mutation (a toast).
 */
export function CancelDeliveryButton({
  workOrderId,
  scheduled,
  onCancelled,
  size = "sm",
  label = "Cancel delivery",
}: {
  workOrderId: string;
  scheduled: string;
  onCancelled?: () => void;
  size?: ButtonProps["size"];
  label?: string;
}) {
  const cancel = useCancelWorkOrder();
  const when = formatLongDate(scheduled);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size={size} className="text-destructive hover:text-destructive">
          <XIcon aria-hidden="true" />
          {label}
        </Button>
      }
      title={`Cancel the delivery on ${when}?`}
      description="We won't come by on that date for this order. Your regular service isn't affected."
      confirmLabel="Cancel delivery"
      cancelLabel="Keep delivery"
      destructive
      onConfirm={async () => {
        try {
          await cancel.mutateAsync({ workOrderId });
        } catch (error) {
          // A refusal ("too late to cancel") closes the dialog; a failure keeps it open for a retry.
          if (error instanceof MutationRefusal) return;
          throw error;
        }
        onCancelled?.();
      }}
    />
  );
}
