import { useMemo } from "react";
import { FormAlert, useZodForm } from "@/components/form";
import { acceptedCardsText, cardSchema } from "../schema";
import {
  FormButtons,
  type NewMethodFormProps,
  SaveCheckbox,
  SecretField,
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
  const { save, setSave, onSubmit } = useSandboxSubmit(form, { onTokenized, draft }, "CARD");
  const { isSubmitting } = form.formState;
  return (
    <fieldset className="grid gap-3" aria-label="New card" onKeyDown={submitOnEnter(() => void onSubmit())}>
      <SecretField
        form={form}
        name="number"
        label="Card number"
        description={`We accept ${acceptedCardsText(settings.allowedCardTypes)}.`}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
      />
      <div className="grid grid-cols-2 gap-3">
        <SecretField
          form={form}
          name="expiration"
          label="Expiration (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
        />
        <SecretField
          form={form}
          name="cvv"
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
        />
      </div>
      <SecretField form={form} name="nameOnAccount" label="Name on card" autoComplete="cc-name" />
      {offerSave ? <SaveCheckbox checked={save} onChange={setSave} /> : null}
      <FormAlert form={form} />
      <FormButtons label={submitLabel("CARD")} busy={isSubmitting} onSubmit={onSubmit} onCancel={onCancel} />
    </fieldset>
  );
}
