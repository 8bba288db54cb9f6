import { Controller } from "react-hook-form";
import { useZodForm } from "@/components/form";
import { PhoneLink } from "@/components/phone-link";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LinkButton } from "@/components/ui/link-button";
import { Separator } from "@/components/ui/separator";
import { useBranchBranding } from "@/lib/branding";
import { AccountCard } from "../../components/account-card";
import { AccountSubmit } from "../../components/account-submit";
import { NewPasswordField } from "../../components/password-fields";
import { ResultBanner } from "../../components/result-banner";
import { StateSelect } from "../../components/state-select";
import { readNewAccount } from "../../new-account-store";
import { completelyNewSchema } from "../../schema";
import { STEP_FOOTER, useCreateAccount } from "./shared";

/**
 * new/completelyNew: where the branch allows anonymous sign-up, the full new-customer form; otherwise an
 * info message that only existing customers may create accounts, with Link account instead.
 */
export function CompletelyNewStep() {
  const { branding, isPending } = useBranchBranding();
  if (isPending) return <PageSkeleton />;
  if (!branding?.allowAnonymousSignUp)
    return (
      <AccountCard title="Create an account" footer={STEP_FOOTER}>
        <Alert
          variant="info"
          action={
            <LinkButton href="/v2/account/new/link" size="sm">
              Link account instead
            </LinkButton>
          }
        >
          <AlertTitle>Only existing customers can create an account</AlertTitle>
          <AlertDescription>
            To start deliveries, call us
            {branding?.phone ? (
              <>
                {" "}
                at <PhoneLink phone={branding.phone} />
              </>
            ) : null}
            . If you already get deliveries, link your account with the account number and security code on your
            statement.
          </AlertDescription>
        </Alert>
      </AccountCard>
    );
  return <NewCustomerForm />;
}

function NewCustomerForm() {
  const { result, setResult, createAccount } = useCreateAccount();
  const form = useZodForm(
    completelyNewSchema,
    {
      first: "",
      last: "",
      email: readNewAccount()?.email ?? "",
      password: "",
      address1: "",
      address2: "",
      city: "",
      state: undefined,
      postalCode: "",
      phone: "",
    },
    { mode: "onTouched" },
  );
  const { errors, isValid, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    await createAccount(v, {
      email: v.email.trim(),
      address: {
        address1: v.address1.trim(),
        address2: v.address2.trim() || null,
        city: v.city.trim(),
        state: v.state ?? "",
        postalCode: v.postalCode.trim(),
        phone: v.phone.trim() || null,
      },
    });
  });

  return (
    <AccountCard
      width="wide"
      title="New customer"
      description="Tell us who you are and where you'd like your deliveries. We'll be in touch to set up your first delivery."
      footer={STEP_FOOTER}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="New customer">
        <ResultBanner result={result} onClear={() => setResult(null)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" required error={errors.first?.message}>
            <Input autoComplete="given-name" autoFocus className="h-10" {...form.register("first")} />
          </FormField>
          <FormField label="Last name" required error={errors.last?.message}>
            <Input autoComplete="family-name" className="h-10" {...form.register("last")} />
          </FormField>
          <FormField label="Email" required error={errors.email?.message}>
            <EmailInput className="h-10" {...form.register("email")} />
          </FormField>
          <NewPasswordField required error={errors.password?.message} {...form.register("password")} />
        </div>
        <Separator />
        <div className="grid gap-4 sm:grid-cols-6">
          <FormField label="Address" required className="sm:col-span-4" error={errors.address1?.message}>
            <Input autoComplete="address-line1" className="h-10" {...form.register("address1")} />
          </FormField>
          <FormField label="Apt, suite, unit" className="sm:col-span-2">
            <Input autoComplete="address-line2" className="h-10" {...form.register("address2")} />
          </FormField>
          <FormField label="City" required className="sm:col-span-2" error={errors.city?.message}>
            <Input autoComplete="address-level2" className="h-10" {...form.register("city")} />
          </FormField>
          <Controller
            control={form.control}
            name="state"
            render={({ field }) => (
              <FormField label="State" required className="sm:col-span-2" error={errors.state?.message}>
                {(control) => (
                  <StateSelect {...control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                )}
              </FormField>
            )}
          />
          <FormField label="ZIP code" required className="sm:col-span-2" error={errors.postalCode?.message}>
            <Input autoComplete="postal-code" className="h-10" {...form.register("postalCode")} />
          </FormField>
          <FormField label="Phone" className="sm:col-span-3" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" className="h-10" {...form.register("phone")} />
          </FormField>
        </div>
        <AccountSubmit
          busy={isSubmitting}
          busyLabel="Creating your account"
          disabled={!isValid || isSubmitting}
          className="sm:w-auto sm:justify-self-end"
        >
          Create Account
        </AccountSubmit>
      </form>
    </AccountCard>
  );
}
