import { SaveIcon } from "lucide-react";
import { z } from "zod";
import { SelectField, useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  type ResourceLimit,
  type ResourceLimitCategory,
  useCreateResourceLimit,
  useTenants,
  useUpdateResourceLimit,
} from "../../api";
import { categoryLabels, RESOURCE_CATEGORIES } from "../../format";

const CATEGORY_OPTIONS = RESOURCE_CATEGORIES.map((c) => ({ value: c, label: categoryLabels[c] }));

export type EditingLimit = { limit: ResourceLimit | null; tenantId: string };

const whole = (what: string) => z.string().trim().regex(/^\d+$/, `${what} must be a whole number.`);
const schema = z.object({
  tenantId: z.string().min(1, "Pick a tenant."),
  category: z.enum(RESOURCE_CATEGORIES),
  startDate: z.string().min(1, "Pick the period's first day."),
  endDate: z.string().min(1, "Pick the period's last day."),
  limit: whole("The limit"),
  used: whole("Used"),
  warningPercent: whole("The warning percent"),
  cutoffPercent: whole("The cutoff percent"),
});

// The server's refusals name their field: "The warning percent must be between 1 and 100."
const LABELS = {
  tenantId: "tenant",
  startDate: "the start date",
  endDate: "the end date",
  limit: "the limit",
  warningPercent: "the warning percent",
  cutoffPercent: "the cutoff percent",
};

/** A new resource limit, or one period's limit, usage and percents. */
export function LimitDialog({ editing, onClose }: { editing: EditingLimit; onClose: () => void }) {
  const tenants = useTenants();
  const l = editing.limit;
  const create = useCreateResourceLimit({ successToast: "Limit created." });
  const update = useUpdateResourceLimit({ successToast: "Limit saved." });
  const form = useZodForm(schema, {
    tenantId: l?.tenantId ?? editing.tenantId,
    category: (l?.category ?? "TEXTS") as ResourceLimitCategory,
    startDate: l?.startDate ?? "",
    endDate: l?.endDate ?? "",
    limit: l ? String(l.limit) : "",
    used: l ? String(l.used) : "0",
    warningPercent: l ? String(l.warningPercent) : "80",
    cutoffPercent: l ? String(l.cutoffPercent) : "100",
  });
  const { errors } = form.formState;
  const number = (k: "limit" | "used" | "warningPercent" | "cutoffPercent", label: string, required = true) => (
    <FormField label={label} required={required} error={errors[k]?.message}>
      <Input inputMode="numeric" {...form.register(k)} />
    </FormField>
  );
  return (
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title={l ? "Edit resource limit" : "New resource limit"}
      description="The period includes its first and last day."
      submitLabel="Save limit"
      submitIcon={<SaveIcon aria-hidden="true" />}
      pending={create.isPending || update.isPending}
      labels={LABELS}
      onSubmit={async ({ tenantId, ...v }) => {
        const values = {
          ...v,
          limit: Number(v.limit),
          used: Number(v.used),
          warningPercent: Number(v.warningPercent),
          cutoffPercent: Number(v.cutoffPercent),
        };
        if (l) await update.mutateQuietly({ input: { ...values, id: l.id } });
        else await create.mutateQuietly({ input: { ...values, tenantId } });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="tenantId"
          label="Tenant"
          placeholder="Pick a tenant"
          disabled={!!l}
          options={(tenants.data?.tenants ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
        <SelectField control={form.control} name="category" label="Category" options={CATEGORY_OPTIONS} />
        <FormField label="First day" required error={errors.startDate?.message}>
          <Input type="date" min="1900-01-01" max="2099-12-31" {...form.register("startDate")} />
        </FormField>
        <FormField label="Last day" required error={errors.endDate?.message}>
          <Input type="date" min="1900-01-01" max="2099-12-31" {...form.register("endDate")} />
        </FormField>
        {number("limit", "Limit")}
        {number("used", "Used", false)}
        {number("warningPercent", "Warning at (%)")}
        {number("cutoffPercent", "Cut off at (%)")}
      </div>
    </MountedFormDialog>
  );
}
