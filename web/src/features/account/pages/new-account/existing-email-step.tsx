import { Redirect } from "wouter";
import { useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { AccountCard } from "../../components/account-card";
import { AccountSubmit } from "../../components/account-submit";
import { NewPasswordField } from "../../components/password-fields";
import { ResultBanner } from "../../components/result-banner";
import { readNewAccount } from "../../new-account-store";
import { creationAlert, existingEmailSchema } from "../../schema";
import { STEP_FOOTER, useCreateAccount } from "./shared";

/**
 * new/existing-email: the email is on a customer contact without a portal user. First and last name come
 * from that record. With the security code the account links now; without it (roles other than NONE) it
 * links when the email is verified. Role NONE needs the code: Create Account stays disabled until one is
 * entered.
 */
export function ExistingEmailStep() {
  const state = readNewAccount();
  const existing = state?.availability?.status === "AVAILABLE_WITH_DATA" ? state.availability.existing : null;
  const { result, setResult, createAccount } = useCreateAccount();
  const form = useZodForm(existingEmailSchema, {
    first: existing?.first ?? "",
    last: existing?.last ?? "",
    password: "",
    code: "",
  });
  const code = form.watch("code");
  if (!state || !existing) return <Redirect to="/v2/account/new/email" replace />;

  const codeRequired = existing.role === "NONE";
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    const alert = creationAlert(v, false);
    if (alert) {
      setResult({ isSuccess: false, message: alert });
      return;
    }
    await createAccount(v, {
      email: state.email,
      linkingInfo: v.code.trim() ? { customerId: existing.customerId, code: v.code.trim() } : null,
    });
  });

  const busy = form.formState.isSubmitting;
  return (
    <AccountCard
      title="Finish your account"
      description={
        <>
          We found <strong className="font-medium text-foreground">{state.email}</strong> on customer account{" "}
          <strong className="font-medium text-foreground">{existing.customerId}</strong>. Choose a password to sign in.
        </>
      }
      footer={STEP_FOOTER}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Finish your account">
        <ResultBanner result={result} onClear={() => setResult(null)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name">
            <Input autoComplete="given-name" className="h-10" {...form.register("first")} />
          </FormField>
          <FormField label="Last name">
            <Input autoComplete="family-name" className="h-10" {...form.register("last")} />
          </FormField>
        </div>
        <NewPasswordField error={errors.password?.message} autoFocus {...form.register("password")} />
        <FormField
          label="Security code"
          required={codeRequired}
          description={
            codeRequired
              ? "The 4-digit code on your statement or invoice, to link your account."
              : "Optional: enter the 4-digit code from your statement to link your account now. Otherwise it's linked once you verify your email."
          }
          error={errors.code?.message}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={4} className="h-10" {...form.register("code")} />
        </FormField>
        <AccountSubmit busy={busy} busyLabel="Creating your account" disabled={busy || (codeRequired && !code.trim())}>
          Create Account
        </AccountSubmit>
      </form>
    </AccountCard>
  );
}
