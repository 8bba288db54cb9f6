import { lazyPage } from "@/lib/lazy-page";

// Lead CSV imports: importing a file, and the files imported before.
export const ImportLeadsRoute = lazyPage("team-lead-import", () => import("./pages/import-page"));
export const PreviousImportsRoute = lazyPage(
  "team-lead-previous-imports",
  () => import("./pages/import-previous-page"),
);
