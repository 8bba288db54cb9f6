import { XIcon } from "lucide-react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button, type ButtonProps } from "@/components/ui/button";
import { describeRequestError } from "@/lib/query-client";
import { useCancelWorkOrder, useRefreshDeliveries } from "../api";
import { formatLongDate } from "../format";

/** "Cancel delivery" with a confirmation; on success the deliveries screens refresh. */
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
  const refresh = useRefreshDeliveries();
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
          const { cancelWorkOrder } = await cancel.mutateAsync({ workOrderId });
          if (cancelWorkOrder.isSuccess) {
            toast.success(cancelWorkOrder.message);
            await refresh();
            onCancelled?.();
          } else {
            toast.error(cancelWorkOrder.message);
          }
        } catch (error) {
          toast.error(describeRequestError(error));
          throw error;
        }
      }}
    />
  );
}
