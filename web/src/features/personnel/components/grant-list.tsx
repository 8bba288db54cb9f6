import { Switch } from "@/components/ui/switch";
import type { Permission } from "../api";
import { ALL_PERMISSIONS, permissionInfo } from "../permissions";

/** Every permission with a switch, grouped by area (a person's or an API key's own grants). */
export function GrantList({
  held,
  onToggle,
  disabled,
  idPrefix,
  canGrantAdministrator,
}: {
  held: readonly Permission[];
  onToggle: (permission: Permission, granted: boolean) => void;
  disabled?: boolean;
  idPrefix: string;
  canGrantAdministrator: boolean;
}) {
  const areas = [...new Set(ALL_PERMISSIONS.map((p) => permissionInfo[p].area))];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {areas.map((area) => (
        <fieldset key={area} className="grid content-start gap-2">
          <legend className="pb-1 font-medium text-muted-foreground text-xs uppercase tracking-wide">{area}</legend>
          {ALL_PERMISSIONS.filter((p) => permissionInfo[p].area === area).map((p) => {
            const id = `${idPrefix}-${p}`;
            const locked = p === "ADMINISTRATIVE_SETUP" && !canGrantAdministrator;
            return (
              <div key={p} className="flex items-center justify-between gap-3">
                <label htmlFor={id} className="grid text-sm">
                  {permissionInfo[p].label}
                  <span className="font-mono text-[0.7rem] text-muted-foreground">{p}</span>
                </label>
                <Switch
                  id={id}
                  checked={held.includes(p)}
                  disabled={disabled || locked}
                  onCheckedChange={(v) => onToggle(p, v)}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
