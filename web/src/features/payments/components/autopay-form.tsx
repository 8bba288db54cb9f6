import { CalendarClockIcon } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { FormAlert, SelectField, submitHandler, useUnsavedChangesWarning, useZodForm } from "@/components/form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { Billing } from "@/features/billing/api";
import { formatMoney, ordinal } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type PaymentMethod, type PaymentSettings, useCancelAutoPay, useSetAutoPay } from "../api";
import { parseDollars } from "../schema";
import { methodAccepted } from "./payment-method-picker";

type AutoPay = NonNullable<Billing["autoPay"]>;

const DAY_OPTIONS = Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: ordinal(i + 1) }));
const dollars = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

// A saved method; a fixed amount of at least a cent, or the balance with an optional limit; a day 1-28.
const autoPaySchema = z
  .object({
    methodId: z.string().min(1, "Choose a payment method."),
    day: z.string(),
    fixed: z.boolean(),
    fixedAmount: z.string(),
    limit: z.string(),
  })
  .superRefine((v, ctx) => {
    const fixedCents = parseDollars(v.fixedAmount);
    if (v.fixed && (fixedCents === null || fixedCents < 1))
      ctx.addIssue({ code: "custom", path: ["fixedAmount"], message: "Enter the amount to pay each month." });
    const limitCents = parseDollars(v.limit);
    if (!v.fixed && v.limit.trim() && (limitCents === null || limitCents < 1))
      ctx.addIssue({ code: "custom", path: ["limit"], message: "Enter a limit, like 200.00, or leave it empty." });
  });
type AutoPayValues = z.infer<typeof autoPaySchema>;

/** How the server's messages name the fields ("Payment method ...", "Amount ...", "Day ..."). */
const FIELD_LABELS = { methodId: "payment method", fixedAmount: "amount", day: "day" };

/** The form's values for what is set up (or, with nothing set up, the default method on the 1st). */
function valuesOf(autoPay: AutoPay | null, usable: PaymentMethod[]): AutoPayValues {
  return {
    methodId: autoPay?.paymentMethod?.id ?? usable.find((m) => m.isDefault)?.id ?? usable[0]?.id ?? "",
    day: String(autoPay?.dayOfMonth ?? 1),
    fixed: autoPay?.amountIsFixed ?? false,
    fixedAmount: dollars(autoPay?.fixedAmount),
    limit: dollars(autoPay?.limit),
  };
}

