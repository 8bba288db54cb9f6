import { WarehouseIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { Button } from "@/components/ui/button";
import { InventoryList } from "../components/inventory-list";
import { WarehousesDialog } from "../components/warehouses-dialog";
import { useInventoryPermissions } from "../permissions";

/** team/inventory: items, paged on the server, searchable and sortable, with shop status, price and stock. */
export default function InventoryPage() {
  const { canManage } = useInventoryPermissions();
  const [warehousesOpen, setWarehousesOpen] = useState(false);
  return (
    <ListPage
      title="Inventory"
      description="Items, prices, stock and the photos shown in the shop."
      actions={
        <Button variant="outline" onClick={() => setWarehousesOpen(true)}>
          <WarehouseIcon aria-hidden="true" />
          Warehouses
        </Button>
      }
    >
      <WarehousesDialog open={warehousesOpen} onOpenChange={setWarehousesOpen} canManage={canManage} />
      <InventoryList />
    </ListPage>
  );
}
