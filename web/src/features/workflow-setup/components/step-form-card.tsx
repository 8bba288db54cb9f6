import { useEffect } from "react";
import { FormCard, NumberTextField, SelectField, TextField, useZodForm } from "@/components/form";
import { SwitchFields, type SwitchSetting } from "@/components/switch-fields";
import { Separator } from "@/components/ui/separator";
import { type SetupMilestone, type SetupPriority, type SetupStep, usePatchStep } from "../api";
import { PERSON_REFUSAL, withRefusalRules } from "../refusals";
import { type Assignee, STEP_FORMS, type StepValues, stepSchema } from "../schema";
import { PersonField } from "./person-field";
import { ReadOnlyNotice } from "./read-only-notice";
import { StepStageFields } from "./step-stage-fields";

const valuesOf = (s: SetupStep): StepValues => ({
  description: s.description,
  sortLevel: String(s.sortLevel),
  funnelPosition: s.funnelPosition,
  milestoneId: s.milestone?.id ?? "",
  assignee: s.defaultZoneRoleId ? "ZONE_ROLE" : s.defaultPersonId ? "PERSON" : "PROJECT",
  defaultPersonId: s.defaultPersonId ?? "",
  defaultZoneRoleId: s.defaultZoneRoleId ?? "",
  defaultPriorityId: s.defaultPriorityId ?? "",
  noAutoResolve: s.noAutoResolve,
  defaultLengthMinutes: String(s.defaultLengthMinutes),
  handledExternally: s.handledExternally,
  comments: s.comments,
  inactive: s.inactive,
});

const ASSIGNEE_LABELS: Record<Assignee, string> = {
  PROJECT: "The project's default person",
  PERSON: "A person",
  ZONE_ROLE: "A territory role in the customer's zone",
};

const SWITCHES: readonly SwitchSetting<StepValues>[] = [
  {
    name: "noAutoResolve",
    label: "No auto-resolve",
    description: "Work at a later step leaves this step's open activities open.",
  },
  {
    name: "handledExternally",
    label: "Handled externally",
    description: "Done by someone outside the team, such as a partner.",
  },
  { name: "inactive", label: "Inactive", description: "Not offered for new work; past work stays." },
];

/** Every field of one step; read-only (no footer, disabled fields) without WORKFLOW_CONFIGURATION. */
export function StepFormCard({
  step,
  canEdit,
  milestones,
  priorities,
  roles,
  className,
}: {
  step: SetupStep;
  canEdit: boolean;
  milestones: SetupMilestone[];
  priorities: SetupPriority[];
  /** Territory roles; null when this employee may not read them. */
  roles: { id: string; name: string }[] | null;
  className?: string;
}) {
  const form = useZodForm(stepSchema, valuesOf(step));
  const patch = usePatchStep();
  // After a save (or someone else's), show the stored values.
  useEffect(() => {
    form.reset(valuesOf(step));
  }, [step, form]);

  const assignee = form.watch("assignee");
  const save = withRefusalRules(form, [[PERSON_REFUSAL, "defaultPersonId"]], (v: StepValues) =>
    patch.mutateQuietly({
      id: step.id,
      input: {
        description: v.description,
        sortLevel: Number(v.sortLevel),
        funnelPosition: v.funnelPosition,
        milestoneId: v.milestoneId,
        // The zone's role holder first, then the step's person; "" clears what the choice leaves out.
        defaultZoneRoleId: v.assignee === "ZONE_ROLE" ? v.defaultZoneRoleId : "",
        defaultPersonId: v.assignee === "PROJECT" ? "" : v.defaultPersonId,
        defaultPriorityId: v.defaultPriorityId,
        noAutoResolve: v.noAutoResolve,
        defaultLengthMinutes: Number(v.defaultLengthMinutes),
        handledExternally: v.handledExternally,
        comments: v.comments,
        inactive: v.inactive,
      },
    }),
  );
  const roleOptions = (roles ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (!roles && step.defaultZoneRoleId) roleOptions.push({ value: step.defaultZoneRoleId, label: "Territory role" });

  return (
    <FormCard
      form={form}
      title="Step details"
      description="What the step is, where it sits in the process and who gets its work."
      submitLabel="Save step"
      canEdit={canEdit}
      pending={patch.isPending}
      labels={{ ...STEP_FORMS.labels, defaultZoneRoleId: "territory role", defaultPriorityId: "priority" }}
      onSubmit={save}
      notice={canEdit ? null : <ReadOnlyNotice what="this step" />}
      className={className}
    >
      <fieldset disabled={!canEdit} className="grid min-w-0 grid-cols-1 gap-4">
        <legend className="sr-only">Step details</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_8rem]">
          <TextField control={form.control} name="description" label="Description" required />
          <NumberTextField control={form.control} name="sortLevel" label="Sort level" required />
        </div>
        <StepStageFields form={form} milestones={milestones} />
        <Separator />
        <SelectField
          control={form.control}
          name="assignee"
          label="Who gets the work"
          description="When whoever adds the activity names nobody. A territory role goes to whoever holds it in the zone of the customer's service address."
          options={Object.entries(ASSIGNEE_LABELS).map(([value, label]) => ({ value, label }))}
        />
        {assignee === "ZONE_ROLE" ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="defaultZoneRoleId"
              label="Territory role"
              placeholder="Choose a role…"
              options={roleOptions}
              description={roles ? undefined : "Choosing a role needs the Territory management or Mapping permission."}
            />
            <PersonField
              control={form.control}
              name="defaultPersonId"
              label="Otherwise"
              description="When the zone has nobody in that role (empty: the project's default person)."
            />
          </div>
        ) : assignee === "PERSON" ? (
          <PersonField control={form.control} name="defaultPersonId" label="Default person" />
        ) : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="defaultPriorityId"
            label="Default priority"
            emptyLabel="No priority"
            options={priorities
              .filter((p) => !p.inactive || p.id === step.defaultPriorityId)
              .map((p) => ({ value: p.id, label: p.inactive ? `${p.name} (inactive)` : p.name }))}
          />
          <NumberTextField
            control={form.control}
            name="defaultLengthMinutes"
            label="Default length (minutes)"
            required
          />
        </div>
        <Separator />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SwitchFields control={form.control} settings={SWITCHES} />
        </div>
        <TextField
          control={form.control}
          name="comments"
          label="Comments"
          description="Notes for whoever does this step."
          multiline
        />
      </fieldset>
    </FormCard>
  );
}
