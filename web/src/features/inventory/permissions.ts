import { useHasPermission } from "@/lib/permissions";

/** What the inventory screens let this employee change (the API enforces the same). */
export function useInventoryPermissions() {
  const has = useHasPermission();
  return {
    canManage: has("INVENTORY_MANAGEMENT"),
    canPrice: has("INVENTORY_PRICING"),
    canAdjust: has("INVENTORY_ADJUSTMENTS"),
  };
}
