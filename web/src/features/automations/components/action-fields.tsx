import { type Control, Controller, type FieldValues, useWatch } from "react-hook-form";
import { optionsOf, SelectField, type SelectOption, TextField } from "@/components/form";
import { RecordPicker } from "@/components/form/record-picker";
import { FormField } from "@/components/ui/form-field";
import type { ActionType } from "../api";
import { ASSIGNEE_LABELS, MAIL_TARGET_LABELS } from "../labels";
import { PersonField } from "./fields";

/** What the action editor's selects offer: active steps, territory roles and the records' custom fields. */
export type ActionOptions = {
  steps: SelectOption[];
  /** Null without the permission to read territory roles. */
  zoneRoles: SelectOption[] | null;
  /** `recordTableId`: a TABLE_RECORD field's table (its value is then picked, not typed). */
  customFields: CustomFieldOption[];
};

export type CustomFieldOption = SelectOption & { recordTableId?: string | null };

/** How a feature words the action editor: the same action shapes, named for the records they run on. */
export type ActionWording = {
  /** Each type's name in the Action select. */
  types: Record<ActionType, string>;
  /** The Resolve action's step select, and what its empty choice means (null: a step must be chosen). */
  resolve: { label: string; own: string | null };
  /** The custom field select's placeholder when the records have no custom fields. */
  noCustomFields: string;
  /** Said while the list is empty (where an empty list is allowed). */
  empty?: string;
};

/** A select whose long choice (a project's step) is cut with an ellipsis instead of widening the form. */
const FIT = "min-w-0 [&>span]:min-w-0 [&>span]:truncate";

/** One action's settings, by its type; `path` is the action's place in the form ("actions.2"). */
export function ActionFields({
  control,
  path,
  options,
  wording,
}: {
  control: Control<FieldValues>;
  path: string;
  options: ActionOptions;
  wording: ActionWording;
}) {
  const at = (k: string) => `${path}.${k}`;
  const [type, assignee, to, fieldId] = useWatch({
    control,
    name: [at("type"), at("assignee"), at("to"), at("fieldId")],
  });
  const recordTableId = options.customFields.find((f) => f.value === fieldId)?.recordTableId;
  const assignees = optionsOf(ASSIGNEE_LABELS).filter((o) => o.value !== "ZONE_ROLE" || options.zoneRoles);

  if (type === "CREATE_ACTIVITY")
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          control={control}
          name={at("stepId")}
          label="Step"
          options={options.steps}
          placeholder="Choose a step…"
          required
          className="min-w-0"
          triggerClassName={FIT}
        />
        <TextField control={control} name={at("subject")} label="Subject" required />
        <SelectField control={control} name={at("assignee")} label="Assign to" options={assignees} />
        {assignee === "PERSON" ? <PersonField control={control} name={at("personId")} label="Person" /> : null}
        {assignee === "ZONE_ROLE" && options.zoneRoles ? (
          <SelectField control={control} name={at("zoneRoleId")} label="Territory role" options={options.zoneRoles} />
        ) : null}
        <TextField
          control={control}
          name={at("dueInMinutes")}
          label="Due in (minutes)"
          inputMode="numeric"
          description="0 is at once; 1440 is a day later."
        />
        <TextField control={control} name={at("details")} label="Details" multiline className="sm:col-span-2" />
      </div>
    );
  if (type === "RESOLVE_ACTIVITY")
    return (
      <SelectField
        control={control}
        name={at("stepId")}
        label={wording.resolve.label}
        {...(wording.resolve.own !== null
          ? { emptyLabel: wording.resolve.own }
          : { placeholder: "Choose a step…", required: true })}
        options={options.steps.map((s) => ({ value: s.value, label: `Open activities at ${s.label}` }))}
        className="min-w-0"
        triggerClassName={FIT}
      />
    );
  if (type === "SET_CUSTOM_FIELD")
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          control={control}
          name={at("fieldId")}
          label="Custom field"
          options={options.customFields}
          placeholder={options.customFields.length ? "Choose a field…" : wording.noCustomFields}
        />
        {recordTableId ? (
          <Controller
            control={control}
            name={at("value")}
            render={({ field, fieldState }) => (
              <FormField label="New value" error={fieldState.error?.message}>
                {(controlProps) => (
                  <RecordPicker
                    {...controlProps}
                    ref={field.ref}
                    tableId={recordTableId}
                    value={(field.value as string | undefined) ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    label="New value"
                  />
                )}
              </FormField>
            )}
          />
        ) : (
          <TextField control={control} name={at("value")} label="New value" />
        )}
      </div>
    );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField control={control} name={at("to")} label="To" options={optionsOf(MAIL_TARGET_LABELS)} />
      {to === "ADDRESS" ? (
        <TextField control={control} name={at("address")} label="Mail address" />
      ) : (
        <div className="hidden sm:block" />
      )}
      <TextField control={control} name={at("subject")} label="Mail subject" className="sm:col-span-2" />
      <TextField control={control} name={at("body")} label="Text" multiline className="sm:col-span-2" />
    </div>
  );
}
