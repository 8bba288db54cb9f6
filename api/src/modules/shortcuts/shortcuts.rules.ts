import { z } from "zod";
import type { TableIdentifier } from "../../generated/prisma/enums.ts";
import { optionalText, requiredText } from "../../validation.ts";
import { LIMITS as AUTOMATION_LIMITS } from "../automations/automations.rules.ts";

// What a workflow shortcut is made of, and the limits checked before any work: a name, the kind of
// record it applies to, and actions done in order (an automation's actions: the same shape, the same
// checks, the same executor).

export const LIMITS = {
  name: 100,
  description: 1000,
  actions: AUTOMATION_LIMITS.actions,
  /** Records a run does in the request (its answer lists each outcome); more go to a job. */
  entities: 200,
  /** Records one run may name (a large run goes to a job, with progress and undo). */
  bulk: 10_000,
  idempotencyKey: 100,
  sortOrder: 100_000,
} as const;

/** The records a shortcut can act on, with the word a message uses for one. */
export const SHORTCUT_TABLES = {
  PROJECT_THREAD: "Project thread",
  ACTIVITY: "Activity",
  CUSTOMER: "Customer",
  WORK_ORDER: "Work order",
  LEAD: "Lead",
} as const satisfies Partial<Record<TableIdentifier, string>>;
export type ShortcutTable = keyof typeof SHORTCUT_TABLES;
export const shortcutTables = Object.keys(SHORTCUT_TABLES) as [ShortcutTable, ...ShortcutTable[]];

export const shortcutSchema = z.object({
  name: requiredText("Name", LIMITS.name),
  description: optionalText("Description", LIMITS.description),
  tableId: z.enum(shortcutTables, {
    message: `A shortcut applies to one of: ${Object.values(SHORTCUT_TABLES).join(", ").toLowerCase()}.`,
  }),
  inactive: z.boolean().default(false),
  sortOrder: z
    .number()
    .int("Sort order must be a whole number.")
    .min(0, `Sort order must be between 0 and ${LIMITS.sortOrder}.`)
    .max(LIMITS.sortOrder, `Sort order must be between 0 and ${LIMITS.sortOrder}.`)
    .default(0),
  actions: z
    .array(z.unknown())
    .min(1, "Actions: a shortcut needs at least one action.")
    .max(LIMITS.actions, `Actions: a shortcut has at most ${LIMITS.actions} actions.`),
});
