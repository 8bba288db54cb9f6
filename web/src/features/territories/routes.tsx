import { lazyPage } from "@/lib/lazy-page";

// The territory pages load as their own chunks; the map page loads MapLibre and terra-draw in a
// further chunk of its own (components/zone-map.tsx), so no other page carries them.
export const TerritoriesRoute = lazyPage("team-territories", () => import("./pages/territories-page"));
export const TerritoryRolesRoute = lazyPage("team-territory-roles", () => import("./pages/territory-roles-page"));
export const TerritoryMapRoute = lazyPage("team-territory-map", () => import("./pages/territory-map-page"));
