import type { ActionType, Shortcut, ShortcutAction, ShortcutTableId } from "./api";

// How the shortcut screens name the records a shortcut applies to, its actions and who gets the work,
// and where a shortcut lives.

/** The records a shortcut can apply to (the server accepts these). */
export const TABLE_LABELS = {
  PROJECT_THREAD: "Project threads",
  ACTIVITY: "Activities",
  CUSTOMER: "Customers",
  WORK_ORDER: "Work orders",
  LEAD: "Leads",
} as const satisfies Partial<Record<ShortcutTableId, string>>;
export type ShortcutTable = keyof typeof TABLE_LABELS;
export const tableLabel = (t: ShortcutTableId) => (TABLE_LABELS as Partial<Record<string, string>>)[t] ?? t;

export const ACTION_LABELS: Record<ActionType, string> = {
  CREATE_ACTIVITY: "Create an activity",
  RESOLVE_ACTIVITY: "Resolve activities",
  SET_CUSTOM_FIELD: "Set a custom field",
  SEND_MAIL: "Send a mail",
};

export const shortcutHref = (s: Pick<Shortcut, "id">) => `/team/shortcuts/${s.id}`;

/** "Create an activity: Water taste test at home" — one line per action, for lists and menus. */
export function actionSummary(a: ShortcutAction, stepName: (id: string) => string | undefined): string {
  if (a.type === "CREATE_ACTIVITY")
    return `Create “${a.subject ?? ""}”${a.stepId ? ` at ${stepName(a.stepId) ?? "a step"}` : ""}`;
  if (a.type === "RESOLVE_ACTIVITY")
    return a.stepId ? `Resolve open work at ${stepName(a.stepId) ?? "a step"}` : "Resolve the activity";
  if (a.type === "SET_CUSTOM_FIELD") return `Set a field to “${a.value ?? ""}”`;
  return `Mail “${a.subject ?? ""}”`;
}
