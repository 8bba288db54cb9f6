import { zodResolver } from "@hookform/resolvers/zod";
import { MinusIcon, PlusIcon } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Controller, type FieldErrors, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { useLocation } from "wouter";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Separator } from "@/components/ui/separator";
import { describeRequestError } from "@/lib/query-client";
import { cn, formatMoney } from "@/lib/utils";
import {
  type DeliveryAddress,
  type DeliveryForm as DeliveryFormData,
  type DeliveryWorkOrder,
  type OfferedDate,
  type OfferedItem,
  useRefreshDeliveries,
  useUpdateWorkOrder,
} from "../api";
import { deliveriesPath, formatDateParts, formatLongDate } from "../format";
import { type DeliveryFormValues, deliveryFormSchema, lineTax, quantityOf, sumTotals } from "../schema";
import { MoneyTotals } from "./billing-lines";

type Row = {
  catalogItemId: string;
  name: string;
  unitPrice: number;
  regularPrice: number;
  onSale: boolean;
  taxRateBasisPoints: number;
  canHaveQuantity: boolean;
  defaultQuantity: number;
};

type Props = {
  customerId: string;
  address: DeliveryAddress;
  items: OfferedItem[];
  dates: OfferedDate[];
  purchaseOrderRequired: boolean;
  purchaseOrders: DeliveryFormData["customer"]["purchaseOrders"];
  /** The delivery being changed; none when scheduling a new one. */
  order?: DeliveryWorkOrder;
};

/** The rows the customer may set: the address's items, plus items already on the order being changed. */
function buildRows(items: OfferedItem[], order?: DeliveryWorkOrder): Row[] {
  const rows: Row[] = items.map((i) => ({ ...i }));
  const taxRate = items.find((i) => i.taxRateBasisPoints > 0)?.taxRateBasisPoints ?? 0;
  for (const line of order?.billingItems ?? []) {
    if (!line.canEdit || !line.catalogItemId || rows.some((r) => r.catalogItemId === line.catalogItemId)) continue;
    rows.push({
      catalogItemId: line.catalogItemId,
      name: line.name,
      unitPrice: line.unitPrice,
      regularPrice: line.unitPrice,
      onSale: false,
      taxRateBasisPoints: line.tax > 0 ? taxRate : 0,
      canHaveQuantity: line.canHaveQuantity,
      defaultQuantity: 0,
    });
  }
  return rows;
}

function firstError(errors: FieldErrors<DeliveryFormValues>): string | undefined {
  const items = errors.items as
    | (FieldErrors<DeliveryFormValues>["items"] & { root?: { message?: string } })
    | undefined;
  return items?.message ?? items?.root?.message;
}

