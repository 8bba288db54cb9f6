import { type UseFormReturn, useWatch } from "react-hook-form";
import { optionsOf, SelectField } from "@/components/form";
import { PersonField, TextField } from "@/features/automations/components/fields";
import { ASSIGNEE_LABELS, MAIL_TARGET_LABELS } from "../labels";
import type { ShortcutValues } from "../schema";
import type { EditorOptions } from "./use-editor-options";

/** A select whose long choice (a project's step) is cut with an ellipsis instead of widening the form. */
const FIT = "min-w-0 [&>span]:min-w-0 [&>span]:truncate";

/** One action's settings, by its type. */
export function ActionFields({
  form,
  index,
  options,
}: {
  form: UseFormReturn<ShortcutValues>;
  index: number;
  options: EditorOptions;
}) {
  const { control } = form;
  const at = <K extends string>(k: K) => `actions.${index}.${k}` as `actions.${number}.${K}`;
  const [type, assignee, to] = useWatch({ control, name: [at("type"), at("assignee"), at("to")] });
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
        label="Which activities"
        {...(options.tableId === "ACTIVITY"
          ? { emptyLabel: "The activity it is run on" }
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
          placeholder={options.customFields.length ? "Choose a field…" : "These records have no custom fields"}
        />
        <TextField control={control} name={at("value")} label="New value" />
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
