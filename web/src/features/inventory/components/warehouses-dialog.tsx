import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon, WarehouseIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { describeRequestError } from "@/lib/query-client";
import { useCreateWarehouse, useRefreshInventory, useWarehouses } from "../api";
import { type WarehouseValues, warehouseSchema } from "../schema";

/** The branch's warehouses, and (with INVENTORY_MANAGEMENT) a form to add one. */
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
  const create = useCreateWarehouse();
  const refresh = useRefreshInventory();
  const form = useForm<WarehouseValues>({
    resolver: zodResolver(warehouseSchema),
    defaultValues: { name: "", externalId: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const r = await create.mutateAsync({ name: values.name, externalId: values.externalId || null });
      toast.success(`${r.createWarehouse.name} added.`);
      form.reset();
      await refresh();
    } catch (error) {
      form.setError("name", { message: describeRequestError(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Warehouses</DialogTitle>
          <DialogDescription>Where stock is kept. Each item's stock is counted per warehouse.</DialogDescription>
        </DialogHeader>
        {warehouses.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        ) : warehouses.isError ? (
          <QueryError error={warehouses.error} onRetry={() => warehouses.refetch()} />
        ) : warehouses.data.warehouses.length === 0 ? (
          <EmptyState icon={<WarehouseIcon aria-hidden="true" />} title="No warehouses yet" />
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Warehouses">
            {warehouses.data.warehouses.map((w) => (
              <li key={w.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="font-medium">{w.name}</span>
                {w.externalId ? <span className="font-mono text-muted-foreground text-xs">{w.externalId}</span> : null}
              </li>
            ))}
          </ul>
        )}
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
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
