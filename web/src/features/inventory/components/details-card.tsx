import { useEffect } from "react";
import type { FieldPath } from "react-hook-form";
import { FormCard, SelectField, SwitchField, TextField, useZodForm } from "@/components/form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Separator } from "@/components/ui/separator";
import { type InventoryItemDetail, useEditInventoryItem } from "../api";
import { type DetailsValues, detailsSchema, LISTING_STATUSES } from "../schema";
import { listingHelp, listingLabels } from "./listing-status";

const valuesOf = (item: InventoryItemDetail): DetailsValues => ({
  partNumber: item.partNumber,
  description: item.description,
  taxable: item.taxable,
  inactive: item.inactive,
  ecommerceStatus: item.ecommerceStatus,
  eCommerceTitle: item.eCommerceTitle,
  eCommerceDescription: item.eCommerceDescription,
});

const SWITCHES: readonly { name: FieldPath<DetailsValues>; label: string; description: string }[] = [
  { name: "taxable", label: "Taxable", description: "Sales tax is added at checkout." },
  { name: "inactive", label: "Inactive", description: "No longer sold or delivered." },
];

/** Item details and its shop listing (INVENTORY_MANAGEMENT). */
export function DetailsCard({ item, canManage }: { item: InventoryItemDetail; canManage: boolean }) {
  const edit = useEditInventoryItem({ successToast: "Item saved." });
  const form = useZodForm(detailsSchema, valuesOf(item));

  // After a save (or someone else's), show the stored values.
  useEffect(() => {
    form.reset(valuesOf(item));
  }, [item, form]);

  const status = form.watch("ecommerceStatus");
  const disabled = !canManage || edit.isPending;
  return (
    <FormCard
      form={form}
      title="Details and shop listing"
      description="What the office calls the item, and how the online shop shows it."
      submitLabel="Save details"
      canEdit={canManage}
      pending={edit.isPending}
      labels={{
        eCommerceTitle: "shop title",
        eCommerceDescription: "shop description",
        ecommerceStatus: "shop status",
      }}
      onSubmit={(values: DetailsValues) => edit.mutateQuietly({ input: { itemId: item.id, ...values } })}
      notice={
        !canManage ? (
          <Alert variant="info">
            <AlertDescription>
              You can view this item. Changing it needs the Inventory management permission.
            </AlertDescription>
          </Alert>
        ) : null
      }
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          control={form.control}
          name="partNumber"
          label="Part number"
          required
          inputClassName="font-mono"
          disabled={disabled}
        />
        <TextField control={form.control} name="description" label="Description" required disabled={disabled} />
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-3">
        {SWITCHES.map((s) => (
          <SwitchField key={s.name} control={form.control} disabled={disabled} {...s} />
        ))}
      </div>
      <Separator />
      <SelectField
        control={form.control}
        name="ecommerceStatus"
        label="Shop status"
        description={listingHelp[status]}
        options={LISTING_STATUSES.map((s) => ({ value: s, label: listingLabels[s] }))}
        disabled={disabled}
        triggerClassName="sm:w-72"
      />
      <TextField
        control={form.control}
        name="eCommerceTitle"
        label="Shop title"
        required={status !== "NOT_LISTED"}
        description="The product name customers see."
        disabled={disabled}
      />
      <TextField
        control={form.control}
        name="eCommerceDescription"
        label="Shop description"
        description="Shown on the product page. Plain text."
        multiline
        rows={4}
        disabled={disabled}
      />
    </FormCard>
  );
}
