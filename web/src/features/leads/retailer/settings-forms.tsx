import { z } from "zod";
import { FormCard, SelectField, SwitchField, useStoredValues, useZodForm } from "@/components/form";
import { namedOptions } from "@/components/named-options";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatDateTime } from "@/lib/format";
import { type Retailer, type RetailerSettingsRow, usePatchRetailerSettings, useSetRetailerCredentials } from "./api";

// The two forms of the settings page: the connection (the feed's address, the dealer's account and the
// write-only secret) and how the feed is worked (on/off, how often it is read, auto-import, default
// source).

const credentialsSchema = z.object({
  baseUrl: z.string().trim().min(1, "Enter the feed's address.").max(300),
  accountId: z.string().trim().min(1, "Enter the dealer account id the retailer gave you.").max(100),
  secret: z.string().trim().max(500),
});

export function CredentialsCard({ retailer, settings }: { retailer: Retailer; settings: RetailerSettingsRow }) {
  const stored = { baseUrl: settings.baseUrl, accountId: settings.accountId, secret: "" };
  const form = useZodForm(credentialsSchema, stored);
  useStoredValues(form, stored);
  const save = useSetRetailerCredentials();
  const { errors } = form.formState;
  return (
    <FormCard
      form={form}
      title="Credentials"
      description={`What ${settings.retailerName} gave you to read its referral feed. The secret is stored encrypted and never shown again.`}
      submitLabel={settings.configured ? "Save and check" : "Connect"}
      pending={save.isPending}
      labels={{ baseUrl: "feed address", accountId: "account id", secret: "secret" }}
      onSubmit={async (v) => {
        await save.mutateQuietly({
          retailer,
          input: { baseUrl: v.baseUrl, accountId: v.accountId, secret: v.secret || null },
        });
        form.setValue("secret", "");
      }}
    >
      <FormField
        label="Feed address"
        required
        description="The https:// address of the retailer's feed (in development, /retailer-stand-in)."
        error={errors.baseUrl?.message}
      >
        <Input maxLength={300} inputMode="url" autoComplete="off" {...form.register("baseUrl")} />
      </FormField>
      <FormField label="Dealer account id" required error={errors.accountId?.message}>
        <Input maxLength={100} autoComplete="off" className="font-mono" {...form.register("accountId")} />
      </FormField>
      <FormField
        label="Secret"
        required={!settings.hasSecret}
        description={
          settings.hasSecret
            ? `A secret is stored${settings.secretHint ? ` (ending in ${settings.secretHint})` : ""}. Leave this empty to keep it.`
            : "At least 8 characters."
        }
        error={errors.secret?.message}
      >
        <Input type="password" maxLength={500} autoComplete="new-password" {...form.register("secret")} />
      </FormField>
    </FormCard>
  );
}

const settingsSchema = z.object({
  enabled: z.boolean(),
  pollMinutes: z.string(),
  autoImport: z.boolean(),
  defaultLeadSourceId: z.string(),
});
const POLL_OPTIONS = ["1", "2", "3", "4", "5"].map((m) => ({
  value: m,
  label: m === "1" ? "Every minute" : `Every ${m} minutes`,
}));

export function FeedSettingsCard({
  retailer,
  settings,
  sources,
}: {
  retailer: Retailer;
  settings: RetailerSettingsRow;
  sources: { id: string; name: string; inactive: boolean }[];
}) {
  const stored = {
    enabled: settings.enabled,
    pollMinutes: String(settings.pollMinutes),
    autoImport: settings.autoImport,
    defaultLeadSourceId: settings.defaultLeadSourceId ?? "",
  };
  const form = useZodForm(settingsSchema, stored);
  useStoredValues(form, stored);
  const patch = usePatchRetailerSettings();
  const polled = settings.lastPolledAt
    ? `Last read ${formatDateTime(settings.lastPolledAt, { omitThisYear: true })}.`
    : "Not read yet.";
  return (
    <FormCard
      form={form}
      title="Settings"
      description={`${polled} ${settings.lastPollError ? `Last problem: ${settings.lastPollError}` : ""}`}
      pending={patch.isPending}
      onSubmit={(v) =>
        patch.mutateQuietly({
          retailer,
          input: {
            enabled: v.enabled,
            pollMinutes: Number(v.pollMinutes),
            autoImport: v.autoImport,
            defaultLeadSourceId: v.defaultLeadSourceId || null,
          },
        })
      }
    >
      <SwitchField
        control={form.control}
        name="enabled"
        label="Read the feed"
        description="Off: nothing is read or written back."
      />
      <SelectField
        control={form.control}
        name="pollMinutes"
        label="How often"
        options={POLL_OPTIONS}
        triggerClassName="sm:w-56"
      />
      <SwitchField
        control={form.control}
        name="autoImport"
        label="Import new referrals at once"
        description="Off: they wait on the import page for someone to import or discard them."
      />
      <SelectField
        control={form.control}
        name="defaultLeadSourceId"
        label="Lead source"
        description="For referrals from a store without a lead source of its own."
        emptyLabel="No lead source"
        options={namedOptions(sources.filter((s) => !s.inactive))}
        triggerClassName="sm:w-72"
      />
    </FormCard>
  );
}
