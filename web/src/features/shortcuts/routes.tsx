import { lazyPage } from "@/lib/lazy-page";

// Workflow shortcuts: the list and one shortcut's editor.
export const ShortcutsRoute = lazyPage("team-shortcuts", () => import("./pages/shortcuts-page"));
export const ShortcutRoute = lazyPage("team-shortcut", () => import("./pages/shortcut-page"));
