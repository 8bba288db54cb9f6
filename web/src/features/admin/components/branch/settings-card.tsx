import { useEffect } from "react";
import { z } from "zod";
import { FormCard, SwitchField, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type AdminBranch, useUpdateBranch } from "../../api";

// The branch's names, host, time zone and integrations: one form; the server checks each value
// (a refusal lands on the field it names: "Redirect URL must start with https://.").

const TEXT_FIELDS = [
  ["company", "Company"],
  ["internalName", "Internal name"],
  ["label", "Label"],
  ["host", "Host"],
  ["timeZone", "Time zone"],
  ["redirectUrl", "Redirect URL"],
  ["webSyncVersion", "Web sync version"],
  ["achPaymentSourceId", "ACH payment source"],
  ["cardPaymentSourceId", "Card payment source"],
  ["ecommerceWorkflowShortcutId", "E-commerce workflow shortcut"],
  ["internalRelayAlertRecipients", "Internal relay alert recipients"],
  ["externalRelayAlertRecipients", "External relay alert recipients"],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0];

const schema = z.object({
  ...(Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, z.string()])) as Record<TextKey, z.ZodString>),
  websyncSlaSeconds: z.string().trim().regex(/^\d+$/, "Web sync SLA must be a whole number of seconds."),
  denyInteractive: z.boolean(),
});
type Values = z.infer<typeof schema>;

const LABELS: Record<string, string> = {
  ...Object.fromEntries(TEXT_FIELDS),
  websyncSlaSeconds: "Web sync SLA",
};

const valuesOf = (branch: AdminBranch): Values => ({
  ...(Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, (branch[k] as string | null) ?? ""])) as Record<TextKey, string>),
  websyncSlaSeconds: String(branch.websyncSlaSeconds),
  denyInteractive: branch.denyInteractive,
});

export function SettingsCard({ branch }: { branch: AdminBranch }) {
  const update = useUpdateBranch({ successToast: "Saved." });
  const form = useZodForm(schema, valuesOf(branch));
  const { errors, isDirty } = form.formState;
  // A change saved elsewhere (another card, another tab) shows here unless this form is being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved branch changes
  useEffect(() => {
    if (!isDirty) form.reset(valuesOf(branch));
  }, [branch]);
  return (
    <FormCard
      form={form}
      title="Branch settings"
      description="The branch's names, address, time zone and integrations."
      submitLabel="Save settings"
      pending={update.isPending}
      labels={LABELS}
      onSubmit={(v) =>
        update.mutateQuietly({ input: { ...v, branchId: branch.id, websyncSlaSeconds: Number(v.websyncSlaSeconds) } })
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([k, label]) => (
          <FormField key={k} label={label} error={errors[k]?.message}>
            <Input {...form.register(k)} />
          </FormField>
        ))}
        <FormField label="Web sync SLA (seconds)" error={errors.websyncSlaSeconds?.message}>
          <Input inputMode="numeric" {...form.register("websyncSlaSeconds")} />
        </FormField>
        <SwitchField
          control={form.control}
          name="denyInteractive"
          label="Deny interactive sign-in"
          description="Only integrations (API keys) may use this branch."
        />
      </div>
    </FormCard>
  );
}
