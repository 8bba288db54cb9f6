import { useOverview } from "@/lib/overview";

/** Whether the signed-in employee holds `permission` (ADMINISTRATIVE_SETUP grants every permission). */
export function useHasPermission() {
  const { overview } = useOverview();
  const held = new Set<string>(overview?.employeePermissions ?? []);
  return (permission: string) => held.has("ADMINISTRATIVE_SETUP") || held.has(permission);
}
