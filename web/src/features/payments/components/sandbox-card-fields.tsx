import { useMemo } from "react";
import { FormAlert, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { acceptedCardsText, cardSchema } from "../schema";
import {
  FormButtons,
  type NewMethodFormProps,
  SaveCheckbox,
  SecretInput,
  submitOnEnter,
  useSandboxSubmit,
} from "./method-form-parts";

/**
 * A new card for the sandbox tokenizer: number (a real card number of a type the branch accepts),
 * expiration (MM/YY, not past), security code, name. What was typed stays after a failure.
 */
export function SandboxCardFields({
  settings,
  submitLabel,
  offerSave,
  onTokenized,
  onCancel,
  draft,
}: NewMethodFormProps) {
  const schema = useMemo(() => cardSchema(settings.allowedCardTypes), [settings.allowedCardTypes]);
  const kept = draft?.kind === "CARD" ? draft.values : {};
  const form = useZodForm(schema, {
    number: kept.number ?? "",
    expiration: kept.expiration ?? "",
    cvv: "",
    nameOnAccount: kept.nameOnAccount ?? "",
  });
  const { save, setSave, onSubmit } = useSandboxSubmit(form, { onTokenized, draft }, "CARD", (v) => ({
    kind: "CARD",
    number: v.number,
    expiration: v.expiration,
    cvv: v.cvv,
    nameOnAccount: v.nameOnAccount,
  }));
  const { errors, isSubmitting } = form.formState;
  return (
    <fieldset className="grid gap-3" aria-label="New card" onKeyDown={submitOnEnter(() => void onSubmit())}>
      <FormField
        label="Card number"
        error={errors.number?.message}
        description={`We accept ${acceptedCardsText(settings.allowedCardTypes)}.`}
      >
        {(control) => (
          <SecretInput
            form={form}
            name="number"
            control={control}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Expiration (MM/YY)" error={errors.expiration?.message}>
          {(control) => (
            <SecretInput
              form={form}
              name="expiration"
              control={control}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
            />
          )}
        </FormField>
        <FormField label="Security code" error={errors.cvv?.message}>
          {(control) => (
            <SecretInput
              form={form}
              name="cvv"
              control={control}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
            />
          )}
        </FormField>
      </div>
      <FormField label="Name on card" error={errors.nameOnAccount?.message}>
        {(control) => <SecretInput form={form} name="nameOnAccount" control={control} autoComplete="cc-name" />}
      </FormField>
      {offerSave ? <SaveCheckbox checked={save} onChange={setSave} /> : null}
      <FormAlert form={form} />
      <FormButtons label={submitLabel("CARD")} busy={isSubmitting} onSubmit={onSubmit} onCancel={onCancel} />
    </fieldset>
  );
}
