import { Switch } from "@/components/ui/switch";
import type { AutomationRow } from "../api";
import { useEditAutomation } from "../api";

/** A row's ON/OFF switch: saves at once (an automation without actions is refused, in a toast). */
export function AutomationStatusSwitch({ automation }: { automation: Pick<AutomationRow, "id" | "name" | "status"> }) {
  const edit = useEditAutomation();
  if (automation.status === "DELETED") return null;
  const on = automation.status === "ON";
  return (
    <Switch
      aria-label={`${automation.name} is on`}
      checked={edit.isPending ? !on : on}
      disabled={edit.isPending}
      onCheckedChange={(next) => edit.run({ id: automation.id, input: { status: next ? "ON" : "OFF" } })}
    />
  );
}
