import { useMemo, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { useLocation } from "wouter";
import { showServerError, useUnsavedChangesWarning, useZodForm } from "@/components/form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Separator } from "@/components/ui/separator";
import {
  type DeliveryAddress,
  type DeliveryForm as DeliveryFormData,
  type DeliveryWorkOrder,
  type OfferedDate,
  type OfferedItem,
  useUpdateWorkOrder,
} from "../api";
import { deliveriesPath, formatLongDate } from "../format";
import { type DeliveryFormValues, deliveryFormSchema, quantityOf, sumTotals } from "../schema";
import { MoneyTotals } from "./billing-lines";
import { DeliveryDateChoices } from "./delivery-date-choices";
import { DeliveryItemRows } from "./delivery-item-rows";
import { buildRows, itemsErrorOf, priceRows, taxLabelFor } from "./delivery-lines";
import { ChosenLines, DeliverySummary } from "./delivery-summary";

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

/**
 * Choose a date, quantities and a purchase order; see the totals; confirm. The server's refusal shows
 * in the form's alert (or on the field it names) and what was chosen stays; leaving with changes asks.
 */
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
  const [confirming, setConfirming] = useState<DeliveryFormValues | null>(null);
  const itemsRef = useRef<HTMLFieldSetElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

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

  const form = useZodForm(deliveryFormSchema({ purchaseOrderRequired }), {
    scheduled: order?.workTime.scheduled ?? "",
    items: rows.map((r) => {
      const onOrder = order?.billingItems.find((b) => b.canEdit && b.catalogItemId === r.catalogItemId);
      const quantity = order ? (onOrder?.quantity ?? 0) : r.canHaveQuantity ? r.defaultQuantity : 0;
      return { catalogItemId: r.catalogItemId, quantity: String(Math.min(quantity, 99)) };
    }),
    purchaseOrder: order?.purchaseOrderNumber ?? "",
  });
  const { errors, isSubmitted, isDirty } = form.formState;
  useUnsavedChangesWarning(isDirty);
  const watched = useWatch({ control: form.control });

  const priced = priceRows(
    rows,
    (watched.items ?? []).map((i) => i?.quantity),
  );
  const chosen = priced.filter((p) => p.quantity > 0);
  const totals = sumTotals([...chosen, ...fixedLines.map((l) => ({ amount: l.amount, tax: l.tax }))]);
  const taxLabel = taxLabelFor(rows);

  const setQuantity = (index: number, quantity: number) =>
    form.setValue(`items.${index}.quantity`, String(Math.max(0, Math.min(99, quantity))), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });

  const onSubmit = form.handleSubmit(
    (values) => {
      form.clearErrors("root");
      setConfirming(values);
    },
    (errs) => {
      if (!errs.scheduled && !errs.purchaseOrder && itemsErrorOf(errs))
        itemsRef.current?.scrollIntoView({ block: "center" });
    },
  );

  const confirm = async () => {
    if (!confirming) return;
    try {
      await update.mutateQuietly({
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
      form.reset(form.getValues());
      navigate(deliveriesPath(customerId, address.serviceAddressId));
      return;
    } catch (error) {
      // The refusal ("that date is full") goes on the field it names or in the form's alert.
      showServerError(form, error, { labels: { scheduled: "date", purchaseOrder: "purchase order" } });
    }
    setConfirming(null);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  const itemsError = itemsErrorOf(errors);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={order ? "Change delivery" : "Schedule a delivery"}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      <div className="grid gap-8">
        {errors.root ? (
          <Alert variant="destructive" ref={errorRef} tabIndex={-1} className="outline-none">
            <AlertTitle>{order ? "We couldn't change this delivery" : "We couldn't schedule this delivery"}</AlertTitle>
            <AlertDescription className="whitespace-pre-line">{errors.root.message}</AlertDescription>
          </Alert>
        ) : null}

        <DeliveryDateChoices form={form} choices={choices} order={order} />

        <fieldset ref={itemsRef} className="grid gap-3">
          <legend className="mb-1 font-semibold text-lg">2. What should we bring?</legend>
          <DeliveryItemRows form={form} rows={rows} priced={priced} setQuantity={setQuantity} />
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

      <DeliverySummary
        scheduled={watched.scheduled ?? ""}
        chosen={chosen}
        fixedLines={fixedLines}
        totals={totals}
        taxLabel={taxLabel}
        isEdit={!!order}
        pending={update.isPending}
      />

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
          <ChosenLines chosen={chosen} fixedLines={fixedLines} className="gap-1" />
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
