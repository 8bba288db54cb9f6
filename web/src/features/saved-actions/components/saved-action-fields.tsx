import { useMemo } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { SelectField, SwitchField, TextField } from "@/components/form";
import { PersonField } from "@/features/automations/components/fields";
import { useShortcuts } from "@/features/shortcuts/api";
import { tableLabel } from "@/features/shortcuts/labels";
import { useSetupSteps } from "@/features/workflow-setup/api";
import { ANY, type SavedActionValues, STATUS_LABELS } from "../schema";

/** The table of the picked shortcut (what the filter selects), once the shortcuts are loaded. */
export function usePickedTable(form: UseFormReturn<SavedActionValues>) {
  const shortcutId = useWatch({ control: form.control, name: "shortcutId" });
  const shortcuts = useShortcuts({ includeInactive: false });
  // A saved action filters threads, activities or customers; work orders and leads are run on from their own lists.
  const list =
    shortcuts.data?.workflowShortcuts.filter((s) => s.tableId !== "WORK_ORDER" && s.tableId !== "LEAD") ?? [];
  return { tableId: list.find((s) => s.id === shortcutId)?.tableId, shortcuts: list };
}

/** Name, the shortcut, the filter parts that fit its records, description and public. */
export function SavedActionFields({ form }: { form: UseFormReturn<SavedActionValues> }) {
  const { tableId, shortcuts } = usePickedTable(form);
  const projectId = useWatch({ control: form.control, name: "projectId" });
  const steps = useSetupSteps();
  const { projects, stepsOf } = useMemo(() => {
    const all = (steps.data?.allSteps ?? []).filter((s) => !s.inactive);
    const byProject = new Map(all.map((s) => [s.projectId, s.projectDescription]));
    return {
      projects: [...byProject].map(([value, label]) => ({ value, label })),
      stepsOf: (p: string) =>
        all
          .filter((s) => p === ANY || s.projectId === p)
          .map((s) => ({
            value: s.id,
            label: p === ANY ? `${s.projectDescription}: ${s.description}` : s.description,
          })),
    };
  }, [steps.data]);
  const any = (label: string) => [{ value: ANY, label }];
  const statuses = Object.entries(STATUS_LABELS[tableId ?? ""] ?? {}).map(([value, label]) => ({ value, label }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField control={form.control} name="name" label="Name" required placeholder="e.g. Close stale first calls" />
      <SelectField
        control={form.control}
        name="shortcutId"
        label="Shortcut"
        required
        placeholder="Pick a shortcut"
        options={shortcuts.map((s) => ({ value: s.id, label: `${s.name} (${tableLabel(s.tableId).toLowerCase()})` }))}
      />
      {tableId && tableId !== "CUSTOMER" ? (
        <>
          <SelectField
            control={form.control}
            name="projectId"
            label="Project"
            options={[...any("Any project"), ...projects]}
          />
          <SelectField
            control={form.control}
            name="stepId"
            label={tableId === "ACTIVITY" ? "Step" : "With open work at step"}
            options={[...any("Any step"), ...stepsOf(projectId)]}
          />
        </>
      ) : null}
      {tableId ? (
        <SelectField control={form.control} name="status" label="Status" options={[...any("Any"), ...statuses]} />
      ) : null}
      {tableId === "ACTIVITY" ? (
        <PersonField control={form.control} name="assignedPersonId" label="Assigned to" />
      ) : null}
      {tableId ? (
        <TextField
          control={form.control}
          name="olderThanDays"
          label="Older than (days)"
          inputMode="numeric"
          placeholder="Any age"
        />
      ) : null}
      <TextField
        control={form.control}
        name="description"
        label="Description"
        multiline
        className="sm:col-span-2"
        placeholder="What it is for, in a sentence your team recognises."
      />
      <SwitchField
        control={form.control}
        name="isPublic"
        label="Public"
        description="Everyone on the team sees and runs it; otherwise only you do."
      />
    </div>
  );
}
