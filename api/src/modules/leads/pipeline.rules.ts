import { z } from "zod";

// What the lead pipeline accepts: a project, filters like a lead view's, and how many leads each step
// shows. Every list is capped before anything is done with it.

export const MAX_FILTER_IDS = 1000;
export const MAX_TAKE_PER_STEP = 100;
export const LEAD_STATUSES = ["ASSIGNED", "DISCARDED", "UNASSIGNED"] as const;

const id = z.string().trim().min(1, "That id is not valid.").max(100, "That id is not valid.");
const ids = (label: string) =>
  z
    .array(id)
    .max(MAX_FILTER_IDS, `Choose at most ${MAX_FILTER_IDS.toLocaleString("en-US")} ${label}.`)
    .optional();

export const pipelineFilter = z
  .object({
    sourceIds: ids("sources"),
    personIds: ids("people"),
    statuses: z.array(z.enum(LEAD_STATUSES)).max(3, "Choose at most 3 statuses.").optional(),
    zoneIds: ids("zones"),
    from: z.date().optional(),
    to: z.date().optional(),
    search: z.string().trim().max(100, "Search must be at most 100 characters.").optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, "The start of the time range must be before its end.");
export type PipelineFilter = z.infer<typeof pipelineFilter>;

export const pipelineQuery = z.object({
  projectId: id,
  where: pipelineFilter,
  takePerStep: z
    .number()
    .int("Leads per step must be a whole number.")
    .min(1, `Leads per step must be between 1 and ${MAX_TAKE_PER_STEP}.`)
    .max(MAX_TAKE_PER_STEP, `Leads per step must be between 1 and ${MAX_TAKE_PER_STEP}.`),
});

export const moveInput = z.object({ leadId: id, stepId: id });
