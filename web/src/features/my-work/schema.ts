import { z } from "zod";

// The work forms. They check what the person must give (a subject, a time, a whole length); the
// server checks the rest (the years a time may fall in, the length's bounds, a person who can take
// work, a step of the project) and its message lands on the field it names.

/** A datetime-local value: the branch's wall time, "2026-11-26T09:30". */
const wallTime = z
  .string()
  .min(1, "Scheduled time is required.")
  .regex(/^\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}/, "Scheduled time is not a valid date and time.");
/** Minutes as typed; empty: the step's default length. */
const minutes = z
  .string()
  .trim()
  .refine((v) => v === "" || /^\d+$/.test(v), "Length must be whole minutes.");

export const rescheduleSchema = z.object({ scheduledTime: wallTime, lengthMinutes: minutes });
export type RescheduleValues = z.infer<typeof rescheduleSchema>;

export const reassignSchema = z.object({
  assignedPersonId: z.string().min(1, "Choose who takes this activity."),
});
export type ReassignValues = z.infer<typeof reassignSchema>;

/** Add an activity to a thread, or edit one (then the step and resolvePrevious are not used). */
export const activitySchema = z.object({
  stepId: z.string().min(1, "Choose the step."),
  subject: z.string().trim().min(1, "Subject is required.").max(200, "Subject must be at most 200 characters."),
  details: z.string().max(4000, "Details must be at most 4000 characters."),
  scheduledTime: wallTime,
  lengthMinutes: minutes,
  /** Empty: the step's default person (or the zone's holder of the step's role). */
  assignedPersonId: z.string(),
  /** Empty: the step's or project's default priority. */
  priorityId: z.string(),
  resolvePrevious: z.boolean(),
});
export type ActivityValues = z.infer<typeof activitySchema>;

/** What a server message starts with, for each field ("The assigned person was not found."). */
export const activityLabels = {
  stepId: "That step",
  lengthMinutes: "Length",
  assignedPersonId: "The assigned person",
  priorityId: "Priority",
} as const;

/** Minutes as the API takes them: null for "the default". */
export const minutesOf = (v: string) => (v.trim() === "" ? null : Number(v));

/**
 * The field of a refusal whose words do not start with the field's name: a person who cannot take
 * work ("Dana Whitfield is inactive and cannot be given work.") or an inactive step.
 */
export function activityFieldOf(message: string): "assignedPersonId" | "stepId" | null {
  if (/cannot be given work\.$/.test(message)) return "assignedPersonId";
  if (/^The step ".*" is inactive\.$/.test(message)) return "stepId";
  return null;
}
