import { MinusIcon, PlusIcon } from "lucide-react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { DeliveryFormValues } from "../schema";
import type { PricedRow, Row } from "./delivery-lines";

/**
 * Step 2's list: one line per item with its price (sale price and the regular one struck through),
 * a quantity with - and + (0 to 99), or an "Add" checkbox for an item brought once per delivery.
 */
export function DeliveryItemRows({
  form,
  rows,
  priced,
  setQuantity,
}: {
  form: UseFormReturn<DeliveryFormValues>;
  rows: Row[];
  priced: PricedRow[];
  setQuantity: (index: number, quantity: number) => void;
}) {
  const { errors } = form.formState;
  return (
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
              <p id={`${inputId}-error`} role="alert" className="col-span-full font-medium text-destructive text-xs">
                {rowError}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
