import { FormAlert, SelectField, useZodForm } from "@/components/form";
import { bankSchema } from "../schema";
import {
  ACCOUNT_TYPE_OPTIONS,
  FormButtons,
  type NewMethodFormProps,
  SaveCheckbox,
  SecretField,
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
  const { save, setSave, onSubmit } = useSandboxSubmit(form, { onTokenized, draft }, "ACH");
  const { isSubmitting } = form.formState;
  return (
    <fieldset className="grid gap-3" aria-label="New bank account" onKeyDown={submitOnEnter(() => void onSubmit())}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SecretField
          form={form}
          name="routingNumber"
          label="Routing number"
          inputMode="numeric"
          autoComplete="off"
          placeholder="9 digits"
        />
        <SecretField form={form} name="accountNumber" label="Account number" inputMode="numeric" autoComplete="off" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField control={form.control} name="accountType" label="Account type" options={ACCOUNT_TYPE_OPTIONS} />
        <SecretField form={form} name="nameOnAccount" label="Name on account" autoComplete="name" />
      </div>
      {offerSave ? <SaveCheckbox checked={save} onChange={setSave} /> : null}
      <FormAlert form={form} />
      <FormButtons label={submitLabel("ACH")} busy={isSubmitting} onSubmit={onSubmit} onCancel={onCancel} />
    </fieldset>
  );
}