/** Automatic payments: a saved method, a fixed amount or the balance (with an optional limit), a day 1-28. */
export function AutoPayForm({
  customerId,
  autoPay,
  methods,
  settings,
}: {
  customerId: string;
  autoPay: AutoPay | null;
  methods: PaymentMethod[];
  settings: PaymentSettings;
}) {
  const usable = methods.filter((m) => methodAccepted(m, settings));
  const [editing, setEditing] = useState(false);
  const form = useZodForm(autoPaySchema, valuesOf(autoPay, usable));
  const save = useSetAutoPay();
  const cancel = useCancelAutoPay();

  const showForm = editing || !autoPay;
  useUnsavedChangesWarning(showForm && !!usable.length && form.formState.isDirty);
  const { errors } = form.formState;
  const busy = save.isPending || form.formState.isSubmitting;
  const fixed = form.watch("fixed");

  // A refusal lands on the field it names or in the form's alert, and what was typed stays; a save
  // shows the server's confirmation (the hook's toast) and closes the form.
  const submit = submitHandler(
    form,
    async (v) => {
      const fixedCents = parseDollars(v.fixedAmount);
      const limitCents = v.limit.trim() ? parseDollars(v.limit) : null;
      await save.mutateQuietly({
        input: {
          customerId,
          paymentMethodId: v.methodId,
          amountIsFixed: v.fixed,
          fixedAmount: v.fixed ? fixedCents : null,
          limit: v.fixed ? null : limitCents,
          dayOfMonth: Number(v.day),
        },
      });
      form.reset(v);
      setEditing(false);
    },
    { labels: FIELD_LABELS },
  );

  /** Opens the form on what is set up now (the method may have changed since, e.g. by a removal). */
  const edit = (open: boolean) => {
    form.reset(valuesOf(autoPay, usable));
    setEditing(open);
  };

  // A failure is shown by the mutation hook; the throw keeps the confirmation open for another try.
  const turnOff = async () => {
    await cancel.mutateAsync({ customerId });
    setEditing(false);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2">
          <h2>
            <CalendarClockIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            Automatic payments
            {autoPay ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>}
          </h2>
        </CardTitle>
        <CardDescription>
          {autoPay
            ? `${autoPay.amountIsFixed ? formatMoney(autoPay.fixedAmount ?? 0) : "Your balance"}${
                !autoPay.amountIsFixed && autoPay.limit != null ? ` (up to ${formatMoney(autoPay.limit)})` : ""
              } is paid on the ${ordinal(autoPay.dayOfMonth)} of each month${
                autoPay.paymentMethod ? ` with ${autoPay.paymentMethod.label}` : ""
              }.`
            : "Pay automatically each month with a saved card or bank account."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {autoPay?.lastResult ? (
          <p
            className={cn(
              "text-sm",
              autoPay.lastResult.startsWith("SUCCESS") ? "text-muted-foreground" : "text-destructive",
            )}
          >
            Last run: {autoPay.lastResult.replace(/^(SUCCESS|DECLINED|FAILURE): /, "")}
          </p>
        ) : null}
        {autoPay && !autoPay.paymentMethod ? (
          <Alert variant="warning">
            <AlertDescription>
              The payment method for automatic payments is no longer on file. Choose another one.
            </AlertDescription>
          </Alert>
        ) : null}
        {!usable.length ? (
          <p className="text-muted-foreground text-sm">
            Save a card or bank account above to set up automatic payments.
          </p>
        ) : showForm ? (
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Automatic payments">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                control={form.control}
                name="methodId"
                label="Pay with"
                placeholder="Choose a payment method"
                options={usable.map((m) => ({ value: m.id, label: m.label }))}
              />
              <SelectField
                control={form.control}
                name="day"
                label="Day of the month"
                description="The 1st to the 28th, so every month has it."
                options={DAY_OPTIONS}
              />
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 font-medium text-sm">Amount</legend>
              <label htmlFor="autopay-balance" className="flex cursor-pointer items-center gap-3 text-sm">
                <input
                  id="autopay-balance"
                  type="radio"
                  name="autopay-amount"
                  className="size-4 accent-primary"
                  checked={!fixed}
                  onChange={() => form.setValue("fixed", false, { shouldDirty: true })}
                />
                My balance on that day
              </label>
              {!fixed ? (
                <div className="max-w-64 pl-7">
                  <FormField
                    label="Limit (optional)"
                    error={errors.limit?.message}
                    description="If the balance is more, nothing is charged and we email you."
                  >
                    <Input inputMode="decimal" placeholder="No limit" {...form.register("limit")} />
                  </FormField>
                </div>
              ) : null}
              <label htmlFor="autopay-fixed" className="flex cursor-pointer items-center gap-3 text-sm">
                <input
                  id="autopay-fixed"
                  type="radio"
                  name="autopay-amount"
                  className="size-4 accent-primary"
                  checked={fixed}
                  onChange={() => form.setValue("fixed", true, { shouldDirty: true })}
                />
                A fixed amount
              </label>
              {fixed ? (
                <div className="max-w-64 pl-7">
                  <FormField label="Amount each month" error={errors.fixedAmount?.message}>
                    <Input inputMode="decimal" placeholder="0.00" {...form.register("fixedAmount")} />
                  </FormField>
                </div>
              ) : null}
            </fieldset>
            <FormAlert form={form} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" className="max-sm:h-10" disabled={busy} aria-busy={busy || undefined}>
                {busy ? <Spinner size="sm" className="text-current" label="Saving" /> : null}
                {autoPay ? "Save automatic payments" : "Turn on automatic payments"}
              </Button>
              {autoPay ? (
                <Button type="button" variant="outline" className="max-sm:h-10" onClick={() => edit(false)}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" className="max-sm:h-10" onClick={() => edit(true)}>
              Change
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" className="max-sm:h-10">
                  Turn off
                </Button>
              }
              title="Turn off automatic payments?"
              description="Nothing will be paid automatically; you can pay online at any time."
              confirmLabel="Turn off"
              destructive
              onConfirm={turnOff}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
