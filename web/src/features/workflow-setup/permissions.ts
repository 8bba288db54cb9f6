import { useHasPermission } from "@/lib/permissions";

/** What the setup screens let this employee do (the API enforces the same). */
export function useWorkflowSetupPermissions() {
  const has = useHasPermission();
  return {
    canConfigure: has("WORKFLOW_CONFIGURATION"),
    /** Territory roles are readable with territory management or mapping. */
    canReadZoneRoles: has("TERRITORY_MANAGEMENT") || has("MAPPING"),
  };
}
