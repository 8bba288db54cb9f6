import type { UseFormReturn } from "react-hook-form";
import { ActionList as ActionEditor } from "@/features/automations/components/action-list";
import { ACTION_LABELS } from "../labels";
import type { ShortcutValues } from "../schema";
import type { EditorOptions } from "./use-editor-options";

/**
 * A shortcut's actions, done in this order on each record it is run on: at least one; an added one
 * resolves activities. Run on an activity, Resolve may leave the step empty to mean that activity.
 */
export function ActionList({ form, options }: { form: UseFormReturn<ShortcutValues>; options: EditorOptions }) {
  return (
    <ActionEditor
      form={form}
      name="actions"
      options={options}
      min={1}
      added="RESOLVE_ACTIVITY"
      wording={{
        types: ACTION_LABELS,
        resolve: {
          label: "Which activities",
          own: options.tableId === "ACTIVITY" ? "The activity it is run on" : null,
        },
        noCustomFields: "These records have no custom fields",
      }}
    />
  );
}
