import { lazyPage } from "@/lib/lazy-page";

// The retailer referral pages load as their own chunks.
export const RetailerSettingsRoute = lazyPage("team-costco-settings", () => import("./settings-page"));
export const RetailerImportRoute = lazyPage("team-costco-import", () => import("./import-page"));
