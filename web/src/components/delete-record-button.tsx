import { Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { ConfirmDialog, type ConfirmDialogProps } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

/**
 * A record page's "Delete": an outlined red button (`label`, "Delete" unless told) that asks first in a
 * destructive ConfirmDialog; `trigger` replaces the button (e.g. an icon button in a list row).
 */
export function DeleteRecordButton({
  label = "Delete",
  trigger,
  ...confirm
}: Omit<ConfirmDialogProps, "destructive" | "children"> & { label?: ReactNode }) {
  return (
    <ConfirmDialog
      {...confirm}
      destructive
      trigger={
        trigger ?? (
          <Button variant="outline" className="text-destructive hover:text-destructive">
            <Trash2Icon aria-hidden="true" />
            {label}
          </Button>
        )
      }
    />
  );
}
