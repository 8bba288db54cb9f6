import { zodResolver } from "@hookform/resolvers/zod";
import { SaveIcon } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useUnsavedChangesWarning } from "@/components/form";
import { MoneyInput } from "@/components/money-input";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { centsToInput, dollarsToCents } from "@/lib/money";
import { describeRequestError } from "@/lib/query-client";
import { formatMoney } from "@/lib/utils";
import { type InventoryItemDetail, useRefreshInventory, useSetInventoryItemPrices } from "../api";
import { type PricesValues, pricesSchema } from "../schema";

/** Retail and sale price (INVENTORY_PRICING). The shop charges the sale price only when it is lower. */
export function PricesCard({ item, canPrice }: { item: InventoryItemDetail; canPrice: boolean }) {
  const save = useSetInventoryItemPrices();
  const refresh = useRefreshInventory();
  const values = (): PricesValues => ({
    retail: centsToInput(item.retailPriceCents),
    sale: centsToInput(item.salePriceCents),
  });
  const form = useForm<PricesValues>({ resolver: zodResolver(pricesSchema), defaultValues: values() });
  const { errors, isDirty } = form.formState;
  useUnsavedChangesWarning(isDirty);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored prices change
  useEffect(() => form.reset(values()), [item.retailPriceCents, item.salePriceCents]);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        input: {
          itemId: item.id,
          retailPriceCents: dollarsToCents(v.retail) ?? 0,
          salePriceCents: dollarsToCents(v.sale),
        },
      });
      toast.success("Prices saved.");
      await refresh(item.id);
    } catch (error) {
      form.setError("root", { message: describeRequestError(error) });
    }
  });

  const retail = dollarsToCents(form.watch("retail"));
  const sale = dollarsToCents(form.watch("sale"));
  const saving =
    retail !== null && sale !== null && !Number.isNaN(retail) && !Number.isNaN(sale) && sale < retail && retail > 0
      ? Math.round(((retail - sale) / retail) * 100)
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Prices</h2>
        </CardTitle>
        <CardDescription>Before sales tax. Leave the sale price empty when the item is not on sale.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label="Prices" className="contents">
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Retail price" error={errors.retail?.message} required>
              <MoneyInput disabled={!canPrice || save.isPending} {...form.register("retail")} />
            </FormField>
            <FormField
              label="Sale price"
              error={errors.sale?.message}
              description={saving !== null ? `${saving}% off the retail price` : "Optional"}
            >
              <MoneyInput disabled={!canPrice || save.isPending} placeholder="No sale" {...form.register("sale")} />
            </FormField>
          </div>
          {!canPrice ? (
            <p className="text-muted-foreground text-sm">
              Customers pay {formatMoney(item.salePriceCents ?? item.retailPriceCents)}. Changing prices needs the
              Inventory pricing permission.
            </p>
          ) : null}
          {errors.root?.message ? (
            <Alert variant="destructive">
              <AlertDescription className="whitespace-pre-line">{errors.root.message}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
        {canPrice ? (
          <CardFooter className="justify-end border-t">
            <Button type="submit" disabled={!isDirty || save.isPending}>
              {save.isPending ? <Spinner size="sm" className="text-current" /> : <SaveIcon aria-hidden="true" />}
              Save prices
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
