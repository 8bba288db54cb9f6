import { lazyPage } from "@/lib/lazy-page";

// Personnel, security and API key pages load as their own chunks.
export const PersonnelRoute = lazyPage("team-personnel", () => import("./pages/personnel-page"));
export const PersonRoute = lazyPage("team-person", () => import("./pages/person-page"));
export const SecurityRoute = lazyPage("team-security", () => import("./pages/security-page"));
export const ApiKeysRoute = lazyPage("team-api-keys", () => import("./pages/api-keys-page"));
