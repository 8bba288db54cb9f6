import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FieldShell, SelectField } from "@/components/form";
import { PersonSelect } from "@/features/personnel/components/person-select";
import type { AutomationEventInfo } from "../api";

// The action and condition editors' own person input (automations and shortcuts), bound to a path of
// the form it is in, with the error of that path (the client's check or the server's refusal naming
// it) under it. Their text inputs are the form kit's TextField.

/** A person picked from the branch's people, by id. */
export function PersonField<T extends FieldValues>(shell: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  className?: string;
}) {
  return (
    <FieldShell {...shell}>
      {(field, control) => (
        <PersonSelect {...control} value={String(field.value ?? "")} onValueChange={field.onChange} />
      )}
    </FieldShell>
  );
}

/** What starts an automation ("When", one of `events`) and its owner, told when a run fails. */
export function EventOwnerFields<T extends { event: string; ownerPersonId: string }>({
  control,
  events,
}: {
  control: Control<T>;
  events: readonly AutomationEventInfo[];
}) {
  return (
    <>
      <SelectField
        control={control}
        name={"event" as FieldPath<T>}
        label="When"
        required
        options={events.map((e) => ({ value: e.event, label: e.label }))}
      />
      <PersonField
        control={control}
        name={"ownerPersonId" as FieldPath<T>}
        label="Owner"
        description="Told when a run fails."
      />
    </>
  );
}
