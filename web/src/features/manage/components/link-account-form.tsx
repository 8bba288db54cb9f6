import { useState } from "react";
import { useZodForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { failureResult, ResultBanner, type ResultMessage } from "@/features/account/components/result-banner";
import { messages } from "@/features/account/schema";
import { useLinkToCustomer, useRefreshAccounts } from "../api";
import { linkAccountSchema } from "../schema";

/** Link another customer account by its account number and security code. */
export function LinkAccountForm() {
  const link = useLinkToCustomer();
  const refresh = useRefreshAccounts();
  const [result, setResult] = useState<ResultMessage | null>(null);
  const form = useZodForm(linkAccountSchema, { accountNumber: "", code: "" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    if (!v.accountNumber.trim() || !v.code.trim()) {
      setResult({ isSuccess: false, message: messages.accountAndCodeRequired });
      return;
    }
    try {
      // the server's message is the success toast (useLinkToCustomer); a refusal shows in the banner
      await link.mutateQuietly({ input: { customerId: v.accountNumber.trim(), code: v.code.trim() } });
      form.reset();
      await refresh();
    } catch (e) {
      setResult(failureResult(e));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Link another account">
      <ResultBanner result={result} onClear={() => setResult(null)} />
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <FormField
          label="Account number"
          description="6 or 7 digits, on your statement"
          error={errors.accountNumber?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...form.register("accountNumber")} />
        </FormField>
        <FormField label="Security code" description="4 digits" error={errors.code?.message}>
          <Input inputMode="numeric" autoComplete="off" maxLength={4} {...form.register("code")} />
        </FormField>
        <Button type="submit" className="sm:mt-[1.375rem]" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-current" label="Linking" /> : null}
          Link account
        </Button>
      </div>
    </form>
  );
}
