import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
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
  const [busy, setBusy] = useState(false);
  const run = async (confirm: boolean) => {
    setBusy(true);
    // A refusal or failure is shown by the mutation hook; the dialog stays open for another try.
    const r = await remove(confirm).catch(() => null);
    setBusy(false);
    if (r?.isSuccess) {
      toast.success(r.message);
      setUses(null);
      onOpenChange(false);
      onDeleted();
    } else if (r?.requiresConfirmation) setUses(r.uses);
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setUses(null);
        onOpenChange(o);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{uses ? "This is in use:" : description}</AlertDialogDescription>
        </AlertDialogHeader>
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
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={busy} onClick={() => run(!!uses)}>
            {busy ? <Spinner /> : null}
            {uses ? "Delete anyway" : "Delete"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
