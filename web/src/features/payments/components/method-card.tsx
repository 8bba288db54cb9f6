import { BuildingIcon, CreditCardIcon } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { Billing } from "@/features/billing/api";
import { cn } from "@/lib/utils";
import {
  type PaymentMethod,
  type PaymentSettings,
  useCancelAutoPay,
  useRemovePaymentAccount,
  useSetAutoPay,
  useSetDefaultPaymentAccount,
} from "../api";
import { expired } from "../schema";
import { EditExpirationDialog } from "./edit-expiration-dialog";
import { methodAccepted } from "./payment-method-picker";

type AutoPay = NonNullable<Billing["autoPay"]>;

// On a phone the card's buttons are 40 px tall, a comfortable target for a thumb.
const action = "max-sm:h-10 max-sm:px-3.5 max-sm:text-sm";

function detailOf(m: PaymentMethod) {
  const kind =
    m.kind === "CARD"
      ? m.expiration
        ? `Expires ${m.expiration.slice(0, 2)}/${m.expiration.slice(2)}`
        : "Card"
      : m.accountType === "SAVINGS"
        ? "Savings account"
        : "Checking account";
  return `${kind}${m.nameOnAccount ? ` · ${m.nameOnAccount}` : ""}`;
}

/** After a removal the card (and its Remove button) is gone: the keyboard goes to the list's heading. */
function focusSavedMethods() {
  setTimeout(() => document.getElementById("saved-title")?.focus(), 0);
}

/**
 * One saved method: its badges, and Set as default, Edit expiration (cards) and Remove. Removing the
 * method automatic payments use moves them to another accepted method first, or (with none) turns them
 * off, in the same dialog: a Remove that the server must refuse is not offered.
 */
export function MethodCard({
  method: m,
  methods,
  settings,
  customerId,
  autoPay,
}: {
  method: PaymentMethod;
  methods: PaymentMethod[];
  settings: PaymentSettings;
  customerId: string;
  /** The automatic payments this method pays, if it does. */
  autoPay: AutoPay | null;
}) {
  const usedByAutoPay = autoPay !== null;
  const setDefault = useSetDefaultPaymentAccount();
  const remove = useRemovePaymentAccount();
  // Moving or ending automatic payments is part of the removal: the removal's answer is the one toast.
  const setAutoPay = useSetAutoPay({ successToast: false });
  const cancelAutoPay = useCancelAutoPay({ successToast: false });
  const others = methods.filter((o) => o.id !== m.id && methodAccepted(o, settings));
  const [picked, setMoveTo] = useState("");
  const moveTo = others.some((o) => o.id === picked) ? picked : (others[0]?.id ?? "");
  const [editing, setEditing] = useState(false);
  const isExpired = m.kind === "CARD" && /^\d{4}$/.test(m.expiration) && expired(m.expiration);
  const accepted = methodAccepted(m, settings);

  // A failure is shown by the mutation hook; the throw keeps the dialog open for another try.
  const removeIt = async () => {
    if (autoPay && moveTo) {
      const { amountIsFixed, fixedAmount, limit, dayOfMonth } = autoPay;
      await setAutoPay.mutateAsync({
        input: { customerId, paymentMethodId: moveTo, amountIsFixed, fixedAmount, limit, dayOfMonth },
      });
    } else if (autoPay) await cancelAutoPay.mutateAsync({ customerId });
    await remove.mutateAsync({ paymentAccountId: m.id });
    focusSavedMethods();
  };

  return (
    <li>
      <Card role="article" className={cn("h-full gap-3 px-4", m.isDefault && "border-primary/50")} aria-label={m.label}>
        <div className="flex items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
            {m.kind === "CARD" ? <CreditCardIcon aria-hidden="true" /> : <BuildingIcon aria-hidden="true" />}
          </div>
          <div className="grid min-w-0 flex-1 gap-0.5">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{m.label}</span>
              {m.isDefault ? <Badge variant="secondary">Default</Badge> : null}
              {usedByAutoPay ? <Badge variant="info">Automatic payments</Badge> : null}
              {isExpired ? <Badge variant="destructive">Expired</Badge> : null}
              {!accepted ? <Badge variant="outline">Not accepted</Badge> : null}
            </div>
            <span className="text-muted-foreground text-sm">{detailOf(m)}</span>
          </div>
        </div>
        <div className="flex flex-wrap gap-1 max-sm:gap-2">
          {!m.isDefault ? (
            <Button
              variant="outline"
              size="sm"
              className={action}
              onClick={() => setDefault.run({ paymentAccountId: m.id })}
              disabled={setDefault.isPending}
            >
              Set as default
            </Button>
          ) : null}
          {m.kind === "CARD" ? (
            <Button variant="outline" size="sm" className={action} onClick={() => setEditing(true)}>
              Edit expiration
            </Button>
          ) : null}
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className={cn("text-destructive hover:text-destructive", action)}>
                Remove
              </Button>
            }
            title={`Remove ${m.label}?`}
            description={
              !usedByAutoPay
                ? "It will no longer be available for payments. Past payments made with it are kept."
                : others.length
                  ? "This method pays your automatic payments. Choose the method that pays them from now on."
                  : "This method pays your automatic payments and no other saved method can take them over. Removing it turns automatic payments off; add another method first to keep them."
            }
            confirmLabel={
              !usedByAutoPay ? "Remove" : others.length ? "Switch and remove" : "Turn off automatic payments and remove"
            }
            destructive
            onConfirm={removeIt}
          >
            {usedByAutoPay && others.length ? (
              <fieldset className="grid gap-2">
                <legend className="mb-1 font-medium text-sm">Automatic payments from now on</legend>
                {others.map((o) => (
                  <label
                    key={o.id}
                    className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                  >
                    <input
                      type="radio"
                      name={`autopay-to-${m.id}`}
                      className="size-4 accent-primary"
                      checked={moveTo === o.id}
                      onChange={() => setMoveTo(o.id)}
                    />
                    {o.label}
                  </label>
                ))}
              </fieldset>
            ) : null}
          </ConfirmDialog>
        </div>
      </Card>
      <EditExpirationDialog method={m} open={editing} onOpenChange={setEditing} />
    </li>
  );
}
