import { z } from "zod";
import { optionalText, requiredText } from "../../validation.ts";

// A saved action: a name, a shortcut, and a filter over the shortcut's records, resolved when it runs.
// The filter is small on purpose: what an employee narrows a list by, per table.

export const LIMITS = { name: 100, description: 1000, olderThanDays: 3650, id: 100 } as const;

/** The tables a saved action can select from, and which statuses each filter knows. */
export const FILTER_STATUSES = {
  ACTIVITY: ["OPEN", "RESOLVED"],
  PROJECT_THREAD: ["OPEN", "CLOSED"],
  CUSTOMER: ["ACTIVE", "INACTIVE", "PROSPECT"],
} as const;
export type FilterTable = keyof typeof FILTER_STATUSES;
export const isFilterTable = (t: string): t is FilterTable => t in FILTER_STATUSES;

export type SavedFilter = {
  projectId?: string;
  stepId?: string;
  status?: string;
  assignedPersonId?: string;
  olderThanDays?: number;
};

const id = (what: string) => z.string().trim().max(LIMITS.id, `${what}: that id is not valid.`).optional();

export const filterSchema = z.object({
  projectId: id("Project"),
  stepId: id("Step"),
  status: z.string().trim().max(20, "Status is not one this list knows.").optional(),
  assignedPersonId: id("Assigned to"),
  olderThanDays: z
    .number()
    .int("Older than: a whole number of days.")
    .min(0, `Older than: between 0 and ${LIMITS.olderThanDays} days.`)
    .max(LIMITS.olderThanDays, `Older than: between 0 and ${LIMITS.olderThanDays} days.`)
    .optional(),
});

export const savedActionSchema = z.object({
  name: requiredText("Name", LIMITS.name),
  description: optionalText("Description", LIMITS.description),
  shortcutId: z.string().trim().min(1, "Pick a shortcut.").max(LIMITS.id, "Pick a shortcut."),
  isPublic: z.boolean().default(false),
  filter: filterSchema.default({}),
});
