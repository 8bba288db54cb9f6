import { lazyPage } from "@/lib/lazy-page";

// Lead forms: the list and one form's builder (the public form itself is rendered by the API at /forms/{id}).
export const LeadFormsRoute = lazyPage("team-lead-forms", () => import("./forms-list-page"));
export const LeadFormRoute = lazyPage("team-lead-form", () => import("./forms-builder-page"));
