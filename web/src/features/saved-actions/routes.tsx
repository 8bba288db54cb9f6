import { lazyPage } from "@/lib/lazy-page";

// Saved actions: the list and one saved action (editor, preview, run with progress, undo).
export const SavedActionsRoute = lazyPage("team-saved-actions", () => import("./pages/saved-actions-page"));
export const SavedActionRoute = lazyPage("team-saved-action", () => import("./pages/saved-action-page"));
