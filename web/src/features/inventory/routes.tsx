import { lazyPage } from "@/lib/lazy-page";

// The inventory pages load as their own chunks; while one loads, the team layout stays and the page
// area shows a skeleton.
export const InventoryRoute = lazyPage("team-inventory", () => import("./pages/inventory-page"));
export const InventoryItemRoute = lazyPage("team-inventory-item", () => import("./pages/inventory-item-page"));
