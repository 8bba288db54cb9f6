import { useEffect } from "react";
import { z } from "zod";
import { FormDialog, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useReturnFocus } from "@/lib/use-return-focus";
import { type PaymentMethod, useEditPaymentAccount } from "../api";
import { expired, normalizeExpiration } from "../schema";

const schema = z.object({
  expiration: z
    .string()
    .refine((v) => normalizeExpiration(v) !== null, "Enter the expiration date as MM/YY.")
    .refine((v) => !expired(normalizeExpiration(v) ?? "0100"), "That expiration date has passed."),
});

const shown = (mmyy: string) => (/^\d{4}$/.test(mmyy) ? `${mmyy.slice(0, 2)}/${mmyy.slice(2)}` : "");

/** A saved card's new expiration date (the card's number cannot change: add a new card instead). */
export function EditExpirationDialog({
  method,
  open,
  onOpenChange,
}: {
  method: PaymentMethod;
  open: boolean;
  onOpenChange: (v: boolean) => void;
}) {
  const returnFocus = useReturnFocus(open);
  const form = useZodForm(schema, { expiration: shown(method.expiration) });
  const edit = useEditPaymentAccount();
  const current = shown(method.expiration);
  // Each opening starts from the card's expiration as it is now.
  useEffect(() => {
    if (open) form.reset({ expiration: current });
  }, [open, current, form]);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="Edit expiration"
      description={`The new expiration date printed on ${method.label}.`}
      submitLabel="Save"
      pending={edit.isPending}
      refusalField="expiration"
      className="sm:max-w-sm"
      onCloseAutoFocus={returnFocus}
      onSubmit={({ expiration }) =>
        edit.mutateQuietly({ input: { paymentAccountId: method.id, expiration: normalizeExpiration(expiration)! } })
      }
    >
      <FormField label="Expiration (MM/YY)" error={form.formState.errors.expiration?.message}>
        <Input inputMode="numeric" autoComplete="cc-exp" autoFocus {...form.register("expiration")} />
      </FormField>
    </FormDialog>
  );
}
