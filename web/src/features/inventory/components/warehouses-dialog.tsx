import { PlusIcon, WarehouseIcon } from "lucide-react";
import { FormAlert, submitHandler, useUnsavedChangesWarning, useZodForm } from "@/components/form";
import { QueryState } from "@/components/shell/query-state";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useCreateWarehouse, useWarehouses } from "../api";
import { type WarehouseValues, warehouseSchema } from "../schema";

/**
 * The branch's warehouses, and (with INVENTORY_MANAGEMENT) a form to add one. A refusal ("A warehouse
 * named … already exists.") lands on the name, or on the code when it names it; the input stays.
 */
export function WarehousesDialog({
  open,
  onOpenChange,
  canManage,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canManage: boolean;
}) {
  const warehouses = useWarehouses();
  const create = useCreateWarehouse({ successToast: (r) => `${r.createWarehouse.name} added.` });
  const form = useZodForm(warehouseSchema, { name: "", externalId: "" });
  useUnsavedChangesWarning(open && form.formState.isDirty);
  const onSubmit = submitHandler(
    form,
    (values: WarehouseValues) => create.mutateQuietly({ name: values.name, externalId: values.externalId || null }),
    { labels: { externalId: "code" }, refusalField: "name" },
    () => form.reset(),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Warehouses</DialogTitle>
          <DialogDescription>Where stock is kept. Each item's stock is counted per warehouse.</DialogDescription>
        </DialogHeader>
        <QueryState query={warehouses} loading={<SkeletonBlocks className="grid gap-2" blocks={["h-9", "h-9"]} />}>
          {(data) =>
            data.warehouses.length === 0 ? (
              <EmptyState icon={<WarehouseIcon aria-hidden="true" />} title="No warehouses yet" />
            ) : (
              <ul className="divide-y rounded-md border" aria-label="Warehouses">
                {data.warehouses.map((w) => (
                  <li key={w.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="font-medium">{w.name}</span>
                    {w.externalId ? (
                      <span className="font-mono text-muted-foreground text-xs">{w.externalId}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {canManage ? (
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid grid-cols-1 gap-3 border-t pt-4 sm:grid-cols-[1fr_8rem_auto] sm:items-end"
          >
            <FormField label="New warehouse" error={form.formState.errors.name?.message}>
              <Input placeholder="e.g. North depot" {...form.register("name")} />
            </FormField>
            <FormField label="Code" error={form.formState.errors.externalId?.message}>
              <Input placeholder="WH-03" {...form.register("externalId")} />
            </FormField>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner size="sm" className="text-current" /> : <PlusIcon aria-hidden="true" />}
              Add
            </Button>
            {form.formState.errors.root ? (
              <div className="sm:col-span-3">
                <FormAlert form={form} />
              </div>
            ) : null}
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
