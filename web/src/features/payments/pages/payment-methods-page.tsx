import { ArrowLeftIcon, BuildingIcon, CreditCardIcon, PlusIcon, WalletIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { type Billing, type LinkedCustomer, useBilling } from "@/features/billing/api";
import { accountLine, CustomerRoute, CustomerSwitcher } from "@/features/billing/components/customer-route";
import type { RouteParams } from "@/lib/route-table";
import { useReturnFocus } from "@/lib/use-return-focus";
import { cn } from "@/lib/utils";
import {
  type PaymentMethod,
  type PaymentSettings,
  useAddPaymentAccount,
  useCancelAutoPay,
  useEditPaymentAccount,
  usePaymentMethods,
  usePaymentSettings,
  useRefreshPayments,
  useRemovePaymentAccount,
  useSetAutoPay,
  useSetDefaultPaymentAccount,
} from "../api";
import { AutoPayForm } from "../components/autopay-form";
import { NewMethodForm } from "../components/new-method-form";
import { methodAccepted } from "../components/payment-method-picker";
import { errorMessage, expired, normalizeExpiration } from "../schema";

const BASE = "/v2/payment-methods";

/** v2/payment-methods[/{custId}]: saved cards and bank accounts, and automatic payments. */
export default function PaymentMethodsPage({ params }: { params: RouteParams }) {
  return (
    <CustomerRoute basePath={BASE} custId={params.custId}>
      {({ customer, customers }) => <MethodsForCustomer key={customer.id} customer={customer} customers={customers} />}
    </CustomerRoute>
  );
}

function MethodsForCustomer({ customer, customers }: { customer: LinkedCustomer; customers: LinkedCustomer[] }) {
  const methods = usePaymentMethods(customer.id);
  const settings = usePaymentSettings();
  const billing = useBilling(customer.id, false);
  const [adding, setAdding] = useState(false);

  const loading = methods.isPending || settings.isPending || billing.isPending;
  const error = methods.error ?? settings.error ?? billing.error;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <DocumentTitle title="Payment methods" />
      <PageHeader
        title="Payment methods"
        description={accountLine(customer)}
        actions={
          <>
            <CustomerSwitcher customers={customers} current={customer} basePath={BASE} />
            <Button asChild variant="outline" className="self-end">
              <Link href={`/v2/billing/${customer.id}`}>
                <ArrowLeftIcon aria-hidden="true" />
                Billing
              </Link>
            </Button>
            <Button className="self-end" onClick={() => setAdding(true)} disabled={loading || !!error}>
              <PlusIcon aria-hidden="true" />
              Add a payment method
            </Button>
          </>
        }
      />
      {loading ? (
        <div className="grid gap-3" role="status" aria-label="Loading">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-56" />
        </div>
      ) : error ? (
        <QueryError
          error={error}
          onRetry={() => {
            void methods.refetch();
            void settings.refetch();
            void billing.refetch();
          }}
        />
      ) : (
        <>
          <section aria-labelledby="saved-title" className="grid gap-3">
            <h2 id="saved-title" className="font-semibold text-lg">
              Saved methods
            </h2>
            {methods.data!.paymentMethods.length ? (
              <ul className="grid gap-3 md:grid-cols-2">
                {methods.data!.paymentMethods.map((m) => (
                  <MethodItem
                    key={m.id}
                    method={m}
                    methods={methods.data!.paymentMethods}
                    settings={settings.data!.paymentSettings}
                    customerId={customer.id}
                    autoPay={
                      billing.data!.billing.autoPay?.paymentMethod?.id === m.id ? billing.data!.billing.autoPay : null
                    }
                  />
                ))}
              </ul>
            ) : (
              <EmptyState
                icon={<WalletIcon aria-hidden="true" />}
                title="No saved payment methods"
                description="Save a card or bank account to pay faster and to set up automatic payments."
                action={
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden="true" />
                    Add a payment method
                  </Button>
                }
                className="bg-card"
              />
            )}
          </section>
          <AutoPayForm
            key={billing.data!.billing.autoPay?.id ?? "none"}
            customerId={customer.id}
            autoPay={billing.data!.billing.autoPay ?? null}
            methods={methods.data!.paymentMethods}
            settings={settings.data!.paymentSettings}
          />
          <AddMethodDialog
            open={adding}
            onOpenChange={setAdding}
            customerId={customer.id}
            settings={settings.data!.paymentSettings}
          />
        </>
      )}
    </div>
  );
}

type AutoPay = NonNullable<Billing["autoPay"]>;

