import { PlusIcon } from "lucide-react";
import { useEffect } from "react";
import { FormDialog, SelectField, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type SetupMilestone, type SetupProject, type SetupStep, useCreateStep } from "../api";
import { type NewStepValues, newStepSchema } from "../schema";
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
  open,
  onOpenChange,
  projectId,
  projects,
  steps,
  milestones,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project the list is filtered by, chosen to start with ("" for none). */
  projectId: string;
  projects: SetupProject[];
  steps: SetupStep[];
  milestones: SetupMilestone[];
  onCreated: (projectId: string) => void;
}) {
  const form = useZodForm(newStepSchema, defaults(projectId, steps));
  const create = useCreateStep({ onSuccess: (_r, v) => onCreated(v.projectId) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: start again each time the dialog opens
  useEffect(() => {
    if (open) form.reset(defaults(projectId, steps));
  }, [open]);

  // Another project: its next sort level, unless one was typed.
  const chosen = form.watch("projectId");
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the chosen project only
  useEffect(() => {
    if (chosen && !form.getFieldState("sortLevel").isDirty)
      form.setValue("sortLevel", String(nextSortLevel(steps, chosen)));
  }, [chosen]);

  const { errors } = form.formState;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="New step"
      description="A step of a project's process. Who gets its work and the rest are set on the step's page."
      formLabel="New step"
      submitLabel="Add step"
      submitIcon={<PlusIcon aria-hidden="true" />}
      pending={create.isPending}
      labels={{ description: "step description", defaultLengthMinutes: "default length", milestoneId: "milestone" }}
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
      <FormField label="Description" error={errors.description?.message} required>
        <Input placeholder="e.g. Site survey" {...form.register("description")} />
      </FormField>
      <StepStageFields form={form} milestones={milestones} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          label="Sort level"
          error={errors.sortLevel?.message}
          description="Steps run from the lowest level up."
          required
        >
          <Input inputMode="numeric" className="tabular-nums" {...form.register("sortLevel")} />
        </FormField>
        <FormField label="Default length (minutes)" error={errors.defaultLengthMinutes?.message} required>
          <Input inputMode="numeric" className="tabular-nums" {...form.register("defaultLengthMinutes")} />
        </FormField>
      </div>
    </FormDialog>
  );
}
