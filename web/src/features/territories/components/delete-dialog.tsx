import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import type { DeleteResult } from "../api";

/**
 * Deletes a map, zone or role in two steps when something uses it: the first call (confirm false)
 * either deletes it or answers what uses it; the dialog lists those and "Delete anyway" confirms.
 */
export function DeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  remove,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  remove: (confirm: boolean) => Promise<DeleteResult>;
  onDeleted: () => void;
}) {
  const [uses, setUses] = useState<string[] | null>(null);
  // Not deleted (refused, failed, or something uses it): the dialog stays open, listing those uses
  // for "Delete anyway", or for another try. A refusal or failure is shown by the mutation hook.
  const run = async () => {
    const r = await remove(!!uses).catch(() => null);
    if (!r?.isSuccess) {
      if (r?.requiresConfirmation) setUses(r.uses);
      throw new Error("Not deleted.");
    }
    toast.success(r.message);
    setUses(null);
    onDeleted();
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setUses(null);
        onOpenChange(o);
      }}
      title={title}
      description={uses ? "This is in use:" : description}
      destructive
      confirmLabel={uses ? "Delete anyway" : "Delete"}
      onConfirm={run}
    >
      {uses ? (
        <div className="grid gap-2 text-sm">
          <ul className="list-disc pl-5" aria-label="What uses it">
            {uses.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
          <p className="text-muted-foreground">Deleting it removes those as well.</p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
