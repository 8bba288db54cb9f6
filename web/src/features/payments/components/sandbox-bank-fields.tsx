import { FormAlert, SelectField, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { bankSchema } from "../schema";
import {
  ACCOUNT_TYPE_OPTIONS,
  FormButtons,
  type NewMethodFormProps,
  SaveCheckbox,
  SecretInput,
  submitOnEnter,
  useSandboxSubmit,
} from "./method-form-parts";

/**
 * A new bank account (ACH) for the sandbox tokenizer: a 9-digit routing number, the account number
 * (4 to 17 digits), checking or savings, the name on the account. What was typed stays after a failure.
 */
export function SandboxBankFields({ submitLabel, offerSave, onTokenized, onCancel, draft }: NewMethodFormProps) {
  const kept = draft?.kind === "ACH" ? draft.values : {};
  const form = useZodForm(bankSchema, {
    routingNumber: kept.routingNumber ?? "",
    accountNumber: kept.accountNumber ?? "",
    accountType: kept.accountType === "SAVINGS" ? "SAVINGS" : "CHECKING",
    nameOnAccount: kept.nameOnAccount ?? "",
  });
  const { save, setSave, onSubmit } = useSandboxSubmit(form, { onTokenized, draft }, "ACH", (v) => ({
    kind: "ACH",
    routingNumber: v.routingNumber,
    accountNumber: v.accountNumber,
    accountType: v.accountType,
    nameOnAccount: v.nameOnAccount,
  }));
  const { errors, isSubmitting } = form.formState;
  return (
    <fieldset className="grid gap-3" aria-label="New bank account" onKeyDown={submitOnEnter(() => void onSubmit())}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Routing number" error={errors.routingNumber?.message}>
          {(control) => (
            <SecretInput
              form={form}
              name="routingNumber"
              control={control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="9 digits"
            />
          )}
        </FormField>
        <FormField label="Account number" error={errors.accountNumber?.message}>
          {(control) => (
            <SecretInput form={form} name="accountNumber" control={control} inputMode="numeric" autoComplete="off" />
          )}
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField control={form.control} name="accountType" label="Account type" options={ACCOUNT_TYPE_OPTIONS} />
        <FormField label="Name on account" error={errors.nameOnAccount?.message}>
          {(control) => <SecretInput form={form} name="nameOnAccount" control={control} autoComplete="name" />}
        </FormField>
      </div>
      {offerSave ? <SaveCheckbox checked={save} onChange={setSave} /> : null}
      <FormAlert form={form} />
      <FormButtons label={submitLabel("ACH")} busy={isSubmitting} onSubmit={onSubmit} onCancel={onCancel} />
    </fieldset>
  );
}
