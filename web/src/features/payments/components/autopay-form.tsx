import { CalendarClockIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import type { Billing } from "@/features/billing/api";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { cn, formatMoney, ordinal } from "@/lib/utils";
import { type PaymentMethod, type PaymentSettings, useCancelAutoPay, useSetAutoPay } from "../api";
import { parseDollars } from "../schema";
import { methodAccepted } from "./payment-method-picker";

type AutoPay = NonNullable<Billing["autoPay"]>;

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);
const dollars = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

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
  const [methodId, setMethodId] = useState(
    autoPay?.paymentMethod?.id ?? usable.find((m) => m.isDefault)?.id ?? usable[0]?.id ?? "",
  );
  const [fixed, setFixed] = useState(autoPay?.amountIsFixed ?? false);
  const [fixedAmount, setFixedAmount] = useState(dollars(autoPay?.fixedAmount));
  const [limit, setLimit] = useState(dollars(autoPay?.limit));
  const [day, setDay] = useState(String(autoPay?.dayOfMonth ?? 1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSetAutoPay();
  const cancel = useCancelAutoPay();

  const showForm = editing || !autoPay;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!methodId) next.method = "Choose a payment method.";
    const fixedCents = parseDollars(fixedAmount);
    if (fixed && (fixedCents === null || fixedCents < 1)) next.fixedAmount = "Enter the amount to pay each month.";
    const limitCents = limit.trim() ? parseDollars(limit) : null;
    if (!fixed && limit.trim() && (limitCents === null || limitCents < 1))
      next.limit = "Enter a limit, like 200.00, or leave it empty.";
    setErrors(next);
    if (Object.keys(next).length) return;
    setServerError(null);
    try {
      // The answer shows in the form (a refusal) or in the hook's toast (the server's confirmation).
      await save.mutateQuietly({
        input: {
          customerId,
          paymentMethodId: methodId,
          amountIsFixed: fixed,
          fixedAmount: fixed ? fixedCents : null,
          limit: fixed ? null : limitCents,
          dayOfMonth: Number(day),
        },
      });
      setEditing(false);
    } catch (error) {
      setServerError(describeMutationError(error));
    }
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
              <FormField label="Pay with" error={errors.method}>
                {(control) => (
                  <Select value={methodId} onValueChange={setMethodId}>
                    <SelectTrigger {...control}>
                      <SelectValue placeholder="Choose a payment method" />
                    </SelectTrigger>
                    <SelectContent>
                      {usable.map((m) => (
                        <SelectItem key={m.id} value={m.id}>
                          {m.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
              <FormField label="Day of the month" description="The 1st to the 28th, so every month has it.">
                {(control) => (
                  <Select value={day} onValueChange={setDay}>
                    <SelectTrigger {...control}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {DAYS.map((d) => (
                        <SelectItem key={d} value={String(d)}>
                          {ordinal(d)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
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
                  onChange={() => setFixed(false)}
                />
                My balance on that day
              </label>
              {!fixed ? (
                <div className="max-w-64 pl-7">
                  <FormField
                    label="Limit (optional)"
                    error={errors.limit}
                    description="If the balance is more, nothing is charged and we email you."
                  >
                    <Input
                      inputMode="decimal"
                      placeholder="No limit"
                      value={limit}
                      onChange={(e) => setLimit(e.target.value)}
                    />
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
                  onChange={() => setFixed(true)}
                />
                A fixed amount
              </label>
              {fixed ? (
                <div className="max-w-64 pl-7">
                  <FormField label="Amount each month" error={errors.fixedAmount}>
                    <Input
                      inputMode="decimal"
                      placeholder="0.00"
                      value={fixedAmount}
                      onChange={(e) => setFixedAmount(e.target.value)}
                    />
                  </FormField>
                </div>
              ) : null}
            </fieldset>
            {serverError ? (
              <Alert variant="destructive">
                <AlertDescription>{serverError}</AlertDescription>
              </Alert>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                className="max-sm:h-10"
                disabled={save.isPending}
                aria-busy={save.isPending || undefined}
              >
                {save.isPending ? <Spinner size="sm" className="text-current" label="Saving" /> : null}
                {autoPay ? "Save automatic payments" : "Turn on automatic payments"}
              </Button>
              {autoPay ? (
                <Button type="button" variant="outline" className="max-sm:h-10" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" className="max-sm:h-10" onClick={() => setEditing(true)}>
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
