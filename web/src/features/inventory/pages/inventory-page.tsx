import { WarehouseIcon } from "lucide-react";
import { useState } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { InventoryList } from "../components/inventory-list";
import { WarehousesDialog } from "../components/warehouses-dialog";
import { useInventoryPermissions } from "../permissions";

/** team/inventory: items, paged on the server, searchable and sortable, with shop status, price and stock. */
export default function InventoryPage() {
  const { canManage } = useInventoryPermissions();
  const [warehousesOpen, setWarehousesOpen] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Inventory" />
      <PageHeader
        title="Inventory"
        description="Items, prices, stock and the photos shown in the shop."
        actions={
          <Button variant="outline" onClick={() => setWarehousesOpen(true)}>
            <WarehouseIcon aria-hidden="true" />
            Warehouses
          </Button>
        }
      />
      <WarehousesDialog open={warehousesOpen} onOpenChange={setWarehousesOpen} canManage={canManage} />
      <InventoryList />
    </div>
  );
}
