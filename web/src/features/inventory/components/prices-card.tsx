import { useEffect } from "react";
import { FormCard, useZodForm } from "@/components/form";
import { MoneyInput } from "@/components/money-input";
import { FormField } from "@/components/ui/form-field";
import { formatMoney } from "@/lib/format";
import { centsToInput, dollarsToCents } from "@/lib/money";
import { type InventoryItemDetail, useSetInventoryItemPrices } from "../api";
import { type PricesValues, pricesSchema } from "../schema";

/** Retail and sale price (INVENTORY_PRICING). The shop charges the sale price only when it is lower. */
export function PricesCard({ item, canPrice }: { item: InventoryItemDetail; canPrice: boolean }) {
  const save = useSetInventoryItemPrices({ successToast: "Prices saved." });
  const values = (): PricesValues => ({
    retail: centsToInput(item.retailPriceCents),
    sale: centsToInput(item.salePriceCents),
  });
  const form = useZodForm(pricesSchema, values());
  const { errors } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored prices change
  useEffect(() => form.reset(values()), [item.retailPriceCents, item.salePriceCents]);

  const retail = dollarsToCents(form.watch("retail"));
  const sale = dollarsToCents(form.watch("sale"));
  const saving =
    retail !== null && sale !== null && !Number.isNaN(retail) && !Number.isNaN(sale) && sale < retail && retail > 0
      ? Math.round(((retail - sale) / retail) * 100)
      : null;

  return (
    <FormCard
      form={form}
      title="Prices"
      description="Before sales tax. Leave the sale price empty when the item is not on sale."
      submitLabel="Save prices"
      canEdit={canPrice}
      pending={save.isPending}
      labels={{ retail: "Retail price", sale: "Sale price" }}
      onSubmit={(v: PricesValues) =>
        save.mutateQuietly({
          input: {
            itemId: item.id,
            retailPriceCents: dollarsToCents(v.retail) ?? 0,
            salePriceCents: dollarsToCents(v.sale),
          },
        })
      }
    >
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
          Customers pay {formatMoney(item.salePriceCents ?? item.retailPriceCents)}. Changing prices needs the Inventory
          pricing permission.
        </p>
      ) : null}
    </FormCard>
  );
}
