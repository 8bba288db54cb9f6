import { lazyPage } from "@/lib/lazy-page";

// What's new: the public page and the admin console's editor, each its own chunk.
export const WhatsNewRoute = lazyPage("whats-new", () => import("./pages/whats-new-page"));
export const WhatsNewAdminRoute = lazyPage("admin-whats-new", () => import("./pages/whats-new-admin-page"));
