import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useReturnFocus } from "@/lib/use-return-focus";
import { type PaymentSettings, useAddPaymentAccount } from "../api";
import { NewMethodForm } from "./new-method-form";

/**
 * Saving a new card or bank account: the method form tokenizes it, then the server saves the token. A
 * refusal shows in the form (what was typed stays); a save closes the dialog with the server's answer.
 */
export function AddMethodDialog({
  open,
  onOpenChange,
  customerId,
  settings,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  customerId: string;
  settings: PaymentSettings;
}) {
  const add = useAddPaymentAccount();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Add a payment method</DialogTitle>
          <DialogDescription>
            Saved securely with our payment processor; we keep only the last four digits.
          </DialogDescription>
        </DialogHeader>
        <NewMethodForm
          settings={settings}
          submitLabel={(k) => (k === "CARD" ? "Save card" : "Save bank account")}
          onCancel={() => onOpenChange(false)}
          onTokenized={async (m) => {
            // A refusal thrown here is shown by the form, on its field or in its alert.
            await add.mutateQuietly({ input: { customerId, token: m.token, makeDefault: false } });
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
