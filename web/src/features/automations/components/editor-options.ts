import type { SelectOption } from "@/components/form";
import type { CustomFieldOption } from "./action-fields";

/** What the editor's selects offer: the branch's steps, territory roles and the event record's custom fields. */
export type EditorOptions = {
  steps: SelectOption[];
  projects: SelectOption[];
  /** Null without the permission to read territory roles. */
  zoneRoles: SelectOption[] | null;
  customFields: CustomFieldOption[];
};
