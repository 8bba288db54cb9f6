import { useEffect } from "react";
import { Controller } from "react-hook-form";
import { FormCard, useZodForm } from "@/components/form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Separator } from "@/components/ui/separator";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
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

/** Item details and its shop listing (INVENTORY_MANAGEMENT). */
export function DetailsCard({ item, canManage }: { item: InventoryItemDetail; canManage: boolean }) {
  const edit = useEditInventoryItem({ successToast: "Item saved." });
  const form = useZodForm(detailsSchema, valuesOf(item));
  const { errors } = form.formState;

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
        <FormField label="Part number" error={errors.partNumber?.message} required>
          <Input className="font-mono" disabled={disabled} {...form.register("partNumber")} />
        </FormField>
        <FormField label="Description" error={errors.description?.message} required>
          <Input disabled={disabled} {...form.register("description")} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-3">
        <Controller
          control={form.control}
          name="taxable"
          render={({ field }) => (
            <FormField label="Taxable" orientation="horizontal" description="Sales tax is added at checkout.">
              <Switch checked={field.value} onCheckedChange={field.onChange} disabled={disabled} />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="inactive"
          render={({ field }) => (
            <FormField
              label="Inactive"
              orientation="horizontal"
              description="No longer sold or delivered."
              error={errors.inactive?.message}
            >
              <Switch checked={field.value} onCheckedChange={field.onChange} disabled={disabled} />
            </FormField>
          )}
        />
      </div>
      <Separator />
      <Controller
        control={form.control}
        name="ecommerceStatus"
        render={({ field }) => (
          <FormField label="Shop status" description={listingHelp[status]}>
            {(control) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
                <SelectTrigger className="sm:w-72" {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {LISTING_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {listingLabels[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
      />
      <FormField
        label="Shop title"
        error={errors.eCommerceTitle?.message}
        required={status !== "NOT_LISTED"}
        description="The product name customers see."
      >
        <Input disabled={disabled} {...form.register("eCommerceTitle")} />
      </FormField>
      <FormField
        label="Shop description"
        error={errors.eCommerceDescription?.message}
        description="Shown on the product page. Plain text."
      >
        <Textarea rows={4} disabled={disabled} {...form.register("eCommerceDescription")} />
      </FormField>
    </FormCard>
  );
}
