import { z } from "zod";
import type { RecordForms } from "@/components/record-forms";
import type { SavedAction, SavedActionInput } from "./api";

// The saved action form ("New saved action" and the editor): name, description, the shortcut, public,
// and the filter's parts that fit the shortcut's records. The server checks the ids and the statuses;
// its refusals land on the field they name.

export const STATUS_LABELS: Record<string, Record<string, string>> = {
  ACTIVITY: { OPEN: "Open", RESOLVED: "Resolved" },
  PROJECT_THREAD: { OPEN: "Open", CLOSED: "Closed" },
  CUSTOMER: { ACTIVE: "Active", INACTIVE: "Inactive", PROSPECT: "Prospect" },
};
export const ANY = "any";

export const savedActionSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters."),
  shortcutId: z.string().min(1, "Pick a shortcut."),
  isPublic: z.boolean(),
  projectId: z.string(),
  stepId: z.string(),
  status: z.string(),
  assignedPersonId: z.string(),
  olderThanDays: z.string().regex(/^(\d{1,4})?$/, "Older than: a whole number of days."),
});
export type SavedActionValues = z.infer<typeof savedActionSchema>;
/** The "New saved action" dialog and the saved action's editor; `labels`: where a refusal naming these lands. */
export const SAVED_ACTION_FORMS: RecordForms = {
  labels: {
    shortcutId: "shortcut",
    projectId: "project",
    stepId: "step",
    assignedPersonId: "assigned to",
    olderThanDays: "older than",
  },
  create: {
    title: "New saved action",
    description: "A shortcut on the records a filter selects, to preview and run again later.",
    submitLabel: "Create saved action",
    className: "max-h-[90dvh] overflow-y-auto sm:max-w-2xl",
  },
  edit: {
    title: "Saved action",
    description: "The shortcut runs on the records the filter selects when it is run (at most 10,000).",
    submitLabel: "Save",
  },
};

export const emptySavedAction = (): SavedActionValues => ({
  name: "",
  description: "",
  shortcutId: "",
  isPublic: false,
  projectId: ANY,
  stepId: ANY,
  status: ANY,
  assignedPersonId: "",
  olderThanDays: "",
});

export const valuesOf = (s: SavedAction): SavedActionValues => ({
  name: s.name,
  description: s.description,
  shortcutId: s.shortcutId,
  isPublic: s.isPublic,
  projectId: s.filter.projectId ?? ANY,
  stepId: s.filter.stepId ?? ANY,
  status: s.filter.status ?? ANY,
  assignedPersonId: s.filter.assignedPersonId ?? "",
  olderThanDays: s.filter.olderThanDays == null ? "" : String(s.filter.olderThanDays),
});

const given = (v: string) => (v && v !== ANY ? v : null);

export const inputOf = (v: SavedActionValues, tableId: string | undefined): SavedActionInput => ({
  name: v.name,
  description: v.description,
  shortcutId: v.shortcutId,
  isPublic: v.isPublic,
  filter: {
    projectId: tableId === "CUSTOMER" ? null : given(v.projectId),
    stepId: tableId === "CUSTOMER" ? null : given(v.stepId),
    status: given(v.status),
    assignedPersonId: tableId === "ACTIVITY" ? given(v.assignedPersonId) : null,
    olderThanDays: v.olderThanDays ? Number.parseInt(v.olderThanDays, 10) : null,
  },
});
