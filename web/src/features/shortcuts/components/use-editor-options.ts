import { useMemo } from "react";
import type { SelectOption } from "@/components/form";
import type { CustomFieldOption } from "@/features/automations/components/action-fields";
import { useTableCustomFields } from "@/features/custom-fields/api";
import { useSetupSteps, useSetupZoneRoles } from "@/features/workflow-setup/api";
import { useWorkflowSetupPermissions } from "@/features/workflow-setup/permissions";
import type { ShortcutTableId } from "../api";

/** What the action editor's selects offer. */
export type EditorOptions = {
  /** The records the actions run on. */
  tableId: ShortcutTableId;
  steps: SelectOption[];
  /** Null without the permission to read territory roles. */
  zoneRoles: SelectOption[] | null;
  customFields: CustomFieldOption[];
};

/** Active steps (named with their project), territory roles when readable, the record's custom fields. */
export function useEditorOptions(
  tableId: ShortcutTableId,
): EditorOptions & { stepName: (id: string) => string | undefined } {
  const steps = useSetupSteps();
  const { canReadZoneRoles } = useWorkflowSetupPermissions();
  const roles = useSetupZoneRoles(canReadZoneRoles);
  const fields = useTableCustomFields(tableId);
  return useMemo(() => {
    const all = steps.data?.allSteps ?? [];
    const names = new Map(all.map((s) => [s.id, `${s.projectDescription}: ${s.description}`]));
    return {
      tableId,
      steps: all.filter((s) => !s.inactive).map((s) => ({ value: s.id, label: names.get(s.id)! })),
      zoneRoles: canReadZoneRoles
        ? (roles.data?.personTerritoryRoles ?? []).map((r) => ({ value: r.id, label: r.name }))
        : null,
      customFields: (fields.data?.customFields ?? []).map((f) => ({
        value: f.id,
        label: f.name,
        recordTableId: f.type === "TABLE_RECORD" ? f.selectionTableId : null,
      })),
      stepName: (id: string) => names.get(id),
    };
  }, [tableId, steps.data, roles.data, fields.data, canReadZoneRoles]);
}
