import { FormField } from "@/components/ui/form-field";
import { PasswordInput, type PasswordInputProps } from "@/components/ui/password-input";
import { messages } from "../schema";

type PasswordFieldProps = PasswordInputProps & { label?: string; error?: string; required?: boolean };

/** A sign-in screen's password: the browser is told it is the current one (its saved password). */
export function CurrentPasswordField({ label = "Password", error, required, ...input }: PasswordFieldProps) {
  return (
    <FormField label={label} required={required} error={error}>
      {(control) => <PasswordInput {...control} autoComplete="current-password" className="h-10" {...input} />}
    </FormField>
  );
}

/** A password being chosen: the rule as its hint, and the browser told it is a new one (to suggest one). */
export function NewPasswordField({ label = "Password", error, required, ...input }: PasswordFieldProps) {
  return (
    <FormField label={label} required={required} description={messages.passwordHelp} error={error}>
      {(control) => <PasswordInput {...control} autoComplete="new-password" className="h-10" {...input} />}
    </FormField>
  );
}
