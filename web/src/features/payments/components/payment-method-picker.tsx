import { BuildingIcon, CreditCardIcon, PlusIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { type PaymentMethod, type PaymentSettings, usePaymentMethods, usePaymentSettings } from "../api";
import { type MethodDraft, NewMethodForm } from "./new-method-form";

/** What the customer chose to pay with: a saved method, or a freshly tokenized card / bank account. */
export type PaymentChoice =
  | { paymentAccountId: string; label: string }
  | { token: string; label: string; saveForLater: boolean };

export type PaymentMethodPickerProps = {
  customerId: string;
  value: PaymentChoice | null;
  onChange(v: PaymentChoice | null): void;
  /**
   * Set when the gateway declined the new method just used: the form opens again with what was
   * typed (but the security code) and the reason on the field at fault. A new object each time.
   */
  declined?: { message: string } | null;
};

/** Which field a gateway's decline points at: the security code, the expiration, else the number. */
function faultFor(kind: "CARD" | "ACH", message: string): NonNullable<MethodDraft["fault"]> {
  if (kind === "ACH")
    return /routing/i.test(message)
      ? { field: "routingNumber", message: "This routing number was refused. Check it or use another account." }
      : { field: "accountNumber", message: "This account was declined. Check the number or use another account." };
  if (/cvv|cvc|security code/i.test(message))
    return { field: "cvv", message: "The security code did not match. Enter it again." };
  if (/expir/i.test(message)) return { field: "expiration", message: "Check the expiration date on the card." };
  return { field: "number", message: "This card was declined. Check the number or use another card." };
}

const expirationText = (mmyy: string) => (mmyy ? `Expires ${mmyy.slice(0, 2)}/${mmyy.slice(2)}` : "");

/** Whether the branch takes this saved method today (card types and ACH can be switched off). */
export function methodAccepted(m: Pick<PaymentMethod, "kind" | "cardType">, s: PaymentSettings) {
  if (m.kind === "ACH") return s.allowAch;
  return s.allowBankCard && s.allowedCardTypes.includes(m.cardType || "OTHER");
}

/**
 * Saved methods of the customer plus "New card or bank account" (tokenized through the sandbox or
 * Collect.js). The default saved method is chosen when nothing is. Used by the payment page and the
 * shop's checkout.
 */
export function PaymentMethodPicker({ customerId, value, onChange, declined }: PaymentMethodPickerProps) {
  const methodsQuery = usePaymentMethods(customerId);
  const settingsQuery = usePaymentSettings();
  const groupName = useId();
  const [adding, setAdding] = useState(false);
  // What was typed for the new method last used, and the form's state after a decline.
  const lastDraft = useRef<MethodDraft | null>(null);
  const [draft, setDraft] = useState<MethodDraft | null>(null);
  useEffect(() => {
    if (!declined || !lastDraft.current) return;
    const typed = lastDraft.current;
    setDraft({ ...typed, fault: faultFor(typed.kind, declined.message) });
    setAdding(true);
  }, [declined]);

  const methods = methodsQuery.data?.paymentMethods;
  const settings = settingsQuery.data?.paymentSettings;
  const usable = methods && settings ? methods.filter((m) => methodAccepted(m, settings)) : [];

  // Choose the default saved method once the list is known; with none saved, open the new-method form.
  const firstDefault = usable.find((m) => m.isDefault) ?? usable[0];
  const autoPicked = useRef(false);
  useEffect(() => {
    if (!methods || !settings || autoPicked.current) return;
    autoPicked.current = true;
    if (value) return;
    if (firstDefault) onChange({ paymentAccountId: firstDefault.id, label: firstDefault.label });
    else setAdding(true);
  }, [methods, settings, value, firstDefault, onChange]);

  if (methodsQuery.isPending || settingsQuery.isPending)
    return (
      <div className="grid gap-2" role="status" aria-label="Loading payment methods">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  if (methodsQuery.isError) return <QueryError error={methodsQuery.error} onRetry={() => methodsQuery.refetch()} />;
  if (settingsQuery.isError) return <QueryError error={settingsQuery.error} onRetry={() => settingsQuery.refetch()} />;
  if (!methods || !settings) return null;

  const chosenToken = value && "token" in value ? value : null;
  const selectedId = value && "paymentAccountId" in value ? value.paymentAccountId : chosenToken ? "new" : "";

  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">Pay with</legend>
      {methods.map((m) => {
        const ok = methodAccepted(m, settings);
        const id = `${groupName}-${m.id}`;
        return (
          <label
            key={m.id}
            htmlFor={id}
            className={cn(
              "flex cursor-pointer items-center gap-3 rounded-md border bg-card px-3 py-2.5 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              selectedId === m.id ? "border-primary bg-primary/5" : "hover:bg-muted/60",
              !ok && "cursor-not-allowed opacity-60",
            )}
          >
            <input
              id={id}
              type="radio"
              name={groupName}
              className="size-4 accent-primary"
              checked={selectedId === m.id}
              disabled={!ok}
              onChange={() => {
                setAdding(false);
                onChange({ paymentAccountId: m.id, label: m.label });
              }}
            />
            {m.kind === "CARD" ? (
              <CreditCardIcon aria-hidden="true" className="size-5 text-muted-foreground" />
            ) : (
              <BuildingIcon aria-hidden="true" className="size-5 text-muted-foreground" />
            )}
            <span className="grid min-w-0 flex-1">
              <span className="font-medium text-sm">{m.label}</span>
              <span className="text-muted-foreground text-xs">
                {ok
                  ? expirationText(m.expiration) || (m.kind === "ACH" ? "Bank account" : "")
                  : "Not accepted for online payments"}
              </span>
            </span>
            {m.isDefault ? <Badge variant="secondary">Default</Badge> : null}
          </label>
        );
      })}

      {chosenToken ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-primary bg-primary/5 px-3 py-2.5">
          <CreditCardIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          <span className="grid flex-1">
            <span className="font-medium text-sm" data-testid="new-method-label">
              {chosenToken.label}
            </span>
            <span className="text-muted-foreground text-xs">
              New {chosenToken.saveForLater ? "· will be saved for future payments" : "· used for this payment only"}
            </span>
          </span>
          <Button
            variant="outline"
            size="sm"
            className="max-sm:h-10 max-sm:px-3.5 max-sm:text-sm"
            onClick={() => {
              onChange(null);
              setDraft(lastDraft.current); // what was typed stays, but the security code
              setAdding(true);
            }}
          >
            Change
          </Button>
        </div>
      ) : adding ? (
        <div className="grid gap-3 rounded-md border bg-card p-3 sm:p-4">
          <p className="font-medium text-sm">New card or bank account</p>
          <NewMethodForm
            key={draft?.fault ? JSON.stringify(draft.fault) : "new"}
            settings={settings}
            offerSave
            draft={draft}
            submitLabel={(k) => (k === "CARD" ? "Use this card" : "Use this bank account")}
            onTokenized={(m, saveForLater, typed) => {
              lastDraft.current = typed;
              setDraft(null);
              setAdding(false);
              onChange({ token: m.token, label: m.label, saveForLater });
            }}
            onCancel={
              usable.length
                ? () => {
                    setAdding(false);
                    if (firstDefault) onChange({ paymentAccountId: firstDefault.id, label: firstDefault.label });
                  }
                : undefined
            }
          />
        </div>
      ) : (
        <Button
          variant="outline"
          className="justify-start max-sm:h-10"
          onClick={() => {
            setAdding(true);
            onChange(null);
          }}
        >
          <PlusIcon aria-hidden="true" />
          New card or bank account
        </Button>
      )}
    </fieldset>
  );
}
