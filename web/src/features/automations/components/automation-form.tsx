import { type Path, useWatch } from "react-hook-form";
import { FormCard, SwitchField, TextField } from "@/components/form";
import { useEditorForm } from "@/components/record-forms";
import { Separator } from "@/components/ui/separator";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { type Automation, type AutomationEventInfo, useEditAutomation } from "../api";
import { ACTION_LABELS } from "../labels";
import { AUTOMATION_LABELS, type AutomationValues, automationSchema, inputOf, partNamedBy, valuesOf } from "../schema";
import { ActionList, type ActionWording } from "./action-list";
import { ConditionList } from "./condition-list";
import type { EditorOptions } from "./editor-options";
import { EventOwnerFields } from "./fields";

/** An automation's actions run on the one record its event is about. */
const ACTION_WORDING: ActionWording = {
  types: ACTION_LABELS,
  resolve: { label: "Which activity", own: "The record's own activity" },
  noCustomFields: "The record has no custom fields",
  empty: "No actions yet: add one before switching it on.",
};

/**
 * The automation's editor: name, event, on/off, owner, its conditions and ordered actions, saved in
 * one go. A refusal about a condition or an action shows on that part's field; leaving with unsaved
 * changes asks first.
 */
export function AutomationForm({
  automation,
  events,
  options,
}: {
  automation: Automation;
  events: readonly AutomationEventInfo[];
  options: (tableId: AutomationEventInfo["tableId"]) => EditorOptions;
}) {
  const edit = useEditAutomation();
  const form = useEditorForm(automationSchema, automation, valuesOf);
  const event = useWatch({ control: form.control, name: "event" });
  const tableId = events.find((e) => e.event === event)?.tableId ?? "ACTIVITY";
  const editorOptions = options(tableId);

  const save = async (values: AutomationValues) => {
    try {
      await edit.mutateQuietly({ id: automation.id, input: inputOf(values) });
    } catch (error) {
      const refusal = error instanceof MutationRefusal ? error : null;
      const part = refusal ? partNamedBy(refusal.message) : null;
      if (!refusal || !part) throw error;
      form.setError(
        part as Path<AutomationValues>,
        { type: "server", message: refusal.message },
        { shouldFocus: true },
      );
      return false;
    }
  };

  return (
    <FormCard
      form={form}
      title="Automation"
      description="When the event happens to a record and every condition holds, the actions run in order."
      submitLabel="Save automation"
      pending={edit.isPending}
      labels={AUTOMATION_LABELS}
      onSubmit={save}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="name" label="Name" required />
        <EventOwnerFields control={form.control} events={events} />
        <SwitchField
          control={form.control}
          name="on"
          label="On"
          description="Off: it does nothing until switched on."
          className="sm:mt-6"
        />
      </div>
      <Separator />
      <ConditionList form={form} tableId={tableId} options={editorOptions} />
      <Separator />
      <ActionList form={form} name="actions" options={editorOptions} wording={ACTION_WORDING} />
    </FormCard>
  );
}
