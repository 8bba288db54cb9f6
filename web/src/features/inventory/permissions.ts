import { useOverview } from "@/features/account/api";

type Permission = string;

/** Whether the signed-in employee holds `permission` (ADMINISTRATIVE_SETUP grants every permission). */
export function useHasPermission() {
  const { overview } = useOverview();
  const held = new Set<Permission>(overview?.employeePermissions ?? []);
  return (permission: Permission) => held.has("ADMINISTRATIVE_SETUP") || held.has(permission);
}

/** What the inventory screens let this employee change (the API enforces the same). */
export function useInventoryPermissions() {
  const has = useHasPermission();
  return {
    canManage: has("INVENTORY_MANAGEMENT"),
    canPrice: has("INVENTORY_PRICING"),
    canAdjust: has("INVENTORY_ADJUSTMENTS"),
  };
}
