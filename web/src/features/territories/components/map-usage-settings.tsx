import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { type TerritoryUsage, useEditUsage } from "../api";

const NONE = "none";

type UsageKey = keyof TerritoryUsage;
const USAGE_ROWS: { label: string; map?: UsageKey; role?: UsageKey }[] = [
  { label: "Activities", map: "activityAssignmentMapId", role: "activityAssignmentRoleId" },
  { label: "Work orders", map: "workOrderAssignmentMapId", role: "workOrderAssignmentRoleId" },
  { label: "Appointments", role: "appointmentAssignmentRoleId" },
  { label: "Warehouses", map: "warehouseMapId" },
];

/**
 * Which map and territory role assign activities, work orders and appointments; which map picks
 * warehouses. Each choice saves as it is made ("None" clears it).
 */
export function MapUsageSettings({
  usage,
  maps,
  roles,
  canEdit,
}: {
  usage: TerritoryUsage;
  maps: { id: string; name: string }[];
  roles: { id: string; name: string }[];
  canEdit: boolean;
}) {
  const edit = useEditUsage({ successToast: "Map usage saved." });
  const set = (key: UsageKey, value: string) => edit.run({ input: { [key]: value === NONE ? null : value } });
  const picker = (key: UsageKey, label: string, options: { id: string; name: string }[]) => (
    <FormField label={label}>
      {(control) => (
        <Select value={usage[key] ?? NONE} onValueChange={(v) => set(key, v)} disabled={!canEdit || edit.isPending}>
          <SelectTrigger {...control} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>None</SelectItem>
            {options.map((o) => (
              <SelectItem key={o.id} value={o.id}>
                {o.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
  return (
    <Card className="gap-3 p-4">
      <div className="grid gap-1">
        <h2 className="font-semibold">Map usage</h2>
        <p className="text-muted-foreground text-sm">
          Which map and territory role assign new activities, work orders and appointments, and which map picks the
          warehouse of a stop.
        </p>
      </div>
      <div className="grid gap-4">
        {USAGE_ROWS.map((row) => (
          <fieldset key={row.label} className="grid grid-cols-1 gap-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-end">
            <legend className="sr-only">{row.label}</legend>
            <span aria-hidden="true" className="font-medium text-sm sm:pb-2">
              {row.label}
            </span>
            {row.map ? picker(row.map, `${row.label}: map`, maps) : <span className="hidden sm:block" />}
            {row.role ? picker(row.role, `${row.label}: role`, roles) : <span className="hidden sm:block" />}
          </fieldset>
        ))}
      </div>
    </Card>
  );
}
