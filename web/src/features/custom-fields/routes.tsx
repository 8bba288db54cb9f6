import { lazyPage } from "@/lib/lazy-page";

// The custom field pages: the list by record type, and one field's editor.
export const CustomFieldsRoute = lazyPage("team-custom-fields", () => import("./pages/custom-fields-page"));
export const CustomFieldRoute = lazyPage("team-custom-field", () => import("./pages/custom-field-page"));
