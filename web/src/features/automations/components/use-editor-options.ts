import { useMemo } from "react";
import { useTableCustomFields } from "@/features/custom-fields/api";
import { useSetupSteps, useSetupZoneRoles } from "@/features/workflow-setup/api";
import { useWorkflowSetupPermissions } from "@/features/workflow-setup/permissions";
import type { TableId } from "../api";
import type { EditorOptions } from "./editor-options";

/** The editor's choices: active steps (by project), projects, territory roles when readable, and the custom fields of each record table. */
export function useEditorOptions(): (tableId: TableId) => EditorOptions {
  const steps = useSetupSteps();
  const { canReadZoneRoles } = useWorkflowSetupPermissions();
  const roles = useSetupZoneRoles(canReadZoneRoles);
  const activityFields = useTableCustomFields("ACTIVITY");
  const workOrderFields = useTableCustomFields("WORK_ORDER");
  const base = useMemo(() => {
    const list = (steps.data?.allSteps ?? []).filter((s) => !s.inactive);
    const projects = new Map(list.map((s) => [s.projectId, s.projectDescription]));
    return {
      steps: list.map((s) => ({ value: s.id, label: `${s.projectDescription}: ${s.description}` })),
      projects: [...projects].map(([value, label]) => ({ value, label })),
      zoneRoles: canReadZoneRoles
        ? (roles.data?.personTerritoryRoles ?? []).map((r) => ({ value: r.id, label: r.name }))
        : null,
    };
  }, [steps.data, roles.data, canReadZoneRoles]);
  return (tableId) => {
    const fields = tableId === "WORK_ORDER" ? workOrderFields.data : activityFields.data;
    return {
      ...base,
      customFields: (fields?.customFields ?? []).map((f) => ({
        value: f.id,
        label: f.name,
        recordTableId: f.type === "TABLE_RECORD" ? f.selectionTableId : null,
      })),
    };
  };
}
