import { z } from "zod";
import type { RecordForms } from "@/components/record-forms";
import {
  actionFieldPath,
  actionInputOf,
  actionSchema,
  actionValuesOf,
  emptyAction,
} from "@/features/automations/action-values";
import type { Shortcut, ShortcutInput } from "./api";
import type { ShortcutTable } from "./labels";

export { type ActionValues, emptyAction } from "@/features/automations/action-values";

// The shortcut forms: "New shortcut" and the editor share one shape (name, what it applies to, a
// description, order, inactive, and the ordered actions). The server checks the rest; its refusals
// land on the field they name ("Action 2: step not found." on the second action's step).

const TABLES = [
  "PROJECT_THREAD",
  "ACTIVITY",
  "CUSTOMER",
  "WORK_ORDER",
  "LEAD",
] as const satisfies readonly ShortcutTable[];

export const shortcutSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  tableId: z.enum(TABLES),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters."),
  sortOrder: z.string().regex(/^\d{1,6}$/, "Sort order must be a whole number."),
  inactive: z.boolean(),
  actions: z.array(actionSchema).min(1, "Add at least one action.").max(10, "A shortcut has at most 10 actions."),
});
export type ShortcutValues = z.infer<typeof shortcutSchema>;
/** The "New shortcut" dialog and the shortcut's editor; `labels`: where a refusal naming these lands ("Applies to …"). */
export const SHORTCUT_FORMS: RecordForms = {
  labels: { tableId: "applies to", sortOrder: "sort order" },
  create: {
    title: "New shortcut",
    description: "A set of actions your team applies to one record or many in one click.",
    submitLabel: "Create shortcut",
    className: "max-h-[90dvh] overflow-y-auto sm:max-w-2xl",
  },
  edit: {
    title: "Shortcut",
    description: "The actions run in this order on each record it is applied to.",
    submitLabel: "Save shortcut",
  },
};

export const emptyShortcut = (): ShortcutValues => ({
  name: "",
  tableId: "PROJECT_THREAD",
  description: "",
  sortOrder: "0",
  inactive: false,
  actions: [emptyAction()],
});

export function valuesOf(s: Shortcut): ShortcutValues {
  return {
    name: s.name,
    tableId: (TABLES as readonly string[]).includes(s.tableId) ? (s.tableId as ShortcutTable) : "PROJECT_THREAD",
    description: s.description,
    sortOrder: String(s.sortOrder),
    inactive: s.inactive,
    actions: s.actions.map(actionValuesOf),
  };
}

export function inputOf(v: ShortcutValues): ShortcutInput {
  return {
    name: v.name,
    tableId: v.tableId,
    description: v.description,
    sortOrder: Number.parseInt(v.sortOrder, 10),
    inactive: v.inactive,
    actions: v.actions.map(actionInputOf),
  };
}

/** The action field a server refusal names: "Action 2: step not found." is the second action's step. */
export function actionFieldNamedBy(message: string): string | null {
  const m = /^Action (\d+): (.*)$/s.exec(message);
  if (!m) return null;
  return actionFieldPath(Number(m[1]) - 1, m[2]!);
}