/** Choose a date, quantities and a purchase order; see the totals; confirm. */
export function DeliveryForm({
  customerId,
  address,
  items,
  dates,
  purchaseOrderRequired,
  purchaseOrders,
  order,
}: Props) {
  const [, navigate] = useLocation();
  const update = useUpdateWorkOrder();
  const refresh = useRefreshDeliveries();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<DeliveryFormValues | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const itemsRef = useRef<HTMLFieldSetElement>(null);

  const rows = useMemo(() => buildRows(items, order), [items, order]);
  const fixedLines = (order?.billingItems ?? []).filter((b) => !b.canEdit);
  const choices = useMemo(() => {
    const list = [...dates];
    if (order && !list.some((d) => d.date === order.workTime.scheduled)) {
      list.unshift({
        serviceId: "",
        date: order.workTime.scheduled,
        routeNumber: "",
        routeName: "",
        isRegular: false,
        workOrderId: order.id,
      });
    }
    return list;
  }, [dates, order]);
  const showRoutes = new Set(choices.map((d) => d.routeNumber).filter(Boolean)).size > 1;

  const form = useForm<DeliveryFormValues>({
    resolver: zodResolver(deliveryFormSchema({ purchaseOrderRequired })),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: {
      scheduled: order?.workTime.scheduled ?? "",
      items: rows.map((r) => {
        const onOrder = order?.billingItems.find((b) => b.canEdit && b.catalogItemId === r.catalogItemId);
        const quantity = order ? (onOrder?.quantity ?? 0) : r.canHaveQuantity ? r.defaultQuantity : 0;
        return { catalogItemId: r.catalogItemId, quantity: String(Math.min(quantity, 99)) };
      }),
      purchaseOrder: order?.purchaseOrderNumber ?? "",
    },
  });
  const { errors, isSubmitted } = form.formState;
  const watched = useWatch({ control: form.control });

  const priced = rows.map((r, i) => {
    const quantity = quantityOf(watched.items?.[i]?.quantity);
    const amount = quantity * r.unitPrice;
    return { row: r, quantity, amount, tax: lineTax(amount, r.taxRateBasisPoints) };
  });
  const chosen = priced.filter((p) => p.quantity > 0);
  const totals = sumTotals([...chosen, ...fixedLines.map((l) => ({ amount: l.amount, tax: l.tax }))]);
  const taxRate = rows.find((r) => r.taxRateBasisPoints > 0)?.taxRateBasisPoints ?? 0;
  const taxLabel = taxRate ? `Tax (${(taxRate / 100).toFixed(2).replace(/\.?0+$/, "")}%)` : "Tax";
  const scheduled = watched.scheduled ?? "";

  const setQuantity = (index: number, quantity: number) =>
    form.setValue(`items.${index}.quantity`, String(Math.max(0, Math.min(99, quantity))), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });

  const onSubmit = form.handleSubmit(
    (values) => {
      setServerError(null);
      setConfirming(values);
    },
    (errs) => {
      if (!errs.scheduled && !errs.purchaseOrder && firstError(errs))
        itemsRef.current?.scrollIntoView({ block: "center" });
    },
  );

  const confirm = async () => {
    if (!confirming) return;
    try {
      const { updateWorkOrder } = await update.mutateAsync({
        workOrder: {
          id: order?.id ?? null,
          customerId,
          serviceAddressId: address.serviceAddressId,
          scheduled: confirming.scheduled,
          billingItems: confirming.items.map((i) => ({
            catalogItemId: i.catalogItemId,
            quantity: quantityOf(i.quantity),
          })),
        },
        purchaseOrder: confirming.purchaseOrder.trim() || null,
      });
      if (updateWorkOrder.isSuccess) {
        toast.success(updateWorkOrder.message);
        await refresh();
        navigate(deliveriesPath(customerId, address.serviceAddressId));
        return;
      }
      setServerError(updateWorkOrder.message);
    } catch (error) {
      setServerError(describeRequestError(error));
    }
    setConfirming(null);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  const itemsError = firstError(errors);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid gap-8">
        {serverError ? (
          <Alert variant="destructive" ref={errorRef} tabIndex={-1} className="outline-none">
            <AlertTitle>{order ? "We couldn't change this delivery" : "We couldn't schedule this delivery"}</AlertTitle>
            <AlertDescription className="whitespace-pre-line">{serverError}</AlertDescription>
          </Alert>
        ) : null}

        <fieldset className="grid gap-3" aria-describedby={errors.scheduled ? "date-error" : "date-help"}>
          <legend className="mb-1 font-semibold text-lg">1. Delivery date</legend>
          <p id="date-help" className="-mt-2 text-muted-foreground text-sm">
            The days your route runs. <span className="font-medium text-foreground">Regular</span> days are on your
            usual schedule; on other days we bring an extra delivery.
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
            {choices.map((d) => {
              const taken = !!d.workOrderId && d.workOrderId !== order?.id;
              const current = !!order && d.date === order.workTime.scheduled;
              const { weekday, day } = formatDateParts(d.date);
              const tag = taken ? "Already scheduled" : current ? "Current date" : d.isRegular ? "Regular" : "Extra";
              return (
                <label
                  key={d.date}
                  className={cn(
                    "relative flex cursor-pointer flex-col gap-0.5 rounded-lg border bg-card px-3 py-2.5 shadow-xs transition-colors hover:border-foreground/40",
                    "has-[:checked]:border-primary has-[:checked]:bg-primary/8 has-[:checked]:ring-1 has-[:checked]:ring-primary",
                    "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background",
                    taken && "cursor-not-allowed bg-muted/60 opacity-60 hover:border-border",
                    errors.scheduled && "border-destructive/60",
                  )}
                >
                  <input
                    type="radio"
                    value={d.date}
                    disabled={taken}
                    className="sr-only"
                    aria-label={`${formatLongDate(d.date)}, ${tag}`}
                    {...form.register("scheduled")}
                  />
                  <span className="text-muted-foreground text-xs uppercase tracking-wide">{weekday}</span>
                  <span className="font-semibold">{day}</span>
                  <span
                    className={cn(
                      "text-xs",
                      d.isRegular && !taken ? "font-medium text-success" : "text-muted-foreground",
                    )}
                  >
                    {tag}
                    {showRoutes && d.routeNumber ? ` · Route ${d.routeNumber}` : ""}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.scheduled ? (
            <p id="date-error" role="alert" className="font-medium text-destructive text-sm">
              {errors.scheduled.message}
            </p>
          ) : null}
        </fieldset>

        <fieldset ref={itemsRef} className="grid gap-3">
          <legend className="mb-1 font-semibold text-lg">2. What should we bring?</legend>
          <ul className="divide-y rounded-lg border bg-card shadow-xs">
            {rows.map((r, i) => {
              const inputId = `qty-${r.catalogItemId}`;
              const rowError = errors.items?.[i]?.quantity?.message;
              const p = priced[i]!;
              return (
                <li
                  key={r.catalogItemId}
                  className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_5rem]"
                >
                  <div className="col-span-2 grid min-w-0 gap-0.5 sm:col-span-1">
                    <span className="font-medium text-sm" id={`${inputId}-name`}>
                      {r.name}
                    </span>
                    <span className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
                      <span className={cn(r.onSale && "font-medium text-destructive")}>
                        {formatMoney(r.unitPrice)}
                        {r.canHaveQuantity ? " each" : ""}
                      </span>
                      {r.onSale ? (
                        <>
                          <s>
                            <span className="sr-only">was </span>
                            {formatMoney(r.regularPrice)}
                          </s>
                          <Badge variant="destructive" className="px-1.5 py-0 text-[10px]">
                            Sale
                          </Badge>
                        </>
                      ) : null}
                      {r.taxRateBasisPoints > 0 ? <span>· plus tax</span> : null}
                      {!r.canHaveQuantity ? <span>· once per delivery</span> : null}
                    </span>
                  </div>
                  {r.canHaveQuantity ? (
                    <div className="flex items-center gap-1">
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        aria-label={`Fewer: ${r.name}`}
                        disabled={p.quantity <= 0}
                        onClick={() => setQuantity(i, p.quantity - 1)}
                      >
                        <MinusIcon aria-hidden="true" />
                      </Button>
                      <label htmlFor={inputId} className="sr-only">
                        Quantity of {r.name}
                      </label>
                      <Input
                        id={inputId}
                        inputMode="numeric"
                        autoComplete="off"
                        className="w-12 text-center tabular-nums"
                        aria-invalid={rowError ? true : undefined}
                        aria-describedby={rowError ? `${inputId}-error` : undefined}
                        {...form.register(`items.${i}.quantity`)}
                      />
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        aria-label={`More: ${r.name}`}
                        disabled={p.quantity >= 99}
                        onClick={() => setQuantity(i, p.quantity + 1)}
                      >
                        <PlusIcon aria-hidden="true" />
                      </Button>
                    </div>
                  ) : (
                    <Controller
                      control={form.control}
                      name={`items.${i}.quantity`}
                      render={({ field }) => (
                        <div className="flex h-8 items-center gap-2">
                          <Checkbox
                            id={inputId}
                            checked={field.value === "1"}
                            onCheckedChange={(v) => field.onChange(v === true ? "1" : "0")}
                            onBlur={field.onBlur}
                            ref={field.ref}
                            aria-label={`Add ${r.name}`}
                          />
                          <label htmlFor={inputId} className="text-sm" aria-hidden="true">
                            Add
                          </label>
                        </div>
                      )}
                    />
                  )}
                  <span className="text-right font-medium text-sm tabular-nums" aria-live="polite">
                    {formatMoney(p.amount)}
                  </span>
                  {rowError ? (
                    <p
                      id={`${inputId}-error`}
                      role="alert"
                      className="col-span-full font-medium text-destructive text-xs"
                    >
                      {rowError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {itemsError ? (
            <p role="alert" className="font-medium text-destructive text-sm">
              {itemsError}
            </p>
          ) : null}
          {fixedLines.length ? (
            <p className="text-muted-foreground text-sm">
              Also on this delivery, added by our office: {fixedLines.map((l) => l.name).join(", ")}.
            </p>
          ) : null}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 font-semibold text-lg">3. Purchase order</legend>
          <FormField
            label="Purchase order number"
            required={purchaseOrderRequired}
            error={errors.purchaseOrder?.message}
            description={
              purchaseOrderRequired
                ? "Your account requires a purchase order number on every delivery."
                : "Optional. We print it on your invoice."
            }
            className="max-w-sm"
          >
            <Input
              list={purchaseOrders.length ? "purchase-orders" : undefined}
              autoComplete="off"
              maxLength={40}
              {...form.register("purchaseOrder")}
            />
          </FormField>
          {purchaseOrders.length ? (
            <datalist id="purchase-orders">
              {purchaseOrders.map((po) => (
                <option key={po.id} value={po.number}>
                  {po.description}
                </option>
              ))}
            </datalist>
          ) : null}
        </fieldset>
      </div>

      <aside aria-labelledby="summary-title" className="lg:sticky lg:top-4">
        <Card className="gap-3">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="summary-title">Order summary</h2>
            </CardTitle>
            <p className="text-sm">
              {scheduled ? (
                <span className="font-medium">{formatLongDate(scheduled)}</span>
              ) : (
                <span className="text-muted-foreground">No date chosen yet</span>
              )}
            </p>
          </CardHeader>
          <CardContent className="grid gap-3">
            {chosen.length || fixedLines.length ? (
              <ul className="grid gap-1.5 text-sm">
                {chosen.map((p) => (
                  <li key={p.row.catalogItemId} className="flex justify-between gap-3">
                    <span className="min-w-0">
                      {p.row.canHaveQuantity ? `${p.quantity} × ` : ""}
                      {p.row.name}
                    </span>
                    <span className="tabular-nums">{formatMoney(p.amount)}</span>
                  </li>
                ))}
                {fixedLines.map((l) => (
                  <li key={l.id} className="flex justify-between gap-3 text-muted-foreground">
                    <span className="min-w-0">{l.name}</span>
                    <span className="tabular-nums">{formatMoney(l.amount)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground text-sm">No items chosen yet.</p>
            )}
            <Separator />
            <MoneyTotals subtotal={totals.subtotal} tax={totals.tax} total={totals.total} taxLabel={taxLabel} />
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={update.isPending}>
              {order ? "Review changes" : "Review delivery"}
            </Button>
            <p className="text-center text-muted-foreground text-xs">Charged to your account when delivered.</p>
          </CardContent>
        </Card>
      </aside>

      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={order ? "Save these changes?" : "Schedule this delivery?"}
        description={
          confirming ? `${formatLongDate(confirming.scheduled)} at ${address.streetNumber} ${address.streetName}.` : ""
        }
        confirmLabel={order ? "Save changes" : "Confirm delivery"}
        cancelLabel="Go back"
        onConfirm={confirm}
      >
        <div className="grid gap-3 rounded-md border bg-muted/40 p-3">
          <ul className="grid gap-1 text-sm">
            {chosen.map((p) => (
              <li key={p.row.catalogItemId} className="flex justify-between gap-3">
                <span>
                  {p.row.canHaveQuantity ? `${p.quantity} × ` : ""}
                  {p.row.name}
                </span>
                <span className="tabular-nums">{formatMoney(p.amount)}</span>
              </li>
            ))}
            {fixedLines.map((l) => (
              <li key={l.id} className="flex justify-between gap-3 text-muted-foreground">
                <span>{l.name}</span>
                <span className="tabular-nums">{formatMoney(l.amount)}</span>
              </li>
            ))}
          </ul>
          <Separator />
          <MoneyTotals subtotal={totals.subtotal} tax={totals.tax} total={totals.total} taxLabel={taxLabel} />
          {confirming?.purchaseOrder.trim() ? (
            <p className="text-sm">
              <span className="text-muted-foreground">Purchase order: </span>
              {confirming.purchaseOrder.trim()}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
    </form>
  );
}
