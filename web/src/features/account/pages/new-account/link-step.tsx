import { useZodForm } from "@/components/form";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { AccountCard } from "../../components/account-card";
import { AccountSubmit } from "../../components/account-submit";
import { ResultBanner } from "../../components/result-banner";
import { readNewAccount } from "../../new-account-store";
import { creationAlert, type LinkValues, linkSchema, messages } from "../../schema";
import { registerEmailField } from "../../use-email-field";
import { STEP_FOOTER, useCreateAccount } from "./shared";

/** new/link: account number, security code, first and last name, email, password. */
export function LinkStep() {
  const { result, setResult, createAccount } = useCreateAccount();
  const form = useZodForm(linkSchema, {
    accountNumber: "",
    code: "",
    first: "",
    last: "",
    email: readNewAccount()?.email ?? "",
    password: "",
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    const alert = creationAlert(v, true);
    if (alert) {
      // Each missing field is marked with its own message (the first one focused). A missing name or
      // password needs no banner above them: the fields say it. A missing account number or security
      // code alone keeps its banner ("account number and security code required").
      const missing = missingFields(v);
      for (const [field, message] of missing) form.setError(field, { message });
      if (alert !== messages.namesAndPasswordRequired) setResult({ isSuccess: false, message: alert });
      if (missing[0]) form.setFocus(missing[0][0]);
      return;
    }
    await createAccount(v, {
      email: v.email.trim(),
      linkingInfo: { customerId: v.accountNumber.trim(), code: v.code.trim() },
    });
  });

  const busy = form.formState.isSubmitting;
  return (
    <AccountCard
      title="Link your account"
      description="Enter the account number and security code printed on your statement or invoice, and choose how you'll sign in."
      footer={STEP_FOOTER}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Link your account">
        <ResultBanner result={result} onClear={() => setResult(null)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Account number" description="6 or 7 digits" error={errors.accountNumber?.message}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              autoFocus
              className="h-10"
              {...form.register("accountNumber")}
            />
          </FormField>
          <FormField label="Security code" description="4 digits" error={errors.code?.message}>
            <Input inputMode="numeric" autoComplete="off" maxLength={4} className="h-10" {...form.register("code")} />
          </FormField>
          <FormField label="First name" error={errors.first?.message}>
            <Input autoComplete="given-name" className="h-10" {...form.register("first")} />
          </FormField>
          <FormField label="Last name" error={errors.last?.message}>
            <Input autoComplete="family-name" className="h-10" {...form.register("last")} />
          </FormField>
        </div>
        <FormField label="Email" error={errors.email?.message}>
          <EmailInput className="h-10" {...registerEmailField(form, "email")} />
        </FormField>
        {/* The rule shows once: as the hint, or in its place as the error. */}
        <FormField
          label="Password"
          description={errors.password ? undefined : messages.passwordHelp}
          error={errors.password?.message}
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" className="h-10" {...form.register("password")} />
          )}
        </FormField>
        <AccountSubmit busy={busy} busyLabel="Creating your account">
          Create Account
        </AccountSubmit>
      </form>
    </AccountCard>
  );
}

/** The empty required fields of the link step, each with its own message. */
function missingFields(v: LinkValues): [keyof LinkValues, string][] {
  const missing: [keyof LinkValues, string][] = [];
  if (!v.accountNumber.trim()) missing.push(["accountNumber", "Enter your account number."]);
  if (!v.code.trim()) missing.push(["code", "Enter the security code."]);
  if (!v.first.trim()) missing.push(["first", messages.firstName]);
  if (!v.last.trim()) missing.push(["last", messages.lastName]);
  if (!v.password) missing.push(["password", "Choose a password of at least 6 characters."]);
  return missing;
}
