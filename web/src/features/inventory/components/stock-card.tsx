import { zodResolver } from "@hookform/resolvers/zod";
import { SlidersHorizontalIcon, WarehouseIcon } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import { describeRequestError } from "@/lib/query-client";
import { cn } from "@/lib/utils";
import { type InventoryItemDetail, type StockLevel, useAdjustInventoryStock, useRefreshInventory } from "../api";
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
  const adjust = useAdjustInventoryStock();
  const refresh = useRefreshInventory();
  const form = useForm<AdjustValues>({
    resolver: zodResolver(adjustSchema),
    defaultValues: { mode: "ADD", quantity: "" },
  });
  const { errors } = form.formState;
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

  const onSubmit = form.handleSubmit(async (v) => {
    if (!level) return;
    const n = Number(v.quantity);
    if (v.mode !== "COUNT" && n === 0) {
      form.setError("quantity", { message: "The change can't be zero." });
      return;
    }
    try {
      const r = await adjust.mutateAsync({
        input: {
          itemId: item.id,
          warehouseId: level.warehouse.id,
          ...(v.mode === "COUNT" ? { newQuantity: n } : { change: v.mode === "ADD" ? n : -n }),
        },
      });
      toast.success(`${level.warehouse.name}: ${r.adjustInventoryStock.quantity} in stock.`);
      await refresh(item.id);
      form.reset();
      onClose();
    } catch (error) {
      form.setError("root", { message: describeRequestError(error) });
    }
  });

  return (
    <Dialog
      open={level !== null}
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Adjust stock</DialogTitle>
          <DialogDescription>
            {item.partNumber} at {level?.warehouse.name}: {current} in stock now.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4">
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
            error={errors.quantity?.message}
            description={Number.isFinite(after) && form.watch("quantity") ? `After: ${after} in stock` : undefined}
          >
            <Input inputMode="numeric" autoComplete="off" autoFocus {...form.register("quantity")} />
          </FormField>
          {errors.root?.message ? (
            <Alert variant="destructive">
              <AlertDescription>{errors.root.message}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={adjust.isPending}>
              {adjust.isPending ? <Spinner size="sm" className="text-current" /> : null}
              Save adjustment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
  if (!item.tracksStock)
    return (
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Stock</h2>
          </CardTitle>
          <CardDescription>No stock is kept for this item: it is a service, rental or fee.</CardDescription>
        </CardHeader>
      </Card>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Stock</h2>
        </CardTitle>
        <CardDescription>
          {total > 0 ? `${formatNumber(total)} on hand in all warehouses.` : "Out of stock everywhere."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {levels.length === 0 ? (
          <EmptyState
            icon={<WarehouseIcon aria-hidden="true" />}
            title="No warehouses"
            description="Add a warehouse from the inventory list to keep stock."
          />
        ) : (
          <Table aria-label="Stock per warehouse">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Warehouse</TableHead>
                <TableHead className="text-right">On hand</TableHead>
                {canAdjust ? (
                  <TableHead className="w-10">
                    <span className="sr-only">Adjust</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
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
      <AdjustDialog item={item} level={adjusting} onClose={() => setAdjusting(null)} />
    </Card>
  );
}
