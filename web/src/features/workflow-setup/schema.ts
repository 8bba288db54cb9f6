import { z } from "zod";
import type { RecordForms } from "@/components/record-forms";
import { FUNNEL_POSITIONS } from "./labels";

// Form schemas of the workflow setup screens. Messages are the server's own, so a mistake reads the
// same whether the browser or the API catches it. Numbers are typed as text and checked here.

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

const wholeNumber = (
  label: string,
  min: number,
  max: number,
  range: string,
  whole = `${label} must be a whole number.`,
) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .regex(/^-?\d+$/, whole)
    .refine((v) => Number(v) >= min && Number(v) <= max, range);

const sortNumber = (label: string) =>
  wholeNumber(label, -100_000, 100_000, `${label} must be between -100000 and 100000.`);

/** The type select's value that opens "new type" (a select item cannot be ""). */
export const NEW_TYPE = "__new__";

export const projectSchema = z
  .object({
    description: text("Project description", 100),
    typeId: z.string(),
    newTypeName: z.string().trim().max(60, "Project type name must be at most 60 characters."),
    defaultPersonId: z.string(),
    defaultPriorityId: z.string(),
    allowOrphans: z.boolean(),
    marketing: z.boolean(),
    inactive: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.typeId === NEW_TYPE && !v.newTypeName)
      ctx.addIssue({ code: "custom", path: ["newTypeName"], message: "Project type name is required." });
  });
export type ProjectValues = z.infer<typeof projectSchema>;

/** Who gets a step's work when the caller names nobody. */
export const ASSIGNEES = ["PROJECT", "PERSON", "ZONE_ROLE"] as const;
export type Assignee = (typeof ASSIGNEES)[number];

const stepFields = {
  description: text("Step description", 100),
  funnelPosition: z.enum(FUNNEL_POSITIONS),
  milestoneId: z.string(),
  defaultLengthMinutes: wholeNumber(
    "Default length",
    1,
    1440,
    "Default length must be between 1 and 1440 minutes.",
    "Default length must be whole minutes.",
  ),
  sortLevel: sortNumber("Sort level"),
};

export const newStepSchema = z.object({ projectId: z.string().min(1, "Choose a project."), ...stepFields });
export type NewStepValues = z.infer<typeof newStepSchema>;
/** The "New step" dialog; the step's card names the same fields the same way. */
export const STEP_FORMS: RecordForms = {
  labels: { description: "step description", defaultLengthMinutes: "default length", milestoneId: "milestone" },
  create: {
    title: "New step",
    description: "A step of a project's process. Who gets its work and the rest are set on the step's page.",
    submitLabel: "Add step",
  },
};

export const stepSchema = z
  .object({
    ...stepFields,
    assignee: z.enum(ASSIGNEES),
    defaultPersonId: z.string(),
    defaultZoneRoleId: z.string(),
    defaultPriorityId: z.string(),
    noAutoResolve: z.boolean(),
    handledExternally: z.boolean(),
    comments: z.string().trim().max(1000, "Comments must be at most 1000 characters."),
    inactive: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.assignee === "PERSON" && !v.defaultPersonId)
      ctx.addIssue({ code: "custom", path: ["defaultPersonId"], message: "Choose the person who gets the work." });
    if (v.assignee === "ZONE_ROLE" && !v.defaultZoneRoleId)
      ctx.addIssue({ code: "custom", path: ["defaultZoneRoleId"], message: "Choose the territory role." });
  });
export type StepValues = z.infer<typeof stepSchema>;

export const milestoneSchema = z.object({
  name: text("Milestone name", 60),
  sortOrder: sortNumber("Sort order"),
  type: z.string().trim().max(40, "Milestone type must be at most 40 characters."),
});
export type MilestoneValues = z.infer<typeof milestoneSchema>;

export const prioritySchema = z.object({
  name: text("Priority name", 60),
  sortOrder: sortNumber("Sort order"),
  inactive: z.boolean(),
});
export type PriorityValues = z.infer<typeof prioritySchema>;
