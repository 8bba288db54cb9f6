import { useEffect } from "react";
import { useDialogForm } from "@/components/edit-or-new-dialog";
import { type DialogState, NumberTextField, SelectField, TextField } from "@/components/form";
import { NewRecordDialog } from "@/components/record-forms";
import { type SetupMilestone, type SetupProject, type SetupStep, useCreateStep } from "../api";
import { type NewStepValues, newStepSchema, STEP_FORMS } from "../schema";
import { StepStageFields } from "./step-stage-fields";

/** After the project's last step: its highest sort level plus 10 (10 for a project without steps). */
export const nextSortLevel = (steps: SetupStep[], projectId: string) => {
  const levels = steps.filter((s) => s.projectId === projectId).map((s) => s.sortLevel);
  return levels.length ? Math.max(...levels) + 10 : 10;
};

const defaults = (projectId: string, steps: SetupStep[]): NewStepValues => ({
  projectId,
  description: "",
  funnelPosition: "OTHER",
  milestoneId: "",
  sortLevel: projectId ? String(nextSortLevel(steps, projectId)) : "10",
  defaultLengthMinutes: "30",
});

/**
 * Adds a step to a project: what the list shows first (description, funnel position, milestone,
 * place in the order, length); the rest starts from the usual defaults and is set on the step's page.
 */
export function NewStepDialog({
  projectId,
  projects,
  steps,
  milestones,
  onCreated,
  ...dialog
}: DialogState & {
  /** The project the list is filtered by, chosen to start with ("" for none). */
  projectId: string;
  projects: SetupProject[];
  steps: SetupStep[];
  milestones: SetupMilestone[];
  onCreated: (projectId: string) => void;
}) {
  const { open } = dialog;
  const form = useDialogForm(newStepSchema, open, () => defaults(projectId, steps));
  const create = useCreateStep({ onSuccess: (_r, v) => onCreated(v.projectId) });

  // Another project: its next sort level, unless one was typed.
  const chosen = form.watch("projectId");
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the chosen project only
  useEffect(() => {
    if (chosen && !form.getFieldState("sortLevel").isDirty)
      form.setValue("sortLevel", String(nextSortLevel(steps, chosen)));
  }, [chosen]);

  return (
    <NewRecordDialog
      {...dialog}
      forms={STEP_FORMS}
      form={form}
      pending={create.isPending}
      onSubmit={(v: NewStepValues) =>
        create.mutateQuietly({
          projectId: v.projectId,
          input: {
            description: v.description,
            funnelPosition: v.funnelPosition,
            milestoneId: v.milestoneId,
            sortLevel: Number(v.sortLevel),
            defaultLengthMinutes: Number(v.defaultLengthMinutes),
          },
        })
      }
    >
      <SelectField
        control={form.control}
        name="projectId"
        label="Project"
        placeholder="Choose a project…"
        options={projects
          .filter((p) => !p.inactive || p.id === projectId)
          .map((p) => ({ value: p.id, label: p.description }))}
        required
      />
      <TextField
        control={form.control}
        name="description"
        label="Description"
        required
        placeholder="e.g. Site survey"
      />
      <StepStageFields form={form} milestones={milestones} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <NumberTextField
          control={form.control}
          name="sortLevel"
          label="Sort level"
          description="Steps run from the lowest level up."
          required
        />
        <NumberTextField control={form.control} name="defaultLengthMinutes" label="Default length (minutes)" required />
      </div>
    </NewRecordDialog>
  );
}
