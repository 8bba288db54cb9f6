import { useHasPermission } from "@/lib/permissions";

/** What the territory screens let this employee change (the API enforces the same): MAPPING only reads. */
export function useTerritoryPermissions() {
  const has = useHasPermission();
  return { canEdit: has("TERRITORY_MANAGEMENT") };
}
