import type * as React from "react";
import { useEffect, useState } from "react";
import { Controller, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { showServerError } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { type FormControlProps, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { PaymentSettings } from "../api";
import { type BankInput, type CardInput, sandboxTokenize, type TokenizedMethod, TokenizeError } from "../tokenize";

// The pieces every new-method form shares (sandbox card, sandbox bank account, Collect.js): the props,
// the kept draft, the secret inputs, the buttons, and how a failed tokenize or save is shown.

export type NewMethodFormProps = {
  settings: PaymentSettings;
  /** Button text, e.g. "Use this card" or "Save card". */
  submitLabel: (kind: "CARD" | "ACH") => string;
  /** Show "Save for later" (payments); methods saved from the methods page are always kept. */
  offerSave?: boolean;
  /**
   * Called with the token; may be async (the button shows a spinner until it settles). A throw (the
   * server refused to save it) is shown on the field it names or in the form's alert, and what was
   * typed stays.
   */
  onTokenized: (method: TokenizedMethod, saveForLater: boolean, draft: MethodDraft) => unknown;
  onCancel?: () => void;
  /** What the customer typed last time (after a declined payment), with the field at fault marked. */
  draft?: MethodDraft | null;
};

/**
 * The typed details of a new method, kept so a declined payment does not throw them away. The
 * security code is never kept: it is sent once, to the tokenizer, and typed again for a new try.
 * Collect.js (NMI) fields live in the gateway's frames, so only the name is kept there.
 */
export type MethodDraft = {
  kind: "CARD" | "ACH";
  values: Record<string, string>;
  save: boolean;
  fault?: { field: string; message: string };
};

/** A tokenizer error on the field it names; anything else (a refused save) through the form kit. */
export function showMethodError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown) {
  if (error instanceof TokenizeError && error.field && error.field in form.getValues())
    form.setError(error.field as Path<T>, { type: "server", message: error.message }, { shouldFocus: true });
  else showServerError(form, error);
}

/**
 * A controlled input without a `name`: card and bank fields must never be part of a native form
 * submission (no <form> wraps them either, so nothing can put them in a URL).
 */
export function SecretInput<T extends FieldValues>({
  form,
  name,
  control,
  ...props
}: { form: UseFormReturn<T>; name: Path<T>; control: FormControlProps } & Omit<
  React.ComponentProps<typeof Input>,
  "name" | "value" | "onChange" | "form"
>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Input
          {...props}
          {...control}
          ref={field.ref}
          value={String(field.value ?? "")}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A labelled SecretInput with the field's error (the zod message or the server's) under it. */
export function SecretField<T extends FieldValues>({
  form,
  name,
  label,
  description,
  ...props
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: React.ReactNode;
  description?: React.ReactNode;
} & Omit<React.ComponentProps<typeof Input>, "name" | "value" | "onChange" | "form">) {
  const { error } = form.getFieldState(name, form.formState);
  return (
    <FormField label={label} description={description} error={error?.message}>
      {(control) => <SecretInput form={form} name={name} control={control} {...props} />}
    </FormField>
  );
}

/** A bank account's type, for the sandbox and Collect.js bank forms alike. */
export const ACCOUNT_TYPE_OPTIONS = [
  { value: "CHECKING", label: "Checking" },
  { value: "SAVINGS", label: "Savings" },
];

/** Enter in a field submits the group, as in a form. */
export const submitOnEnter = (submit: () => void) => (e: React.KeyboardEvent) => {
  if (e.key === "Enter" && (e.target as HTMLElement).tagName === "INPUT") {
    e.preventDefault();
    submit();
  }
};

export function FormButtons({
  label,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="button"
        className="max-sm:h-10"
        onClick={() => onSubmit()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? <Spinner size="sm" className="text-current" label="Working" /> : null}
        {label}
      </Button>
      {onCancel ? (
        <Button type="button" variant="outline" className="max-sm:h-10" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

export function SaveCheckbox({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <FormField label="Save for future payments" orientation="horizontal">
      <Checkbox checked={checked} onCheckedChange={(v) => onChange(v === true)} />
    </FormField>
  );
}

/** The fields each sandbox form sends the tokenizer, besides its kind. */
type SandboxFields = { CARD: Omit<CardInput, "kind">; ACH: Omit<BankInput, "kind"> };

/**
 * The sandbox forms' submit: tokenize the fields (the form's values, with their kind) and hand the token
 * on; a tokenizer error lands on the field it names, a refused save on its field or in the form's alert
 * (showMethodError).
 */
export function useSandboxSubmit<K extends keyof SandboxFields, T extends FieldValues & SandboxFields[K]>(
  form: UseFormReturn<T>,
  { onTokenized, draft }: Pick<NewMethodFormProps, "onTokenized" | "draft">,
  kind: K,
) {
  const [save, setSave] = useState(draft?.kind === kind ? draft.save : false);
  // A declined payment reopens the form with the field at fault marked and focused.
  const fault = draft?.kind === kind ? draft.fault : undefined;
  useEffect(() => {
    if (fault) form.setError(fault.field as Path<T>, { message: fault.message }, { shouldFocus: true });
  }, [fault, form]);
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const { cvv: _secret, ...kept } = v as Record<string, string>;
      const input = { kind, ...v } as CardInput | BankInput;
      await onTokenized(await sandboxTokenize(input), save, { kind, values: kept, save });
    } catch (e) {
      showMethodError(form, e);
    }
  });
  return { save, setSave, onSubmit };
}
