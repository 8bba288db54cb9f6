import { SaveIcon } from "lucide-react";
import { z } from "zod";
import { SwitchField, useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type AdminBranch, useUpdateBank } from "../../api";
import type { BankRow } from "./branch-context";

const schema = z.object({
  name: z.string().trim().min(1, "Name the bank."),
  shortDescription: z.string(),
  paymentApiKey: z.string(),
  saleApiKey: z.string(),
  collectJsKey: z.string(),
  inactive: z.boolean(),
});
const KEYS = [
  ["paymentApiKey", "Payment key"],
  ["saleApiKey", "Sale key"],
  ["collectJsKey", "Collect.js key"],
] as const;

/** A new bank or one bank's name and keys; keys are write-only (empty keeps the saved one). */
export function BankDialog({
  branch,
  bank,
  onClose,
}: {
  branch: AdminBranch;
  bank: BankRow | null;
  onClose: () => void;
}) {
  const update = useUpdateBank({ successToast: bank ? "Bank saved." : "Bank added." });
  const form = useZodForm(schema, {
    name: bank?.name ?? "",
    shortDescription: bank?.shortDescription ?? "",
    paymentApiKey: "",
    saleApiKey: "",
    collectJsKey: "",
    inactive: bank?.inactive ?? false,
  });
  const masked = {
    paymentApiKey: bank?.paymentApiKeyMasked,
    saleApiKey: bank?.saleApiKeyMasked,
    collectJsKey: bank?.collectJsKeyMasked,
  };
  const { errors } = form.formState;
  return (
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title={bank ? `Bank: ${bank.name}` : "New bank"}
      description="Keys are write-only: leave a key empty to keep the saved one."
      submitLabel="Save bank"
      submitIcon={<SaveIcon aria-hidden="true" />}
      pending={update.isPending}
      onSubmit={async (v) => {
        const keys = Object.fromEntries(KEYS.flatMap(([k]) => (v[k].trim() ? [[k, v[k]]] : [])));
        await update.mutateQuietly({
          input: {
            branchId: branch.id,
            id: bank?.id ?? null,
            name: v.name,
            shortDescription: v.shortDescription,
            inactive: v.inactive,
            ...keys,
          },
        });
      }}
    >
      <FormField label="Name" required error={errors.name?.message}>
        <Input {...form.register("name")} />
      </FormField>
      <FormField label="Short description" error={errors.shortDescription?.message}>
        <Input {...form.register("shortDescription")} />
      </FormField>
      {KEYS.map(([k, label]) => (
        <FormField key={k} label={label} description={masked[k] ? `Saved: ${masked[k]}` : undefined}>
          <Input
            type="password"
            autoComplete="off"
            placeholder={masked[k] ? "Keep the saved key" : ""}
            {...form.register(k)}
          />
        </FormField>
      ))}
      <SwitchField control={form.control} name="inactive" label="Inactive" />
    </MountedFormDialog>
  );
}
