import { Controller } from "react-hook-form";
import { z } from "zod";
import { SelectField, useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { formatDateTime } from "@/lib/format";
import { type ErrorAlertRow, useUpsertErrorAlert } from "../api";
import { eventLabel } from "./alert-text";
import { SEVERITIES, severityLabel } from "./severity";

// Create or edit an error alert: raised when at least `threshold` errors of the severity or worse
// arrive within the window. The numbers are typed as text and must be whole; their ranges are the
// server's to check, and its refusal lands on the field it names.

const whole = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, `${label} must be a whole number.`);

const SEVERITY_OPTIONS = SEVERITIES.map((s) => ({ value: s, label: severityLabel(s) }));

const alertSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  windowMinutes: whole("Window"),
  threshold: whole("Threshold"),
  severity: z.enum(["FATAL", "ERROR", "WARNING", "INFO"]),
  minutesBetweenAlerts: whole("Minutes between alerts"),
  slackChannelId: z.string().trim(),
  disabled: z.boolean(),
});

const defaultsFor = (alert: ErrorAlertRow | null): z.infer<typeof alertSchema> =>
  alert
    ? {
        name: alert.name,
        windowMinutes: String(alert.windowMinutes),
        threshold: String(alert.threshold),
        severity: alert.severity,
        minutesBetweenAlerts: String(alert.minutesBetweenAlerts),
        slackChannelId: alert.slackChannelId,
        disabled: alert.status === "DISABLED",
      }
    : {
        name: "",
        windowMinutes: "15",
        threshold: "20",
        severity: "ERROR",
        minutesBetweenAlerts: "60",
        slackChannelId: "",
        disabled: false,
      };

function History({ alert }: { alert: ErrorAlertRow }) {
  return (
    <section aria-label="History" className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
      <h3 className="font-medium">History</h3>
      <ul className="grid gap-0.5 text-muted-foreground text-xs">
        {alert.recentEvents.map((ev) => (
          <li key={ev.id}>
            <span className="font-medium text-foreground">{eventLabel(ev.kind)}</span> {formatDateTime(ev.at)} with{" "}
            {ev.errorCount} errors · mailed to {ev.mailedTo}
            {ev.slackSent ? " · Slack" : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AlertEditDialog({ alert, onClose }: { alert: ErrorAlertRow | null; onClose: () => void }) {
  const upsert = useUpsertErrorAlert();
  const form = useZodForm(alertSchema, defaultsFor(alert));
  const { errors } = form.formState;
  return (
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title={alert ? "Edit alert" : "New alert"}
      description="Raised when at least the threshold of errors of this severity or worse arrive within the window."
      submitLabel={alert ? "Save alert" : "Create alert"}
      formLabel={alert ? "Edit alert" : "New alert"}
      labels={{ windowMinutes: "window", slackChannelId: "slack channel" }}
      pending={upsert.isPending}
      onSubmit={(v) =>
        upsert.mutateQuietly({
          input: {
            id: alert?.id ?? null,
            name: v.name,
            windowMinutes: Number(v.windowMinutes),
            threshold: Number(v.threshold),
            severity: v.severity,
            minutesBetweenAlerts: Number(v.minutesBetweenAlerts),
            slackChannelId: v.slackChannelId,
            disabled: v.disabled,
          },
        })
      }
    >
      {alert?.recentEvents.length ? <History alert={alert} /> : null}
      <FormField label="Name" required error={errors.name?.message}>
        <Input maxLength={100} {...form.register("name")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="severity"
          label="Severity"
          description="This severity or worse counts."
          options={SEVERITY_OPTIONS}
        />
        <FormField label="Threshold" required description="Errors within the window." error={errors.threshold?.message}>
          <Input inputMode="numeric" {...form.register("threshold")} />
        </FormField>
        <FormField label="Window (minutes)" required error={errors.windowMinutes?.message}>
          <Input inputMode="numeric" {...form.register("windowMinutes")} />
        </FormField>
        <FormField
          label="Minutes between alerts"
          required
          description="Reminders while it stays raised."
          error={errors.minutesBetweenAlerts?.message}
        >
          <Input inputMode="numeric" {...form.register("minutesBetweenAlerts")} />
        </FormField>
      </div>
      <FormField
        label="Slack channel"
        description="Optional, e.g. #wtd-alerts (used when Slack is configured)."
        error={errors.slackChannelId?.message}
      >
        <Input spellCheck={false} {...form.register("slackChannelId")} />
      </FormField>
      <Controller
        control={form.control}
        name="disabled"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id="alert-enabled" checked={!field.value} onCheckedChange={(on) => field.onChange(!on)} />
            <Label htmlFor="alert-enabled">Enabled</Label>
          </div>
        )}
      />
    </MountedFormDialog>
  );
}
