import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { formatDateTime } from "@/lib/format";
import { type AdminBranch, useToggleWatertightFeature } from "../../api";
import { featureLabel, WATERTIGHT_FEATURES } from "../../format";
import { Section } from "./section";

// Features of the desktop and mobile apps, each with an optional window. A feature is "on" only
// while its window is open: one whose window ended (or has not begun) shows off, with when.

/** ISO instant -> the value of a datetime-local input (local time), and back. */
const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

type Window = { startTime: string | null; endTime: string | null };

/** "on", or why a feature with a window is not on now. */
export function windowState(w: Window | undefined, now = Date.now()): "off" | "on" | "ended" | "upcoming" {
  if (!w) return "off";
  if (w.endTime && new Date(w.endTime).getTime() <= now) return "ended";
  if (w.startTime && new Date(w.startTime).getTime() > now) return "upcoming";
  return "on";
}

function WatertightRow({ branch, feature }: { branch: AdminBranch; feature: (typeof WATERTIGHT_FEATURES)[number] }) {
  const row = branch.watertightFeatures.find((w) => w.featureId === feature);
  const [start, setStart] = useState(toLocalInput(row?.startTime));
  const [end, setEnd] = useState(toLocalInput(row?.endTime));
  useEffect(() => {
    setStart(toLocalInput(row?.startTime));
    setEnd(toLocalInput(row?.endTime));
  }, [row?.startTime, row?.endTime]);
  const label = featureLabel(feature);
  const toggle = useToggleWatertightFeature({
    successToast: (_, v) => `${label} is ${v.enabled ? "on" : "off"}.`,
  });
  const run = (enabled: boolean) =>
    toggle.run({
      branchId: branch.id,
      featureId: feature,
      enabled,
      startTime: enabled ? fromLocalInput(start) : null,
      endTime: enabled ? fromLocalInput(end) : null,
    });
  const state = windowState(row);
  const changed = !!row && (start !== toLocalInput(row.startTime) || end !== toLocalInput(row.endTime));
  return (
    <li className="grid gap-2 border-b py-3 last:border-b-0 md:grid-cols-[minmax(0,14rem)_1fr_1fr_auto] md:items-end">
      <div className="grid gap-1">
        <FormField label={label} orientation="horizontal">
          <Switch
            disabled={toggle.isPending}
            checked={state === "on"}
            // Off while a past or future window is kept: turning it on saves the window typed.
            onCheckedChange={(v) => void run(v)}
          />
        </FormField>
        {state === "ended" ? (
          <Badge variant="outline" className="w-fit">
            Ended {formatDateTime(row?.endTime)}
          </Badge>
        ) : state === "upcoming" ? (
          <Badge variant="info" className="w-fit">
            Starts {formatDateTime(row?.startTime)}
          </Badge>
        ) : null}
      </div>
      <WindowTime label="From" feature={label} value={start} onChange={setStart} />
      <WindowTime label="Until" feature={label} value={end} onChange={setEnd} />
      <Button
        variant="outline"
        size="sm"
        disabled={toggle.isPending || (state === "on" && !changed)}
        onClick={() => void run(true)}
        aria-label={row ? `Save ${label} window` : `Turn on ${label}`}
      >
        {row ? "Save window" : "Turn on"}
      </Button>
    </li>
  );
}

export function WatertightCard({ branch }: { branch: AdminBranch }) {
  return (
    <Section
      title="Watertight features"
      description="Features of the desktop and mobile apps. A feature with a window is on only between its dates (empty: open-ended)."
    >
      <ul aria-label="Watertight features">
        {WATERTIGHT_FEATURES.map((f) => (
          <WatertightRow key={f} branch={branch} feature={f} />
        ))}
      </ul>
    </Section>
  );
}

/** One end of a feature's window, in local time. */
function WindowTime({
  label,
  feature,
  value,
  onChange,
}: {
  label: "From" | "Until";
  feature: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} labelClassName="text-xs text-muted-foreground">
      <Input
        type="datetime-local"
        aria-label={`${feature} ${label.toLowerCase()}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
