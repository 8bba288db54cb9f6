import { SlidersHorizontalIcon, WarehouseIcon } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { FormDialog, useZodForm } from "@/components/form";
import { numeric, TableHeads } from "@/components/table-heads";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableFooter, TableRow } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type InventoryItemDetail, type StockLevel, useAdjustInventoryStock } from "../api";
import { type AdjustValues, adjustSchema, STOCK_MODES } from "../schema";

const modeLabels: Record<(typeof STOCK_MODES)[number], string> = {
  ADD: "Add stock",
  REMOVE: "Remove stock",
  COUNT: "Set counted quantity",
};

function AdjustDialog({
  item,
  level,
  onClose,
}: {
  item: InventoryItemDetail;
  level: StockLevel | null;
  onClose: () => void;
}) {
  const adjust = useAdjustInventoryStock({
    successToast: (r) => `${level?.warehouse.name}: ${r.adjustInventoryStock.quantity} in stock.`,
  });
  const form = useZodForm(adjustSchema, { mode: "ADD", quantity: "" });
  const mode = form.watch("mode");
  const quantity = Number(form.watch("quantity"));
  const current = level?.quantity ?? 0;
  const after = Number.isFinite(quantity)
    ? mode === "ADD"
      ? current + quantity
      : mode === "REMOVE"
        ? current - quantity
        : quantity
    : current;

  // Adding or removing nothing is refused here; a count of zero is a real count.
  const save = async (v: AdjustValues) => {
    if (!level) return false;
    const n = Number(v.quantity);
    if (v.mode !== "COUNT" && n === 0) {
      form.setError("quantity", { message: "The change can't be zero." });
      return false;
    }
    await adjust.mutateQuietly({
      input: {
        itemId: item.id,
        warehouseId: level.warehouse.id,
        ...(v.mode === "COUNT" ? { newQuantity: n } : { change: v.mode === "ADD" ? n : -n }),
      },
    });
  };

  return (
    <FormDialog
      open={level !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      form={form}
      title="Adjust stock"
      description={`${item.partNumber} at ${level?.warehouse.name}: ${current} in stock now.`}
      className="sm:max-w-md"
      submitLabel="Save adjustment"
      pending={adjust.isPending}
      refusalField="quantity"
      onSubmit={save}
    >
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 font-medium text-sm">Adjustment</legend>
            <div className="grid gap-1.5 sm:grid-cols-3" role="radiogroup">
              {STOCK_MODES.map((m) => (
                <label
                  key={m}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 rounded-md border px-2.5 py-2 text-sm has-focus-visible:ring-2 has-focus-visible:ring-ring",
                    field.value === m && "border-primary bg-primary/5 font-medium",
                  )}
                >
                  <input
                    type="radio"
                    name="stock-mode"
                    value={m}
                    checked={field.value === m}
                    onChange={() => field.onChange(m)}
                    className="accent-primary"
                  />
                  {modeLabels[m]}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <FormField
        label={mode === "COUNT" ? "Counted quantity" : "Quantity"}
        error={form.formState.errors.quantity?.message}
        description={Number.isFinite(after) && form.watch("quantity") ? `After: ${after} in stock` : undefined}
      >
        <Input inputMode="numeric" autoComplete="off" autoFocus {...form.register("quantity")} />
      </FormField>
    </FormDialog>
  );
}

/** Stock per warehouse; adjusting needs INVENTORY_ADJUSTMENTS. */
export function StockCard({
  item,
  levels,
  canAdjust,
}: {
  item: InventoryItemDetail;
  levels: StockLevel[];
  canAdjust: boolean;
}) {
  const [adjusting, setAdjusting] = useState<StockLevel | null>(null);
  const total = levels.reduce((s, l) => s + l.quantity, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Stock</h2>
        </CardTitle>
        <CardDescription>
          {!item.tracksStock
            ? "No stock is kept for this item: it is a service, rental or fee."
            : total > 0
              ? `${formatNumber(total)} on hand in all warehouses.`
              : "Out of stock everywhere."}
        </CardDescription>
      </CardHeader>
      {item.tracksStock ? (
        <CardContent>
          {levels.length === 0 ? (
            <EmptyState
              icon={<WarehouseIcon aria-hidden="true" />}
              title="No warehouses"
              description="Add a warehouse from the inventory list to keep stock."
            />
          ) : (
            <Table aria-label="Stock per warehouse">
              <TableHeads
                rowClassName="hover:bg-transparent"
                columns={[
                  "Warehouse",
                  numeric("On hand"),
                  canAdjust && { label: "Adjust", className: "w-10", srOnly: true },
                ]}
              />
              <TableBody>
                {levels.map((l) => (
                  <TableRow key={l.warehouse.id}>
                    <TableCell>
                      {l.warehouse.name}
                      {l.warehouse.inactive ? <span className="text-muted-foreground text-xs"> (inactive)</span> : null}
                    </TableCell>
                    <TableCell className={cn("text-right tabular-nums", l.quantity <= 0 && "text-destructive")}>
                      {formatNumber(l.quantity)}
                    </TableCell>
                    {canAdjust ? (
                      <TableCell className="py-1 text-right">
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setAdjusting(l)}
                          aria-label={`Adjust stock at ${l.warehouse.name}`}
                        >
                          <SlidersHorizontalIcon aria-hidden="true" />
                          Adjust
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow className="hover:bg-transparent">
                  <TableCell>Total</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(total)}</TableCell>
                  {canAdjust ? <TableCell /> : null}
                </TableRow>
              </TableFooter>
            </Table>
          )}
        </CardContent>
      ) : null}
      <AdjustDialog item={item} level={adjusting} onClose={() => setAdjusting(null)} />
    </Card>
  );
}
