import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ResultBanner, type ResultMessage } from "@/features/account/components/result-banner";
import { messages } from "@/features/account/schema";
import { describeRequestError } from "@/lib/query-client";
import { useLinkToCustomer, useRefreshAccounts } from "../api";
import { type LinkAccountValues, linkAccountSchema } from "../schema";

/** Link another customer account by its account number and security code. */
export function LinkAccountForm() {
  const link = useLinkToCustomer();
  const refresh = useRefreshAccounts();
  const [result, setResult] = useState<ResultMessage | null>(null);
  const form = useForm<LinkAccountValues>({
    resolver: zodResolver(linkAccountSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { accountNumber: "", code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    if (!v.accountNumber.trim() || !v.code.trim()) {
      setResult({ isSuccess: false, message: messages.accountAndCodeRequired });
      return;
    }
    try {
      const r = await link.mutateAsync({ input: { customerId: v.accountNumber.trim(), code: v.code.trim() } });
      if (!r.linkToCustomer.isSuccess) {
        setResult(r.linkToCustomer);
        return;
      }
      toast.success(r.linkToCustomer.message);
      form.reset();
      await refresh();
    } catch (e) {
      setResult({ isSuccess: false, message: describeRequestError(e) });
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