function MethodItem({
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
  const setAutoPay = useSetAutoPay();
  const cancelAutoPay = useCancelAutoPay();
  // Removing the method automatic payments use: move them to another accepted method first, or
  // (with none) turn them off, in the same dialog; a Remove that the server must refuse is not offered.
  const others = methods.filter((o) => o.id !== m.id && methodAccepted(o, settings));
  const [picked, setMoveTo] = useState("");
  const moveTo = others.some((o) => o.id === picked) ? picked : (others[0]?.id ?? "");
  const refresh = useRefreshPayments();
  const [editing, setEditing] = useState(false);
  const isExpired = m.kind === "CARD" && /^\d{4}$/.test(m.expiration) && expired(m.expiration);
  const accepted = methodAccepted(m, settings);

  const makeDefault = async () => {
    try {
      const r = await setDefault.mutateAsync({ paymentAccountId: m.id });
      if (r.setDefaultPaymentAccount.isSuccess) toast.success(r.setDefaultPaymentAccount.message);
      else toast.error(r.setDefaultPaymentAccount.message);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const releaseAutoPay = async () => {
    if (!autoPay) return;
    if (moveTo) {
      const r = await setAutoPay.mutateAsync({
        input: {
          customerId,
          paymentMethodId: moveTo,
          amountIsFixed: autoPay.amountIsFixed,
          fixedAmount: autoPay.fixedAmount,
          limit: autoPay.limit,
          dayOfMonth: autoPay.dayOfMonth,
        },
      });
      if (!r.setAutoPay.isSuccess) throw new Error(r.setAutoPay.message);
    } else {
      const r = await cancelAutoPay.mutateAsync({ customerId });
      if (!r.cancelAutoPay.isSuccess) throw new Error(r.cancelAutoPay.message);
    }
  };

  const removeIt = async () => {
    try {
      await releaseAutoPay();
      const r = await remove.mutateAsync({ paymentAccountId: m.id });
      if (!r.removePaymentAccount.isSuccess) {
        toast.error(r.removePaymentAccount.message);
        return;
      }
      toast.success(r.removePaymentAccount.message);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
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
            <span className="text-muted-foreground text-sm">
              {m.kind === "CARD"
                ? m.expiration
                  ? `Expires ${m.expiration.slice(0, 2)}/${m.expiration.slice(2)}`
                  : "Card"
                : m.accountType === "SAVINGS"
                  ? "Savings account"
                  : "Checking account"}
              {m.nameOnAccount ? ` · ${m.nameOnAccount}` : ""}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-1">
          {!m.isDefault ? (
            <Button variant="outline" size="sm" onClick={makeDefault} disabled={setDefault.isPending}>
              Set as default
            </Button>
          ) : null}
          {m.kind === "CARD" ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              Edit expiration
            </Button>
          ) : null}
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive">
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

function EditExpirationDialog({
  method,
  open,
  onOpenChange,
}: {
  method: PaymentMethod;
  open: boolean;
  onOpenChange: (v: boolean) => void;
}) {
  const returnFocus = useReturnFocus(open);
  const current = /^\d{4}$/.test(method.expiration)
    ? `${method.expiration.slice(0, 2)}/${method.expiration.slice(2)}`
    : "";
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditPaymentAccount();
  const refresh = useRefreshPayments();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const mmyy = normalizeExpiration(value);
    if (!mmyy) return setError("Enter the expiration date as MM/YY.");
    if (expired(mmyy)) return setError("That expiration date has passed.");
    setError(null);
    try {
      const r = await edit.mutateAsync({ input: { paymentAccountId: method.id, expiration: mmyy } });
      if (!r.editPaymentAccount.isSuccess) return setError(r.editPaymentAccount.message);
      toast.success(r.editPaymentAccount.message);
      onOpenChange(false);
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        if (v) {
          setValue(current);
          setError(null);
        }
        onOpenChange(v);
      }}
    >
      <DialogContent className="sm:max-w-sm" onCloseAutoFocus={returnFocus}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit expiration</DialogTitle>
            <DialogDescription>The new expiration date printed on {method.label}.</DialogDescription>
          </DialogHeader>
          <FormField label="Expiration (MM/YY)" error={error}>
            <Input
              inputMode="numeric"
              autoComplete="cc-exp"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoFocus
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={edit.isPending} aria-busy={edit.isPending || undefined}>
              {edit.isPending ? <Spinner size="sm" className="text-current" label="Saving" /> : null}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function AddMethodDialog({
  open,
  onOpenChange,
  customerId,
  settings,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  customerId: string;
  settings: PaymentSettings;
}) {
  const add = useAddPaymentAccount();
  const refresh = useRefreshPayments();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Add a payment method</DialogTitle>
          <DialogDescription>
            Saved securely with our payment processor; we keep only the last four digits.
          </DialogDescription>
        </DialogHeader>
        <NewMethodForm
          settings={settings}
          submitLabel={(k) => (k === "CARD" ? "Save card" : "Save bank account")}
          onCancel={() => onOpenChange(false)}
          onTokenized={async (m) => {
            const r = await add
              .mutateAsync({ input: { customerId, token: m.token, makeDefault: false } })
              .catch((error) => {
                throw new Error(errorMessage(error));
              });
            if (!r.addPaymentAccount.isSuccess) throw new Error(r.addPaymentAccount.message);
            toast.success(r.addPaymentAccount.message);
            onOpenChange(false);
            await refresh();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
