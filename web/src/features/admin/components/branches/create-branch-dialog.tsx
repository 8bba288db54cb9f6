import { PlusIcon } from "lucide-react";
import { Controller } from "react-hook-form";
import { useLocation } from "wouter";
import { z } from "zod";
import { FormDialog, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useCreateBranch, useTenants } from "../../api";
import { TenantItems } from "../tenant-items";

const NEW_TENANT = "__new__";

const schema = z.object({
  branchNumber: z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, "Branch number must be a whole number from 1."),
  host: z.string().trim().min(1, "Enter the host."),
  company: z.string().trim().min(1, "Enter the company."),
  internalName: z.string().trim().min(1, "Enter the internal name."),
  tenantId: z.string(),
  newTenantName: z.string().trim(),
  timeZone: z.string().trim(),
});

/** A new branch: it answers at ?host=<host> as soon as it is created; then its page opens. */
export function CreateBranchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const tenants = useTenants();
  const create = useCreateBranch({
    successToast: (r, v) => `Branch ${v.input.branchNumber} created: open it at ?host=${r.createBranch.host}.`,
  });
  const [, navigate] = useLocation();
  const form = useZodForm(schema, {
    branchNumber: "",
    host: "",
    company: "",
    internalName: "",
    tenantId: "",
    newTenantName: "",
    timeZone: "America/Chicago",
  });
  const { errors } = form.formState;
  const chosen = form.watch("tenantId");
  const tenantId = chosen || tenants.data?.tenants[0]?.id || NEW_TENANT;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="New branch"
      description={
        <>
          The branch answers at <span className="font-mono">?host=&lt;host&gt;</span> as soon as it is created.
        </>
      }
      submitLabel="Create branch"
      submitIcon={<PlusIcon aria-hidden="true" />}
      pending={create.isPending}
      labels={{ branchNumber: "Branch number", newTenantName: "New tenant name", timeZone: "Time zone" }}
      onSubmit={async (v) => {
        const isNew = tenantId === NEW_TENANT;
        if (isNew && !v.newTenantName) {
          form.setError("newTenantName", { message: "Name the new tenant." });
          return false;
        }
        const r = await create.mutateQuietly({
          input: {
            branchNumber: Number(v.branchNumber),
            tenantId: isNew ? null : tenantId,
            newTenantName: isNew ? v.newTenantName : null,
            company: v.company,
            internalName: v.internalName,
            host: v.host,
            timeZone: v.timeZone,
          },
        });
        navigate(`/admin/b/${r.createBranch.id}`);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Branch number" required error={errors.branchNumber?.message}>
          <Input inputMode="numeric" {...form.register("branchNumber")} />
        </FormField>
        <FormField
          label="Host"
          required
          description="Lower-case letters, digits and dashes."
          error={errors.host?.message}
        >
          <Input autoCapitalize="none" spellCheck={false} {...form.register("host")} />
        </FormField>
        <FormField label="Company" required error={errors.company?.message}>
          <Input {...form.register("company")} />
        </FormField>
        <FormField label="Internal name" required error={errors.internalName?.message}>
          <Input {...form.register("internalName")} />
        </FormField>
        <Controller
          control={form.control}
          name="tenantId"
          render={({ field }) => (
            <FormField label="Tenant">
              {(control) => (
                <Select value={tenantId} onValueChange={field.onChange}>
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <TenantItems />
                    <SelectItem value={NEW_TENANT}>A new tenant…</SelectItem>
                  </SelectContent>
                </Select>
              )}
            </FormField>
          )}
        />
        {tenantId === NEW_TENANT ? (
          <FormField label="New tenant name" required error={errors.newTenantName?.message}>
            <Input {...form.register("newTenantName")} />
          </FormField>
        ) : (
          <FormField label="Time zone" description="An IANA name." error={errors.timeZone?.message}>
            <Input {...form.register("timeZone")} />
          </FormField>
        )}
      </div>
    </FormDialog>
  );
}
