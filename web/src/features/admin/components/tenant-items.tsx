import { SelectItem } from "@/components/ui/select";
import { useTenants } from "../api";

/** Every tenant as an item of a Select, its id the value. */
export function TenantItems() {
  const tenants = useTenants();
  return (tenants.data?.tenants ?? []).map((t) => (
    <SelectItem key={t.id} value={t.id}>
      {t.name}
    </SelectItem>
  ));
}
