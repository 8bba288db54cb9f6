import type { Dispatch, ReactNode, SetStateAction } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import type { Billing } from "@/features/billing/api";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

// The payment page's "Amount" card: the balance, another amount, or chosen invoices, and the
// confirmation a payment above the balance needs.

export type Mode = "balance" | "other" | "invoices";

export type AmountState = {
  billing: Billing;
  openInvoices: Billing["invoices"];
  mode: Mode;
  setMode: (mode: Mode) => void;
  other: string;
  setOther: (value: string) => void;
  invoiceIds: Set<string>;
  setInvoiceIds: Dispatch<SetStateAction<Set<string>>>;
  due: number;
  credit: number;
  maxCredit: number;
  creditConfirmed: boolean;
  setCreditConfirmed: (v: boolean) => void;
  touched: boolean;
  amountError: string | null;
};

export function AmountCard(s: AmountState) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id="amount-heading" tabIndex={-1} className="outline-none">
            Amount
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset className="grid gap-2">
          <legend className="sr-only">How much to pay</legend>
          <ModeOption
            id="mode-balance"
            checked={s.mode === "balance"}
            disabled={s.billing.balance <= 0}
            onSelect={() => s.setMode("balance")}
            label="Current balance"
            detail={s.billing.balance > 0 ? formatMoney(s.billing.balance) : "Nothing is due"}
          />
          <ModeOption
            id="mode-other"
            checked={s.mode === "other"}
            onSelect={() => s.setMode("other")}
            label="Another amount"
          >
            {s.mode === "other" ? (
              <div className="grid max-w-48 gap-1 pl-7">
                <label htmlFor="other-amount" className="sr-only">
                  Amount in dollars
                </label>
                <div className="relative">
                  <span
                    aria-hidden="true"
                    className="-translate-y-1/2 absolute top-1/2 left-2.5 text-muted-foreground text-sm"
                  >
                    $
                  </span>
                  <Input
                    id="other-amount"
                    inputMode="decimal"
                    className="pl-6"
                    placeholder="0.00"
                    value={s.other}
                    onChange={(e) => s.setOther(e.target.value)}
                    aria-invalid={s.touched && s.amountError ? true : undefined}
                    aria-describedby={s.touched && s.amountError ? "amount-error" : undefined}
                  />
                </div>
              </div>
            ) : null}
          </ModeOption>
          {s.openInvoices.length ? (
            <ModeOption
              id="mode-invoices"
              checked={s.mode === "invoices"}
              onSelect={() => s.setMode("invoices")}
              label="Choose invoices"
              detail={`${s.openInvoices.length} open`}
            >
              {s.mode === "invoices" ? (
                <fieldset className="grid gap-1 pl-7">
                  <legend className="sr-only">Invoices to pay</legend>
                  {s.openInvoices.map((i) => (
                    <label
                      key={i.id}
                      htmlFor={`inv-${i.id}`}
                      className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-muted/60"
                    >
                      <Checkbox
                        id={`inv-${i.id}`}
                        checked={s.invoiceIds.has(i.id)}
                        onCheckedChange={(v) =>
                          s.setInvoiceIds((prev) => {
                            const next = new Set(prev);
                            if (v === true) next.add(i.id);
                            else next.delete(i.id);
                            return next;
                          })
                        }
                      />
                      <span className="flex-1">
                        <span className="font-medium">{i.displayId}</span>
                        <span className={cn("ml-2 text-xs", i.isPastDue ? "text-warning" : "text-muted-foreground")}>
                          {i.isPastDue ? "Past due" : `Due ${formatCalendarDate(i.dueDate)}`}
                        </span>
                      </span>
                      <span className="tabular-nums">{formatMoney(i.balance)}</span>
                    </label>
                  ))}
                </fieldset>
              ) : null}
            </ModeOption>
          ) : null}
        </fieldset>
        {s.credit > 0 && s.credit <= s.maxCredit ? (
          <label className="mt-3 flex items-start gap-2 text-sm" htmlFor="confirm-credit">
            <Checkbox
              id="confirm-credit"
              className="mt-0.5"
              checked={s.creditConfirmed}
              onCheckedChange={(v) => s.setCreditConfirmed(v === true)}
            />
            <span>
              {s.due > 0
                ? `Pay ${formatMoney(s.credit)} more than my balance of ${formatMoney(s.due)}`
                : `Pay ${formatMoney(s.credit)} though nothing is due`}
              ; it stays on my account as a credit.
            </span>
          </label>
        ) : null}
        {s.touched && s.amountError ? (
          <p id="amount-error" role="alert" className="mt-2 font-medium text-destructive text-xs">
            {s.amountError}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ModeOption({
  id,
  checked,
  disabled,
  onSelect,
  label,
  detail,
  children,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  label: string;
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        "grid gap-2 rounded-md border px-3 py-2.5 transition-colors",
        checked ? "border-primary bg-primary/5" : "bg-card",
        disabled && "opacity-60",
      )}
    >
      <label htmlFor={id} className={cn("flex items-center gap-3", disabled ? "cursor-not-allowed" : "cursor-pointer")}>
        <input
          id={id}
          type="radio"
          name="payment-amount"
          className="size-4 accent-primary"
          checked={checked}
          disabled={disabled}
          onChange={onSelect}
        />
        <span className="flex-1 font-medium text-sm">{label}</span>
        {detail ? <span className="text-muted-foreground text-sm tabular-nums">{detail}</span> : null}
      </label>
      {children}
    </div>
  );
}
