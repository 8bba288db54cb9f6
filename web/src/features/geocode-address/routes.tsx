import { lazyPage } from "@/lib/lazy-page";

// The geocode-address page loads as its own chunk (and its map, MapLibre, as another).
export const GeocodeAddressRoute = lazyPage("team-geocode-address", () => import("./page"));
